import Dispatch
import Foundation
import Synchronization
import Testing

/// What a program did: its exit status, or the signal that ended it, and what it wrote.
public struct ProgramRun: Sendable {
  /// The exit status, or the signal that ended the process when ``killedBySignal``.
  public var status: Int32
  /// Whether a signal ended the process.
  public var killedBySignal: Bool
  /// Everything the program wrote to standard output, unless it went to a file.
  public var stdout: Data
  /// Everything the program wrote to standard error, as UTF-8 text.
  public var stderr: String
  /// Standard output as UTF-8 text.
  public var text: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs other programs for the tests: the built `bidi-fix`, and the tools whose answers the tests
/// compare with (`msgfmt`, `java`, `fribidi`, ICU programs, `tmux`).
///
/// Pipes are made close-on-exec, and pipes made and children started under one lock. Foundation's
/// `Pipe` leaves both ends inheritable, so a child started meanwhile, above all one that outlives
/// its test (the tmux server) or runs for seconds (a huge-line run), could keep another test's pipe
/// open, and that test would wait for an end of input that never came. Start every child through
/// ``run(_:_:input:environment:timeout:stdout:closeStdoutAfter:)`` or
/// ``spawn(_:environment:standardFiles:)``, which both take the lock.
public enum Program {
  /// Runs `program` with `arguments` in `folder` to its end, with standard output and error in one
  /// pipe, so that its messages keep the order it wrote them in (a build's, a hook runner's).
  ///
  /// - Throws: ``ProgramError`` when the program is not found or cannot start.
  /// - Complexity: O(*n*) in what the program writes, plus its own running time.
  public static func runCombined(
    _ program: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]
  ) throws -> CombinedRun {
    guard let path = program.contains("/") ? program : path(of: program) else {
      throw ProgramError(description: "\(program) is not on PATH")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = pipe()
    process.standardOutput = output
    process.standardError = output
    do {
      try lock.withLock { try process.run() }
    } catch {
      throw ProgramError(description: "\(path) did not start: \(error)")
    }
    let written = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CombinedRun(status: process.terminationStatus, output: String(decoding: written, as: UTF8.self))
  }

  /// Held while pipes are made and children started.
  private static let lock = NSLock()

  /// A pipe whose two ends no child inherits.
  private static func pipe() -> Pipe {
    lock.withLock {
      let pipe = Pipe()
      for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
      return pipe
    }
  }

  /// The path of the program `name` on `PATH`, or `nil` when there is none.
  ///
  /// - Complexity: O(*d*) file checks for the *d* folders of `PATH`.
  public static func path(of name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `program` (a path, or a name looked up on `PATH`) with `input` on its standard input and
  /// waits for it. A run that takes longer than `timeout` seconds is killed and recorded as a
  /// failure: a hang is a bug.
  ///
  /// - Parameters:
  ///   - environment: changes to the inherited environment; a `nil` value removes the variable.
  ///   - stdout: a file to write standard output to instead of capturing it.
  ///   - closeStdoutAfter: reads only this many bytes of standard output, then closes the pipe, as
  ///     `| head -c` does.
  ///   - directory: the working directory to run in (with `PWD` naming it), instead of the test's.
  /// - Throws: ``ProgramError`` when the program is not found or cannot start.
  /// - Complexity: O(*n*) in what the program reads and writes, plus its own running time.
  public static func run(
    _ program: String, _ arguments: [String], input: Data = Data(), environment: [String: String?] = [:],
    timeout: Double = 60, stdout stdoutURL: URL? = nil, closeStdoutAfter: Int? = nil, directory: URL? = nil
  ) throws -> ProgramRun {
    guard let path = program.contains("/") ? program : path(of: program) else {
      throw ProgramError(description: "\(program) is not on PATH")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    if let directory {
      process.currentDirectoryURL = directory
      inherited["PWD"] = directory.path
    }
    for (key, value) in environment { inherited[key] = value }
    process.environment = inherited
    let stdinPipe = pipe()
    let stdoutPipe = pipe()
    let stderrPipe = pipe()
    process.standardInput = stdinPipe
    if let stdoutURL {
      process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    } else {
      process.standardOutput = stdoutPipe
    }
    process.standardError = stderrPipe
    do {
      try lock.withLock { try process.run() }
    } catch {
      throw ProgramError(description: "\(path) did not start: \(error)")
    }
    let group = DispatchGroup()
    let output = Captured()
    // Each blocking read and the write get a thread of their own. On GCD's shared pool, tests
    // running side by side (slowly, under a sanitizer) held every worker in a blocking read, and
    // a child's input was never written: it waited on its stdin until the timeout.
    func onOwnThread(inGroup: Bool = true, _ work: @escaping @Sendable () -> Void) {
      if inGroup { group.enter() }
      Thread {
        work()
        if inGroup { group.leave() }
      }.start()
    }
    onOwnThread {
      if stdoutURL != nil { return }
      if let closeStdoutAfter {
        output.set(stdout: stdoutPipe.fileHandleForReading.readData(ofLength: closeStdoutAfter))
        try? stdoutPipe.fileHandleForReading.close()
      } else {
        output.set(stdout: stdoutPipe.fileHandleForReading.readDataToEndOfFile())
      }
    }
    onOwnThread { output.set(stderr: stderrPipe.fileHandleForReading.readDataToEndOfFile()) }
    onOwnThread(inGroup: false) {
      // The child may stop reading early (a closed output); a write to its closed stdin must not
      // kill the test process.
      signal(SIGPIPE, SIG_IGN)
      try? stdinPipe.fileHandleForWriting.write(contentsOf: input)
      try? stdinPipe.fileHandleForWriting.close()
    }
    if group.wait(timeout: DispatchTime.now() + timeout) == .timedOut {
      process.terminate()
      Issue.record("\(program) \(arguments) did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    let (stdout, stderr) = output.values
    return ProgramRun(
      status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
      stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Starts `arguments[0]` (a path, or a name looked up on `PATH`) with `posix_spawn` under the lock
  /// and returns its process id at once, for a child the caller waits for itself: one that outlives
  /// the call (a tmux server), or one it watches as it runs. Its standard input, output and error
  /// are the files `standardFiles` names, opened with their flags (new files get mode 0600).
  ///
  /// Foundation's `Process` waits for every descendant that inherited its bookkeeping descriptor,
  /// and reads nothing into a file: these children need neither.
  ///
  /// - Parameter environment: changes to the inherited environment; a `nil` value removes the
  ///   variable.
  /// - Throws: ``ProgramError`` when the child cannot start.
  /// - Complexity: O(*n*) in the size of the arguments and the environment.
  public static func spawn(
    _ arguments: [String], environment: [String: String?] = [:],
    standardFiles: [(path: String, flags: Int32)]
  ) throws -> pid_t {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = unsafe posix_spawn_file_actions_t()
    #endif
    unsafe posix_spawn_file_actions_init(&actions)
    defer { unsafe posix_spawn_file_actions_destroy(&actions) }
    for (descriptor, file) in standardFiles.prefix(3).enumerated() {
      unsafe posix_spawn_file_actions_addopen(&actions, Int32(descriptor), file.path, file.flags, 0o600)
    }
    var inherited = ProcessInfo.processInfo.environment
    for (key, value) in environment { inherited[key] = value }
    let argv = unsafe arguments.map { unsafe strdup($0) } + [nil]
    let envp = unsafe inherited.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      unsafe argv.forEach { unsafe free($0) }
      unsafe envp.forEach { unsafe free($0) }
    }
    var pid = pid_t()
    let spawned = lock.withLock { unsafe posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) }
    guard spawned == 0 else {
      throw ProgramError(description: unsafe "posix_spawn \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    return pid
  }

  /// What the reading threads captured, handed over under a lock.
  private final class Captured: Sendable {
    private let storage = Mutex((stdout: Data(), stderr: Data()))

    func set(stdout: Data) { storage.withLock { $0.stdout = stdout } }
    func set(stderr: Data) { storage.withLock { $0.stderr = stderr } }
    var values: (Data, Data) { storage.withLock { ($0.stdout, $0.stderr) } }
  }
}

/// A program that could not be found or started.
public struct ProgramError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, naming the program.
  public let description: String
}

/// What a program run by ``Program/runCombined(_:_:in:environment:)`` did: its exit status, and its
/// standard output and error together.
public struct CombinedRun: Sendable {
  /// The exit status.
  public var status: Int32
  /// Standard output, decoded as UTF-8.
  public var output: String
}

import Foundation
import Testing

/// Runs the built `bidi-fix` executable, as a user would, and captures what it does.
struct BidiFixRun {
  /// The exit status, or the signal that ended the process when ``killedBySignal``.
  var status: Int32
  var killedBySignal = false
  var stdout: Data
  var stderr: String
  var text: String { String(decoding: stdout, as: UTF8.self) }
}

/// Pipes to child processes, made close-on-exec. Foundation's `Pipe` leaves both ends
/// inheritable; the children the tests start with `posix_spawn` (the tmux server, which outlives
/// its test by a minute, and the huge-line runs of `MeasuredRunner`) inherited whatever pipes other
/// tests had open at that moment, so now and then a child never saw the end of its input, and its
/// test timed out after 60 s. Pipes
/// are made, processes started and tmux spawned under one lock, so that tmux cannot catch a pipe
/// before it is marked, or a descriptor `Process` opens while it starts a child. `Process` puts the
/// child's ends on its standard descriptors, which do not keep the flag.
enum ChildPipes {
  static let lock = NSLock()

  static func make() -> Pipe {
    lock.withLock {
      let pipe = Pipe()
      for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
      return pipe
    }
  }
}

enum BidiFixBinary {
  /// `bidi-fix` sits next to the test bundle in the build folder; the test target depends on the
  /// executable, so `swift build --build-tests` always builds it.
  static let url: URL = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("bidi-fix").path),
      folder.path != "/"
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("bidi-fix")
  }()

  /// Runs `bidi-fix arguments…` with `input` on stdin, in `directory` (with `PWD` naming it) when
  /// one is given. A run that takes longer than `timeout` seconds is killed and recorded as a
  /// failure: a hang is a bug.
  static func run(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:], timeout: Double = 60,
    stdout stdoutURL: URL? = nil, launcher: String? = nil, closeStdoutAfter: Int? = nil, directory: URL? = nil
  ) throws -> BidiFixRun {
    let process = Process()
    if let directory { process.currentDirectoryURL = directory }
    if let launcher {
      // Another program that starts bidi-fix itself (setpriv, a shell), given all the arguments.
      process.executableURL = URL(fileURLWithPath: launcher)
      process.arguments = arguments
    } else {
      process.executableURL = url
      process.arguments = arguments
    }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = nil
    if let directory { env["PWD"] = directory.path }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let stdinPipe = ChildPipes.make()
    let stdoutPipe = ChildPipes.make()
    let stderrPipe = ChildPipes.make()
    process.standardInput = stdinPipe
    if let stdoutURL {
      process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    } else {
      process.standardOutput = stdoutPipe
    }
    process.standardError = stderrPipe
    try ChildPipes.lock.withLock { try process.run() }
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
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
        // Read a little, then close the pipe as `| head` does.
        unsafe out = stdoutPipe.fileHandleForReading.readData(ofLength: closeStdoutAfter)
        try? stdoutPipe.fileHandleForReading.close()
      } else {
        unsafe out = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
      }
    }
    onOwnThread { unsafe err = stderrPipe.fileHandleForReading.readDataToEndOfFile() }
    onOwnThread(inGroup: false) {
      // The child may stop reading early (a closed output); a write to its closed stdin must not
      // kill the test process.
      signal(SIGPIPE, SIG_IGN)
      try? stdinPipe.fileHandleForWriting.write(contentsOf: input)
      try? stdinPipe.fileHandleForWriting.close()
    }
    let deadline = DispatchTime.now() + timeout
    if group.wait(timeout: deadline) == .timedOut {
      process.terminate()
      Issue.record("bidi-fix \(arguments) did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    return unsafe BidiFixRun(
      status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal, stdout: out,
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// Runs `bidi-fix`, reading only the first bytes of its output before closing the pipe.
  static func runClosingStdout(_ arguments: [String], input: Data, launcher: String? = nil) throws -> BidiFixRun {
    try run(arguments, input: input, launcher: launcher, closeStdoutAfter: 4096)
  }

  static func run(_ arguments: [String], input: String) throws -> BidiFixRun {
    try run(arguments, input: Data(input.utf8))
  }
}

/// A temporary folder removed at the end of the test.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("bidi-fix-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String, contents: Data) throws -> URL {
    let file = url.appendingPathComponent(name)
    try contents.write(to: file)
    return file
  }

  deinit {
    // Make unreadable test files removable again.
    if let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) {
      for name in names { unsafe chmod(url.appendingPathComponent(name).path, 0o700) }
    }
    try? FileManager.default.removeItem(at: url)
  }
}

/// Where the project's own fixtures and examples live, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

extension BidiFixBinary {
  static func run(_ arguments: [String], input: String, environment: [String: String]) throws -> BidiFixRun {
    try run(arguments, input: Data(input.utf8), environment: environment)
  }
}

/// Another program, such as `swift` or `pre-commit`, run to its end in `folder`: its exit status, and
/// its standard output and error together, in the order it wrote them.
struct ProgramRun {
  var status: Int32
  var output: String

  static func run(
    _ executable: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]
  ) throws -> ProgramRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = ChildPipes.make()
    process.standardOutput = pipe
    process.standardError = pipe
    try ChildPipes.lock.withLock { try process.run() }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProgramRun(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
  }
}

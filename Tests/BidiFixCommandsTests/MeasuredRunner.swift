import BidiTestSupport
import Foundation
import Testing

/// One run of `bidi-fix`, measured on its own.
struct MeasuredRun {
  var status: Int32
  var stdout: Data
  var stderr: String
  /// The child's own peak resident set in bytes.
  var peakMemory: Int
  /// How ``peakMemory`` was found; anything but `exit` is only a lower bound.
  var peakSource: PeakSource
  var seconds: Double
  var text: String { String(decoding: stdout, as: UTF8.self) }

  enum PeakSource: String {
    /// VmHWM read while the child was stopped on its way out, its memory still mapped: exact.
    case exit
    /// The highest VmHWM seen while polling the running child: it can miss a last rise.
    case polling
  }
}

/// Runs `bidi-fix` with posix_spawn, input from a file and output to files, so nothing in the test
/// process has to keep up with a huge stream, and measures the child's peak memory on its own.
///
/// Why not simply wait4's `ru_maxrss`: posix_spawn starts the child in the test process's address
/// space (vfork), and the kernel carries that space's high-water mark into the child's `maxrss` at
/// exec, so every run would report at least the test process's own peak (77 MB here), over the
/// 32 MB bound for a short line. getrusage(RUSAGE_CHILDREN) is no better: it is shared by every child
/// of a test process whose suites run in parallel. The child's own high-water mark is VmHWM in
/// `/proc/PID/status`, which vanishes with its memory at exit: so the runner attaches to the child
/// with ptrace, asks to stop it at exit (PTRACE_O_TRACEEXIT), reads VmHWM there and lets it go.
/// Where ptrace is not allowed it falls back to polling VmHWM, and says so.
enum MeasuredBinary {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The release build of `bidi-fix` that Scripts/test builds for these runs, when it names one,
  /// so that a 100 MB line takes seconds; otherwise the debug build next to the tests.
  static let path: String = {
    if let release = ProcessInfo.processInfo.environment["BIDI_FIX_RELEASE_BINARY"], !release.isEmpty {
      return release
    }
    return BidiFixBinary.url.path
  }()

  static var isRelease: Bool { path != BidiFixBinary.url.path }

  /// Whether the binary is built with AddressSanitizer: the debug build next to the tests is when
  /// the tests are, which the sanitizer's runtime in this process shows.
  static let isAddressSanitized = unsafe !isRelease && dlsym(nil, "__asan_init") != nil

  static func run(_ arguments: [String], input: URL, in folder: TemporaryFolder, timeout: Double) throws -> MeasuredRun
  {
    // A child that ends before the runner attaches to it or first reads its memory leaves no figure:
    // the run, which is deterministic, is made again, and only a third such run is a failure.
    for _ in 1..<3 {
      if let run = try runOnce(arguments, input: input, in: folder, timeout: timeout) { return run }
    }
    guard let run = try runOnce(arguments, input: input, in: folder, timeout: timeout) else {
      throw Failure(description: "bidi-fix \(arguments): neither ptrace nor /proc could measure its memory")
    }
    return run
  }

  /// One run; `nil` when it ended before either way of measuring its memory could.
  private static func runOnce(
    _ arguments: [String], input: URL, in folder: TemporaryFolder, timeout: Double
  ) throws -> MeasuredRun? {
    let name = UUID().uuidString
    let stdoutURL = folder.url.appendingPathComponent("\(name).out")
    let stderrURL = folder.url.appendingPathComponent("\(name).err")
    defer {
      try? FileManager.default.removeItem(at: stdoutURL)
      try? FileManager.default.removeItem(at: stderrURL)
    }
    let start = DispatchTime.now()
    // Under the lock that makes the tests' pipes close-on-exec: this child, which can run for many
    // seconds, must not keep another test's pipe open.
    let pid = try Program.spawn(
      [path] + arguments, environment: ["NO_COLOR": "1", "COLUMNS": nil],
      standardFiles: [
        (input.path, O_RDONLY), (stdoutURL.path, O_WRONLY | O_CREAT | O_TRUNC),
        (stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC),
      ])
    let traced = Ptrace.seize(pid, options: Ptrace.traceExit)

    var status: Int32 = 0
    var usage = rusage()
    let deadline = start + timeout
    var killed = false
    var polledPeak = 0
    var exitPeak: Int? = nil
    while true {
      let reaped = unsafe wait4(pid, &status, WNOHANG, &usage)
      if reaped == -1 {
        if errno == EINTR { continue }
        throw Failure(description: unsafe "wait4: \(String(cString: strerror(errno)))")
      }
      if reaped == 0 {
        polledPeak = max(polledPeak, highWaterMark(of: pid) ?? 0)
        if !killed && DispatchTime.now() >= deadline {
          // A hang is a bug: kill it and say so.
          kill(pid, SIGKILL)
          killed = true
          Issue.record("bidi-fix \(arguments) did not finish in \(Int(timeout)) s")
        }
        usleep(2_000)
        continue
      }
      // Stopped under ptrace: 0x7F in the low byte, the signal above it, a ptrace event above that.
      if status & 0xFF == 0x7F {
        let signal = (status >> 8) & 0xFF
        let event = status >> 16
        if event == Ptrace.eventExit {
          exitPeak = highWaterMark(of: pid)
          Ptrace.resume(pid, signal: 0)
        } else {
          // A signal on its way to the child: deliver it as if nobody were watching.
          Ptrace.resume(pid, signal: event == 0 ? signal : 0)
        }
        continue
      }
      break
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    if !traced && polledPeak == 0 { return nil }
    // The exit code, or 128 plus the signal for a child a signal ended, as shells report it.
    let signal = status & 0x7F
    let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return MeasuredRun(
      status: exitStatus, stdout: try Data(contentsOf: stdoutURL),
      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self),
      peakMemory: exitPeak ?? polledPeak, peakSource: exitPeak == nil ? .polling : .exit, seconds: seconds)
  }

  /// VmHWM of a live process, in bytes.
  static func highWaterMark(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({
        Int($0.trimmingCharacters(in: .whitespaces))
      })
    else { return nil }
    return kilobytes * 1024
  }
}

/// The few ptrace requests the runner needs. Glibc declares `ptrace` variadic, which Swift does not
/// import, so it is looked up and called with its arguments spelled out: on Linux's x86-64 and
/// AArch64 calling conventions, integer and pointer arguments pass the same way to a variadic
/// function.
enum Ptrace {
  private typealias Function = @convention(c) (CInt, pid_t, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> CLong
  private static let function: Function? = unsafe dlsym(nil, "ptrace").map {
    unsafe unsafeBitCast($0, to: Function.self)
  }

  private static let seizeRequest: CInt = 0x4206
  private static let continueRequest: CInt = 7
  static let traceExit = 0x40
  static let eventExit: Int32 = 6

  /// Attaches to `pid` without stopping it; false when ptrace is not allowed.
  static func seize(_ pid: pid_t, options: Int) -> Bool {
    unsafe function?(seizeRequest, pid, nil, UnsafeMutableRawPointer(bitPattern: options)) == 0
  }

  static func resume(_ pid: pid_t, signal: Int32) {
    _ = unsafe function?(continueRequest, pid, nil, UnsafeMutableRawPointer(bitPattern: Int(signal)))
  }
}

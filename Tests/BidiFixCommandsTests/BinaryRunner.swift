@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation

/// Runs the built `bidi-fix` executable, as a user would, and captures what it does.
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

  /// Runs `bidi-fix arguments…` with `input` on stdin, without colour and without a `COLUMNS` of
  /// the test's own, in `directory` (with `PWD` naming it) when one is given. A run that takes longer than `timeout` seconds is killed and recorded as a
  /// failure: a hang is a bug.
  ///
  /// - Parameter launcher: another program that starts bidi-fix itself (setpriv, a shell), given
  ///   all the arguments.
  static func run(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:], timeout: Double = 60,
    stdout: URL? = nil, launcher: String? = nil, closeStdoutAfter: Int? = nil, directory: URL? = nil
  ) throws -> ProgramRun {
    var changes: [String: String?] = ["NO_COLOR": "1", "COLUMNS": nil]
    for (key, value) in environment { changes[key] = value }
    return try Program.run(
      launcher ?? url.path, arguments, input: input, environment: changes, timeout: timeout, stdout: stdout,
      closeStdoutAfter: closeStdoutAfter, directory: directory)
  }

  static func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> ProgramRun {
    try run(arguments, input: Data(input.utf8), environment: environment)
  }

  /// Runs `bidi-fix`, reading only the first bytes of its output before closing the pipe.
  static func runClosingStdout(_ arguments: [String], input: Data, launcher: String? = nil) throws -> ProgramRun {
    try run(arguments, input: input, launcher: launcher, closeStdoutAfter: 4096)
  }
}

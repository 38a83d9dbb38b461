import ArgumentParser

/// How `check` and `strings check` report: the format, the severities, the configuration file.
@available(SwiftStdlib 6.2, *)
struct ReportOptions: ParsableArguments {
  @Option(
    help:
      """
      text, xcode (FILE:LINE:COLUMN: warning|error: …, shown inline by Xcode and swift build), github \
      (workflow commands), sarif (SARIF 2.1.0, for code scanning) or json (an object per line).
      """
  )
  var format: ReportFormat = .text

  @Flag(help: "The same as --format json.")
  var json = false

  @Flag(name: .customLong("warnings-as-errors"), help: "Report every finding as an error.")
  var warningsAsErrors = false

  @Option(
    name: .customLong("fail-on"),
    help: "warning: exit 1 when anything is found; error: only when an error is (warnings are still reported).")
  var failOn: FindingSeverity = .warning

  @OptionGroup var configuration: ConfigurationOption

  func validate() throws {
    if json && format != .text && format != .json { throw ValidationError("--json and --format \(format) disagree") }
  }

  var reportFormat: ReportFormat { json ? .json : format }
}

/// `--config FILE`, read by every command that reports or fixes.
@available(SwiftStdlib 6.2, *)
struct ConfigurationOption: ParsableArguments {
  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      """
      A configuration file of severities and excluded paths (default: .bidi-fix.json in the working \
      directory, when there is one).
      """,
      valueName: "file"))
  var path: String?

  /// The configuration, or none when there is no file; exits 64 with the reason on stderr when
  /// the file cannot be read or is not a configuration. Every kind it names must be one of `rules`'
  /// or the other command's, so one file serves both.
  func load() throws -> CheckConfiguration {
    let kinds = Set((ReportRule.translationRules + ReportRule.controlRules).map(\.id))
    let path: String
    if let given = self.path {
      path = given
    } else if FileCheck.exists(CheckConfiguration.fileName) {
      path = CheckConfiguration.fileName
    } else {
      return CheckConfiguration()
    }
    guard let bytes = WholeFile.read(path: path) else { throw ExitCode.validationFailure }
    do throws(CheckConfiguration.Problem) {
      return try CheckConfiguration(bytes: bytes, path: path, kinds: kinds)
    } catch {
      Standard.error("\(path):\(error.line):\(error.column): error: \(error.message)")
      throw ExitCode.validationFailure
    }
  }
}

@available(SwiftStdlib 6.2, *)
extension ReportFormat: ExpressibleByArgument {}

@available(SwiftStdlib 6.2, *)
extension FindingSeverity: ExpressibleByArgument {}

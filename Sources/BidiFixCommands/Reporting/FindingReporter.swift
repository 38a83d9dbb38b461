/// How findings are written in one report format, in the manner of SwiftLint's reporters: one type
/// per format, each in a file of its own.
///
/// A line format (text, Xcode, GitHub, JSON Lines) writes each finding as a line of its own, with
/// nothing before or after, so a finding can be written as soon as it is found, on any core. A
/// document format (SARIF) has an opening and a closing, and findings go between them, separated
/// by ``separator``.
@available(SwiftStdlib 6.2, *)
protocol FindingReporter: Sendable {
  /// Whether the findings go into one document, which the writer of the report (``ReportWriter``
  /// for `strings check`, `LineDriver` for `check`) opens and closes.
  var isDocument: Bool { get }

  /// What comes before the first finding.
  func opening(rules: [ReportRule]) -> String

  /// Appends one finding: a whole line in a line format, an element of the document otherwise.
  func write(_ finding: ReportedFinding, into output: inout [UInt8])

  /// What goes between two findings of a document.
  var separator: String { get }

  /// Appends the note that a line had `count` more findings than are shown; a document format
  /// keeps it for its closing instead.
  func writeOmitted(_ note: OmittedFindings, into output: inout [UInt8])

  /// What comes after the last finding: `notes` of findings not shown, and whether every input
  /// was read.
  func closing(notes: [OmittedFindings], successful: Bool) -> String
}

@available(SwiftStdlib 6.2, *)
extension FindingReporter {
  var isDocument: Bool { false }
  var separator: String { "" }
  func opening(rules: [ReportRule]) -> String { "" }
  func closing(notes: [OmittedFindings], successful: Bool) -> String { "" }
}

/// Findings of one line past the number shown (see `CheckReport.findingsShownPerLine`).
@available(SwiftStdlib 6.2, *)
struct OmittedFindings: Sendable, Equatable {
  var file: String
  var line: Int
  var count: Int

  var message: String { "and \(count) more finding\(count == 1 ? "" : "s") on this line, not shown" }
}

/// `--format`: the report formats of `check` and `strings check`.
@available(SwiftStdlib 6.2, *)
enum ReportFormat: String, CaseIterable, Sendable {
  /// `FILE:LINE:COLUMN: KIND: MESSAGE` for people (`check` leaves the kind out).
  case text
  /// `FILE:LINE:COLUMN: warning|error: MESSAGE [KIND]`, which Xcode and `swift build` show inline.
  case xcode
  /// GitHub Actions workflow commands, which become annotations on a pull request.
  case github
  /// One SARIF 2.1.0 log, for code scanning.
  case sarif
  /// One JSON object per finding, a line each.
  case json

  /// The reporter; `namesKind` puts the kind in the text format's lines.
  func reporter(namesKind: Bool, paths: ReportPaths) -> any FindingReporter {
    switch self {
    case .text: TextReporter(namesKind: namesKind)
    case .xcode: XcodeReporter()
    case .github: GitHubReporter(paths: paths)
    case .sarif: SARIFReporter(paths: paths)
    case .json: JSONReporter()
    }
  }
}

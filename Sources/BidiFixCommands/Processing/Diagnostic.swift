/// What a line reports beside its output, in line order, for the driver to handle once the lines
/// before it are written: a message for stderr, `FILE:LINE[:COLUMN]: text`; a finding of `check`,
/// which only sets the exit status; or, with ``omittedFindings``, the note that a line had more
/// findings than a report of one document shows, which goes into the document's closing.
@available(SwiftStdlib 6.2, *)
struct Diagnostic: Sendable, Equatable {
  enum Severity: Sendable, Comparable {
    /// Reported, but the command still succeeds.
    case warning
    /// A finding of `bidi-fix check`: exit status 1.
    case finding
    /// Bad input: exit status 2.
    case error
  }

  var severity: Severity
  var line: Int
  /// 1-based column in Unicode scalars, when the message points inside the line.
  var column: Int?
  var text: String
  /// How many findings of the line a document report leaves out; `nil` for a message for stderr.
  var omittedFindings: Int? = nil

  func formatted(file: String) -> String {
    let place = column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    let label =
      switch severity {
      case .warning: "warning: "
      case .error: "error: "
      case .finding: ""
      }
    return "\(place): \(label)\(text)"
  }
}

/// The exit statuses of `bidi-fix`, as the README documents them.
@available(SwiftStdlib 6.2, *)
public enum ExitStatus: Int32, Sendable, Comparable {
  /// Everything was processed.
  case success = 0
  /// `check` found a problem.
  case findings = 1
  /// Some input was bad: missing or unreadable file, a directory, invalid UTF-8 under `--strict`,
  /// broken JSON under `--jsonl`. Everything readable was still processed and written.
  case badInput = 2
  /// The output could not be written: a closed pipe, a full disk.
  case outputFailed = 3

  /// Orders statuses by how bad they are, so the worst of several wins.
  public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

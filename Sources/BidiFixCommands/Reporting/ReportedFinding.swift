/// One finding of `check` or `strings check`, as every report format writes it.
@available(SwiftStdlib 6.2, *)
struct ReportedFinding: Sendable, Equatable {
  /// The file as it was named on the command line (`<stdin>` for standard input).
  var file: String
  /// 1-based line in the file.
  var line: Int
  /// 1-based column, counted in Unicode scalars, as the SARIF log's `columnKind` says.
  var column: Int
  var rule: ReportRule
  var severity: FindingSeverity
  var message: String
  /// The translation's key, for `strings check`.
  var key: String? = nil
  /// The JSON Lines field the message came from, for `check --jsonl`.
  var field: String? = nil
}

/// How much a finding matters: an error fails a build, a warning is shown.
@available(SwiftStdlib 6.2, *)
enum FindingSeverity: String, Sendable, Hashable, CaseIterable, Comparable {
  case warning
  case error

  static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool { lhs == .warning && rhs == .error }
}

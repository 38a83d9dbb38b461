/// One SARIF 2.1.0 log, for GitHub code scanning and other tools that read static analysis results.
///
/// A rule for each kind the command reports, with its description and default level; a result for
/// each finding, at its file (a URI relative to the working directory) and its line and column.
/// Columns count Unicode scalars, as every format of `bidi-fix` counts them, and the run says so
/// (`columnKind`): SARIF's default is UTF-16 code units.
@available(SwiftStdlib 6.2, *)
struct SARIFReporter: FindingReporter {
  let paths: ReportPaths

  var isDocument: Bool { true }
  var separator: String { "," }

  static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
  /// The name results' relative paths are resolved against: the working directory.
  static let rootName = "SRCROOT"

  func opening(rules: [ReportRule]) -> String {
    var json = #"{"version":"2.1.0","$schema":"\#(Self.schema)","runs":[{"tool":{"driver":{"name":"bidi-fix","#
    json += #""version":"\#(BidiFixVersion.current)","semanticVersion":"\#(BidiFixVersion.current)","rules":["#
    json += rules.map { rule in
      #"{"id":\#(Self.string(rule.id)),"shortDescription":{"text":\#(Self.string(rule.summary))},"#
        + #""fullDescription":{"text":\#(Self.string(rule.explanation))},"#
        + #""defaultConfiguration":{"level":"\#(rule.defaultSeverity.rawValue)"}}"#
    }.joined(separator: ",")
    json += #"]}},"columnKind":"unicodeCodePoints","#
    if let root = paths.workingDirectoryURI {
      json += #""originalUriBaseIds":{"\#(Self.rootName)":{"uri":\#(Self.string(root))}},"#
    }
    return json + #""results":["#
  }

  func write(_ finding: ReportedFinding, into output: inout [UInt8]) {
    var json = #"{"ruleId":\#(Self.string(finding.rule.id)),"level":"\#(finding.severity.rawValue)","#
    json += #""message":{"text":\#(Self.string(finding.message))},"locations":[{"physicalLocation":{"#
    json += #""artifactLocation":\#(artifactLocation(finding.file)),"#
    json += #""region":{"startLine":\#(finding.line),"startColumn":\#(finding.column)}}"#
    if let key = finding.key {
      json += #","logicalLocations":[{"name":\#(Self.string(key)),"kind":"resource"}]"#
    }
    json += "}]"
    if let field = finding.field { json += #","properties":{"field":\#(Self.string(field))}"# }
    output += (json + "}").utf8
  }

  /// Kept for the closing, as notifications of the run's invocation.
  func writeOmitted(_ note: OmittedFindings, into output: inout [UInt8]) {}

  func closing(notes: [OmittedFindings], successful: Bool) -> String {
    var json = #"],"invocations":[{"executionSuccessful":\#(successful)"#
    if !notes.isEmpty {
      json += #","toolExecutionNotifications":["#
      json += notes.map { note in
        #"{"level":"note","message":{"text":\#(Self.string(note.message))},"#
          + #""locations":[{"physicalLocation":{"artifactLocation":\#(artifactLocation(note.file)),"#
          + #""region":{"startLine":\#(note.line)}}}]}"#
      }.joined(separator: ",")
      json += "]"
    }
    return json + "}]}]}\n"
  }

  /// A file inside the working directory as a relative URI against ``rootName``; any other as an
  /// absolute `file:` URI.
  private func artifactLocation(_ file: String) -> String {
    let path = paths.relative(file)
    if path.hasPrefix("/") { return #"{"uri":\#(Self.string("file://" + ReportPaths.uriEscaped(path)))}"# }
    let base = paths.workingDirectoryURI == nil ? "" : #","uriBaseId":"\#(Self.rootName)""#
    return #"{"uri":\#(Self.string(ReportPaths.uriEscaped(path)))\#(base)}"#
  }

  /// A JSON string literal.
  private static func string(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONString.encode(text, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

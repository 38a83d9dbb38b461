/// GitHub Actions workflow commands: `::warning file=PATH,line=L,col=C,title=KIND::MESSAGE`, which
/// a step prints for GitHub to annotate the pull request's diff. Paths are relative to the working
/// directory, the repository's checkout in a workflow.
@available(SwiftStdlib 6.2, *)
struct GitHubReporter: FindingReporter {
  let paths: ReportPaths

  func write(_ finding: ReportedFinding, into output: inout [UInt8]) {
    let properties = [
      "file=" + Self.escapeProperty(paths.relative(finding.file)), "line=\(finding.line)", "col=\(finding.column)",
      "title=" + Self.escapeProperty(finding.rule.id),
    ]
    let field = finding.field.map { "field '\($0)': " } ?? ""
    output += "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::".utf8
    output += Self.escapeMessage(field + finding.message).utf8
    output.append(0x0A)
  }

  func writeOmitted(_ note: OmittedFindings, into output: inout [UInt8]) {
    output += "::notice file=\(Self.escapeProperty(paths.relative(note.file))),line=\(note.line)::".utf8
    output += Self.escapeMessage(note.message).utf8
    output.append(0x0A)
  }

  /// A message: `%`, CR and LF written as `%25`, `%0D` and `%0A`, as the runner reads them back.
  static func escapeMessage(_ text: String) -> String {
    escape(text) { $0 == "%" || $0 == "\r" || $0 == "\n" }
  }

  /// A property's value: a message's escapes, and `:` and `,`, which end a property, as `%3A` and
  /// `%2C`.
  static func escapeProperty(_ text: String) -> String {
    escape(text) { $0 == "%" || $0 == "\r" || $0 == "\n" || $0 == ":" || $0 == "," }
  }

  private static func escape(_ text: String, where needsEscape: (Unicode.Scalar) -> Bool) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        escaped += "%" + ReportPaths.hex(UInt8(scalar.value))
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

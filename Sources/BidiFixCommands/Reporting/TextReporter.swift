/// `FILE:LINE:COLUMN: KIND: MESSAGE`, or without the kind (`check`'s lines).
@available(SwiftStdlib 6.2, *)
struct TextReporter: FindingReporter {
  let namesKind: Bool

  func write(_ finding: ReportedFinding, into output: inout [UInt8]) {
    let kind = namesKind ? "\(finding.rule.id): " : ""
    let field = finding.field.map { "field '\($0)': " } ?? ""
    output += "\(finding.file):\(finding.line):\(finding.column): \(kind)\(field)\(finding.message)\n".utf8
  }

  func writeOmitted(_ note: OmittedFindings, into output: inout [UInt8]) {
    output += "\(note.file):\(note.line): \(note.message)\n".utf8
  }
}

/// One JSON object per finding, a line each: `{"file","line","column","kind","severity","key",
/// "message"}`, with `"field"` in place of `"key"` for `check --jsonl`.
@available(SwiftStdlib 6.2, *)
struct JSONReporter: FindingReporter {
  func write(_ finding: ReportedFinding, into output: inout [UInt8]) {
    output += #"{"file":"#.utf8
    JSONString.encode(finding.file, into: &output)
    output += #","line":\#(finding.line),"column":\#(finding.column),"kind":"\#(finding.rule.id)""#.utf8
    output += #","severity":"\#(finding.severity.rawValue)""#.utf8
    if let key = finding.key {
      output += #","key":"#.utf8
      JSONString.encode(key, into: &output)
    }
    if let field = finding.field {
      output += #","field":"#.utf8
      JSONString.encode(field, into: &output)
    }
    output += #","message":"#.utf8
    JSONString.encode(finding.message, into: &output)
    output += "}\n".utf8
  }

  func writeOmitted(_ note: OmittedFindings, into output: inout [UInt8]) {
    output += #"{"file":"#.utf8
    JSONString.encode(note.file, into: &output)
    output += #","line":\#(note.line),"omitted":\#(note.count)}"#.utf8
    output.append(0x0A)
  }
}

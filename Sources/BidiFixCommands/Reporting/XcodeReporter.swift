/// `FILE:LINE:COLUMN: warning|error: MESSAGE [KIND]`: the line a build step prints for Xcode and
/// `swift build` to show the finding inline, at its place in the file.
@available(SwiftStdlib 6.2, *)
struct XcodeReporter: FindingReporter {
  func write(_ finding: ReportedFinding, into output: inout [UInt8]) {
    let field = finding.field.map { "field '\($0)': " } ?? ""
    output += "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): ".utf8
    output += "\(field)\(Self.oneLine(finding.message)) [\(finding.rule.id)]\n".utf8
  }

  func writeOmitted(_ note: OmittedFindings, into output: inout [UInt8]) {
    output += "\(note.file):\(note.line): note: \(note.message)\n".utf8
  }

  /// A message on one line: Xcode reads a line break as the end of the diagnostic.
  static func oneLine(_ message: String) -> String {
    guard message.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return message }
    return String(String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
  }
}

/// Writes a whole report to standard output: a document format's opening before the first
/// finding, a separator between findings, and its closing after the last.
@available(SwiftStdlib 6.2, *)
struct ReportWriter {
  let reporter: any FindingReporter
  private var output = OutputWriter(descriptor: .standardOutput)
  private var wroteFinding = false
  private var notes: [OmittedFindings] = []
  private var buffer: [UInt8] = []

  /// Opens the report, with the kinds the command reports.
  init(reporter: any FindingReporter, rules: [ReportRule]) throws(OutputError) {
    self.reporter = reporter
    try output.write(reporter.opening(rules: rules))
  }

  mutating func write(_ finding: ReportedFinding) throws(OutputError) {
    buffer.removeAll(keepingCapacity: true)
    if wroteFinding { buffer += reporter.separator.utf8 }
    reporter.write(finding, into: &buffer)
    wroteFinding = true
    try output.write(buffer)
  }

  mutating func writeOmitted(_ note: OmittedFindings) throws(OutputError) {
    guard !reporter.isDocument else {
      notes.append(note)
      return
    }
    buffer.removeAll(keepingCapacity: true)
    reporter.writeOmitted(note, into: &buffer)
    try output.write(buffer)
  }

  /// Closes the report and writes out what is buffered; `successful` when every input was read.
  mutating func finish(successful: Bool) throws(OutputError) {
    try output.write(reporter.closing(notes: notes, successful: successful))
    try output.flush()
  }
}

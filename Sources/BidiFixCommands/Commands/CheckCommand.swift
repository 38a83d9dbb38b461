import ArgumentParser
import BidiIsolator
import SystemPackage

@available(SwiftStdlib 6.2, *)
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract:
      "Report unbalanced or unmatched bidi controls, overrides, and controls hidden inside identifiers or URLs.",
    discussion: """
      Each problem is one line, FILE:LINE:COLUMN: MESSAGE, with COLUMN counted in Unicode scalars from \
      1; --format xcode, github, sarif or json writes them for Xcode, GitHub Actions, code scanning \
      or programs. Kinds: unmatched-terminator, unclosed-initiator, closed-by-isolate, \
      excessive-depth, override, control-in-link, control-in-identifier, all warnings unless the \
      configuration file or --warnings-as-errors says otherwise. Controls inside an identifier or a \
      URL are the Trojan Source pattern (CVE-2021-42574): the text shows in an order other than the \
      one a compiler or a browser reads. Exit status 1 when anything is found, 0 when nothing is: \
      usable in CI and pre-commit hooks.
      """)

  @OptionGroup var input: InputOptions
  @OptionGroup var reportOptions: ReportOptions

  func run() throws {
    let configuration = try reportOptions.configuration.load()
    let paths = ReportPaths.current()
    let format = reportOptions.reportFormat
    let report = CheckReport(
      layout: input.layout, strict: input.strict, reporter: format.reporter(namesKind: false, paths: paths),
      severities: configuration.severities(
        of: ReportRule.controlRules, warningsAsErrors: reportOptions.warningsAsErrors),
      failOn: reportOptions.failOn)
    let files = input.files.filter { !configuration.excludes($0, paths: paths) }
    let status: ExitStatus
    if let document = report.document {
      if !input.files.isEmpty && files.isEmpty {
        // One log, even when the configuration excludes every file named: a CI step uploads it.
        var output = OutputWriter(descriptor: .standardOutput)
        do throws(OutputError) {
          try output.write(document.opening + document.closing([], true))
          try output.flush()
          return
        } catch {
          throw ExitCode(error.report().rawValue)
        }
      }
      status = input.driver.run(report, inputs: files, document: document)
    } else {
      if !input.files.isEmpty && files.isEmpty { return }
      status = input.driver.run(report, inputs: files)
    }
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

/// The per-line findings of `check`.
@available(SwiftStdlib 6.2, *)
struct CheckReport: MessageReport {
  let layout: MessageLayout
  let strict: Bool
  let reporter: any FindingReporter
  /// Each kind's severity, by its id; a kind that is off is not there.
  let severities: [String: FindingSeverity]
  /// The least severity that makes the exit status 1.
  let failOn: FindingSeverity

  /// At most this many findings of one line are written out, then a line that says how many more
  /// there were: a line pasted full of controls would otherwise give a report tens of times its size.
  static let findingsShownPerLine = 1_000

  func report(
    _ messages: [MessageExtraction.Message], line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic]
  ) {
    let (findings, omitted) = self.findings(in: messages, line: line.number, from: source)
    // A line format's findings, each a line; a document's, each after the separator (the driver
    // leaves out the first), and the note of those left out for the driver to keep for the closing.
    let separator = reporter.isDocument ? reporter.separator : nil
    for finding in findings {
      if let separator { output += separator.utf8 }
      reporter.write(finding, into: &output)
    }
    if let omitted {
      if reporter.isDocument {
        diagnostics.append(
          Diagnostic(
            severity: .warning, line: line.number, text: omitted.message, omittedFindings: omitted.count))
      } else {
        reporter.writeOmitted(omitted, into: &output)
      }
    }
    // One finding is enough for the exit status.
    if let failing = findings.first(where: { $0.severity >= failOn }) {
      diagnostics.append(
        Diagnostic(severity: .finding, line: line.number, column: failing.column, text: failing.message))
    }
  }

  /// The findings of one line's messages that are shown, in order, and how many more there were.
  func findings(
    in messages: [MessageExtraction.Message], line: Int, from source: String
  ) -> (findings: [ReportedFinding], omitted: OmittedFindings?) {
    var shown: [ReportedFinding] = []
    var hidden = 0
    for message in messages {
      let (found, total) = ControlFindings.find(
        in: message.text, keepingFirst: Self.findingsShownPerLine - shown.count
      ) { severities[$0.rule.id] != nil }
      hidden += total - found.count
      for finding in found {
        shown.append(
          ReportedFinding(
            file: source, line: line, column: finding.offset + 1, rule: finding.kind.rule,
            severity: severities[finding.kind.rule.id] ?? .warning, message: finding.message, field: message.field))
      }
    }
    return (shown, hidden > 0 ? OmittedFindings(file: source, line: line, count: hidden) : nil)
  }

  /// The frame of the report when its format is one document, `nil` for a line format.
  var document: LineDriver.Document? {
    guard reporter.isDocument else { return nil }
    let reporter = reporter
    return LineDriver.Document(
      opening: reporter.opening(rules: ReportRule.controlRules), separator: reporter.separator,
      closing: { notes, successful in reporter.closing(notes: notes, successful: successful) })
  }
}

/// What `check` reports about one message: the isolator's audit of its controls, and controls that
/// sit inside an identifier or a URL.
@available(SwiftStdlib 6.2, *)
enum ControlFindings {
  /// One finding; its message is written only when it is shown.
  struct Finding: Equatable {
    enum Kind: Equatable {
      case audit(BidiControlAudit.IssueKind)
      case insideLink(isURL: Bool, text: String)
      case insideIdentifier

      /// The kind as reports name it.
      var rule: ReportRule {
        switch self {
        case .audit(let kind): ReportRule.controlRule(kind)
        case .insideLink: ReportRule.hiddenInLink
        case .insideIdentifier: ReportRule.hiddenInIdentifier
        }
      }
    }

    var offset: Int
    var control: BidiControl
    var kind: Kind

    var message: String {
      let name = ControlFindings.describe(control)
      switch kind {
      case .audit(.unmatchedTerminator): return "\(name) closes nothing"
      case .audit(.unclosedInitiator): return "\(name) is never closed: it reaches the end of the line"
      case .audit(.closedByIsolate): return "\(name) is closed by a PDI instead of its own PDF"
      case .audit(.excessiveDepth): return "\(name) is nested past the depth limit of 125 and is ignored"
      case .audit(.override): return "\(name) forces the direction of the text it covers"
      case .insideLink(let isURL, let text):
        return "\(name) inside the \(isURL ? "URL" : "e-mail address") \(text) (Trojan Source, CVE-2021-42574)"
      case .insideIdentifier: return "\(name) inside an identifier (Trojan Source, CVE-2021-42574)"
      }
    }
  }

  /// The first `limit` findings in order of position, and of message at one position, and how many
  /// there are in all. Only the ones kept are held: a line of controls has several per character.
  static func find(
    in text: String, keepingFirst limit: Int, including isIncluded: (Finding.Kind) -> Bool = { _ in true }
  ) -> (findings: [Finding], total: Int) {
    let audit = BidiControlAudit(text).issues.sorted {
      $0.scalarOffset != $1.scalarOffset ? $0.scalarOffset < $1.scalarOffset : $0.kind.rawValue < $1.kind.rawValue
    }
    var kept: [Finding] = []
    var total = 0
    var next = 0  // the next audit issue to merge
    func keep(_ finding: Finding) {
      guard isIncluded(finding.kind) else { return }
      total += 1
      if kept.count < limit { kept.append(finding) }
    }
    func mergeAudit(before finding: Finding?) {
      while next < audit.count {
        let issue = audit[next]
        let candidate = Finding(offset: issue.scalarOffset, control: issue.control, kind: .audit(issue.kind))
        if let finding, !ordered(candidate, finding) { return }
        keep(candidate)
        next += 1
      }
    }
    forEachHiddenControl(in: text) { finding in
      mergeAudit(before: finding)
      keep(finding)
    }
    mergeAudit(before: nil)
    // The audit's kinds at one position are in the order of their messages but for the name; sort
    // what is kept by message too, as the report always has.
    kept.sort(by: ordered)
    return (kept, total)
  }

  private static func ordered(_ a: Finding, _ b: Finding) -> Bool {
    a.offset != b.offset ? a.offset < b.offset : a.message < b.message
  }

  /// Controls between two identifier characters, or inside a URL or e-mail address once the controls
  /// are taken out.
  ///
  /// Works on the UTF-8 bytes and decodes only the characters next to a control, so that a huge
  /// line with one control costs a pass over its bytes and a copy without the controls.
  ///
  /// - Complexity: O(*n*): a line of nothing but controls is as cheap as any other.
  private static func forEachHiddenControl(in text: String, _ body: (Finding) -> Void) {
    let utf8 = text.utf8
    let bytes = utf8.span
    var controls: [(byte: Int, scalarOffset: Int, control: BidiControl)] = []
    var withoutControls: [UInt8] = []
    withoutControls.reserveCapacity(bytes.count)
    // Characters are decoded by the string itself, and only next to a control.
    let scalars = text.unicodeScalars
    func scalar(at byte: Int) -> Unicode.Scalar { scalars[utf8.index(utf8.startIndex, offsetBy: byte)] }
    func scalar(endingAt byte: Int) -> Unicode.Scalar {
      scalars[scalars.index(before: utf8.index(utf8.startIndex, offsetBy: byte))]
    }
    func keep(_ range: Range<Int>) {
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      withoutControls.append(contentsOf: utf8[start..<utf8.index(start, offsetBy: range.count)])
    }
    var before: [Unicode.Scalar?] = []  // for each control: the last other character before it
    var lastOther: Unicode.Scalar? = nil
    var scalarOffset = 0
    var segmentStart = 0  // where the bytes since the last control begin
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      // Every bidi control's encoding begins with E2 or D8.
      guard byte == 0xE2 || byte == 0xD8, let control = BidiControl(scalar(at: index)) else {
        index += 1
        continue
      }
      if segmentStart < index {
        keep(segmentStart..<index)
        scalarOffset += scalarCount(segmentStart..<index, in: bytes)
        lastOther = scalar(endingAt: index)
      }
      controls.append((index, scalarOffset, control))
      before.append(lastOther)
      scalarOffset += 1
      index += control == .arabicLetterMark ? 2 : 3
      segmentStart = index
    }
    guard !controls.isEmpty else { return }
    keep(segmentStart..<bytes.count)
    // The first other character after each control, from the last control backwards.
    var after = [Unicode.Scalar?](repeating: nil, count: controls.count)
    var nextOther: Unicode.Scalar? = nil
    var nextControlByte = bytes.count
    for (position, found) in controls.enumerated().reversed() {
      let end = found.byte + (found.control == .arabicLetterMark ? 2 : 3)
      if end < nextControlByte { nextOther = scalar(at: end) }
      after[position] = nextOther
      nextControlByte = found.byte
    }
    let links = EntityScanner(kinds: [.urls, .emails]).entities(in: String(decoding: withoutControls, as: UTF8.self))
    var link = 0  // links and controls both come in text order
    for (index, found) in controls.enumerated() {
      // Its position in the text without controls.
      let position = found.scalarOffset - index
      while link < links.count && links[link].scalarRange.upperBound <= position { link += 1 }
      if link < links.count, links[link].scalarRange.lowerBound < position {
        let entity = links[link]
        body(
          Finding(
            offset: found.scalarOffset, control: found.control,
            kind: .insideLink(isURL: entity.kind == .url, text: entity.text)))
        continue
      }
      if let before = before[index], let after = after[index], isIdentifierCharacter(before),
        isIdentifierCharacter(after)
      {
        body(Finding(offset: found.scalarOffset, control: found.control, kind: .insideIdentifier))
      }
    }
  }

  /// The number of characters in `range` of well-formed UTF-8: its bytes that are not continuation
  /// bytes.
  private static func scalarCount(_ range: Range<Int>, in bytes: Span<UInt8>) -> Int {
    var count = 0
    for index in range where bytes[index] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }

  static func describe(_ control: BidiControl) -> String {
    let hex = String(control.rawValue, radix: 16, uppercase: true)
    return "\(control.abbreviation) (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
  }
}

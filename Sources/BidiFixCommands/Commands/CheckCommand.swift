import ArgumentParser
import BidiIsolator

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Report unbalanced or unmatched bidi controls, overrides, and controls hidden inside identifiers or URLs.",
    discussion: """
      Each problem is one line, FILE:LINE:COLUMN: MESSAGE, with COLUMN counted in Unicode scalars from \
      1. Controls inside an identifier or a URL are the Trojan Source pattern (CVE-2021-42574): the \
      text shows in an order other than the one a compiler or a browser reads. Exit status 1 when \
      anything is found, 0 when nothing is: usable in CI and pre-commit hooks.
      """)

  @OptionGroup var input: InputOptions

  func run() throws {
    let report = CheckReport(layout: input.layout, strict: input.strict)
    let status = input.driver.run(report, inputs: input.files)
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

/// The per-line findings of `check`.
struct CheckReport: LineCommand {
  let layout: MessageLayout
  let strict: Bool

  var keepsLineEndings: Bool { false }

  func process(_ line: InputLine, into output: inout [UInt8], diagnostics: inout [Diagnostic]) {
    let messages = MessageExtraction.messages(in: line, layout: layout, strict: strict, diagnostics: &diagnostics)
    for message in messages {
      for finding in ControlFindings.find(in: message.text) {
        let field = message.field.map { "field '\($0)': " } ?? ""
        let diagnostic = Diagnostic(
          severity: .finding, line: line.number, column: finding.offset + 1, text: field + finding.message)
        output += Array(diagnostic.formatted(file: line.source).utf8)
        output.append(0x0A)
        diagnostics.append(diagnostic)
      }
    }
  }
}

/// What `check` reports about one message: the isolator's audit of its controls, and controls that
/// sit inside an identifier or a URL.
enum ControlFindings {
  struct Finding: Equatable {
    var offset: Int
    var message: String
  }

  static func find(in text: String) -> [Finding] {
    var findings: [Finding] = []
    for issue in BidiControlAudit(text).issues {
      let name = describe(issue.control)
      let message =
        switch issue.kind {
        case .unmatchedTerminator: "\(name) closes nothing"
        case .unclosedInitiator: "\(name) is never closed: it reaches the end of the line"
        case .closedByIsolate: "\(name) is closed by a PDI instead of its own PDF"
        case .excessiveDepth: "\(name) is nested past the depth limit of 125 and is ignored"
        case .override: "\(name) forces the direction of the text it covers"
        }
      findings.append(Finding(offset: issue.scalarOffset, message: message))
    }
    findings += hiddenControls(in: text)
    return findings.sorted { ($0.offset, $0.message) < ($1.offset, $1.message) }
  }

  /// Controls between two identifier characters, or inside a URL or e-mail address once the controls
  /// are taken out.
  private static func hiddenControls(in text: String) -> [Finding] {
    let scalars = Array(text.unicodeScalars)
    var withoutControls = String.UnicodeScalarView()
    var strippedOffset: [Int] = []  // for each control: its position in the text without controls
    var controlOffsets: [Int] = []
    for (offset, scalar) in scalars.enumerated() {
      if BidiControl(scalar) != nil {
        controlOffsets.append(offset)
        strippedOffset.append(withoutControls.count)
      } else {
        withoutControls.append(scalar)
      }
    }
    guard !controlOffsets.isEmpty else { return [] }
    let links = EntityScanner(kinds: [.urls, .emails]).entities(in: String(withoutControls))
    var findings: [Finding] = []
    for (index, offset) in controlOffsets.enumerated() {
      let name = describe(BidiControl(scalars[offset])!)
      let position = strippedOffset[index]
      if let link = links.first(where: { $0.scalarRange.lowerBound < position && position < $0.scalarRange.upperBound }) {
        findings.append(
          Finding(offset: offset, message: "\(name) inside the \(link.kind == .url ? "URL" : "e-mail address") \(link.text) (Trojan Source, CVE-2021-42574)"))
        continue
      }
      let before = scalars[..<offset].last(where: { BidiControl($0) == nil })
      let after = scalars[(offset + 1)...].first(where: { BidiControl($0) == nil })
      if let before, let after, isIdentifierCharacter(before), isIdentifierCharacter(after) {
        findings.append(
          Finding(offset: offset, message: "\(name) inside an identifier (Trojan Source, CVE-2021-42574)"))
      }
    }
    return findings
  }

  private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }

  private static func describe(_ control: BidiControl) -> String {
    let hex = String(control.rawValue, radix: 16, uppercase: true)
    return "\(control.abbreviation) (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
  }
}

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
  ///
  /// - Complexity: O(*n*): a line of nothing but controls is as cheap as any other.
  private static func hiddenControls(in text: String) -> [Finding] {
    let scalars = Array(text.unicodeScalars)
    var withoutControls = String.UnicodeScalarView()
    var strippedOffset: [Int] = []  // for each control: its position in the text without controls
    var controlOffsets: [Int] = []
    var before: [Unicode.Scalar?] = []  // for each control: the last other character before it
    var lastOther: Unicode.Scalar? = nil
    for (offset, scalar) in scalars.enumerated() {
      if BidiControl(scalar) != nil {
        controlOffsets.append(offset)
        strippedOffset.append(withoutControls.count)
        before.append(lastOther)
      } else {
        withoutControls.append(scalar)
        lastOther = scalar
      }
    }
    guard !controlOffsets.isEmpty else { return [] }
    // The first other character after each control, from the end backwards.
    var after = [Unicode.Scalar?](repeating: nil, count: controlOffsets.count)
    var nextOther: Unicode.Scalar? = nil
    var control = controlOffsets.count - 1
    for offset in scalars.indices.reversed() where control >= 0 {
      if offset == controlOffsets[control] {
        after[control] = nextOther
        control -= 1
      } else if BidiControl(scalars[offset]) == nil {
        nextOther = scalars[offset]
      }
    }
    let links = EntityScanner(kinds: [.urls, .emails]).entities(in: String(withoutControls))
    var link = 0  // links and controls both come in text order
    var findings: [Finding] = []
    for (index, offset) in controlOffsets.enumerated() {
      let name = describe(BidiControl(scalars[offset])!)
      let position = strippedOffset[index]
      while link < links.count && links[link].scalarRange.upperBound <= position { link += 1 }
      if link < links.count, links[link].scalarRange.lowerBound < position {
        let found = links[link]
        findings.append(
          Finding(offset: offset, message: "\(name) inside the \(found.kind == .url ? "URL" : "e-mail address") \(found.text) (Trojan Source, CVE-2021-42574)"))
        continue
      }
      if let before = before[index], let after = after[index], isIdentifierCharacter(before),
        isIdentifierCharacter(after)
      {
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

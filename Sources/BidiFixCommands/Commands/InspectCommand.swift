import ArgumentParser
import Bidi
@_spi(BidiCore) import BidiCore
import BidiTerminal

@available(SwiftStdlib 6.2, *)
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show how the bidi algorithm sees each message: classes, levels and visual order.",
    discussion: """
      For people, a table per message: index, character, code point, bidi class, level and visual \
      position, coloured by run on a terminal (NO_COLOR turns colour off). With --json, one object \
      per input line: {"paragraphs":[{"direction":"rtl","baseLevel":1,"levels":[1,1,null,2],"visualOrder":[3,1,0]}]}. \
      `levels` has an entry per scalar (null where rule X9 removes the character), after rule L1 with \
      the paragraph as one line; `visualOrder` lists line-relative scalar offsets left to right. \
      A single argument that is not an existing file is inspected as the text itself.
      """)

  @OptionGroup var input: InputOptions

  @Flag(help: "Write one JSON object per input line.")
  var json = false

  @Option(help: "Paragraph direction: auto (first strong character), ltr or rtl.")
  var dir: DirectionChoice = .auto

  @Flag(help: "Read \\uXXXX and \\u{X…} escapes in the input as the code points they name.")
  var escapes = false

  func run() throws {
    let report = InspectReport(
      layout: input.layout, json: json, direction: dir.baseDirection, readsEscapes: escapes,
      colour: !json && Standard.isTerminal(.standardOutput) && !Environment.noColor)
    if input.files.count == 1, !FileCheck.exists(input.files[0]), input.files[0] != "-" {
      var output: [UInt8] = []
      var diagnostics: [Diagnostic] = []
      Array(input.files[0].utf8).withBytes { text in
        report.process(
          text, line: LineInfo(terminator: .none, number: 1), from: "", into: &output, diagnostics: &diagnostics)
      }
      var writer = OutputWriter(descriptor: .standardOutput)
      do {
        try writer.write(output)
        try writer.flush()
      } catch {
        throw ExitCode(error.report().rawValue)
      }
      return
    }
    let status = input.driver.run(report, inputs: input.files)
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

/// `--dir auto|ltr|rtl`.
@available(SwiftStdlib 6.2, *)
enum DirectionChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
  case auto, ltr, rtl

  var baseDirection: BaseDirection {
    fixedDirection.map(BaseDirection.fixed) ?? .auto
  }

  /// The direction every paragraph takes, or `nil` for each paragraph's own.
  var fixedDirection: TextDirection? {
    switch self {
    case .auto: nil
    case .ltr: .leftToRight
    case .rtl: .rightToLeft
    }
  }
}

/// The per-message report of `inspect`.
@available(SwiftStdlib 6.2, *)
struct InspectReport: MessageReport {
  let layout: MessageLayout
  let json: Bool
  let direction: BaseDirection
  let readsEscapes: Bool
  let colour: Bool

  /// What cannot be read is shown with U+FFFD, never refused: `inspect` is for looking.
  var strict: Bool { false }

  func report(
    _ messages: [MessageExtraction.Message], line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic]
  ) {
    for message in messages {
      let text = readsEscapes ? EscapeSequences.decode(message.text) : message.text
      let resolved: BidiText
      do {
        resolved = try BidiText(text, direction: direction)
      } catch {
        diagnostics.append(Diagnostic(severity: .error, line: line.number, column: nil, text: "\(error)"))
        continue
      }
      if json {
        output.append(contentsOf: Self.json(resolved).utf8)
        output.append(0x0A)
      } else {
        output.append(contentsOf: table(resolved, line: line.number, field: message.field).utf8)
      }
    }
  }

  /// `{"paragraphs":[{"direction":…,"baseLevel":…,"levels":[…],"visualOrder":[…]}]}`
  static func json(_ text: BidiText) -> String {
    var json = "{\"paragraphs\":["
    for (index, paragraph) in text.paragraphs.enumerated() {
      if index > 0 { json += "," }
      let line = paragraph.line(options: .removeX9Characters)
      let levels = line.levels.map { $0.map { String($0.rawValue) } ?? "null" }.joined(separator: ",")
      let order = line.visualOrder.map(String.init).joined(separator: ",")
      json += "{\"direction\":\"\(paragraph.direction)\",\"baseLevel\":\(paragraph.baseLevel.rawValue),"
      json += "\"levels\":[\(levels)],\"visualOrder\":[\(order)]}"
    }
    return json + "]}"
  }

  private func table(_ text: BidiText, line: Int, field: String?) -> String {
    var out = ""
    let palette = ["\u{1B}[36m", "\u{1B}[33m", "\u{1B}[35m", "\u{1B}[32m", "\u{1B}[34m", "\u{1B}[31m"]
    for (number, paragraph) in text.paragraphs.enumerated() {
      let bidiLine = paragraph.line(options: .removeX9Characters)
      let place = field.map { "line \(line), field \($0)" } ?? "line \(line)"
      out += "\(place), paragraph \(number + 1): \(paragraph.direction), base level \(paragraph.baseLevel)\n"
      out += "  index  char  code      class  level  visual\n"
      var runOf: [Int: Int] = [:]
      for (runIndex, run) in bidiLine.runs.enumerated() {
        for offset in run.range { runOf[offset] = runIndex }
      }
      // Derived on each access: read once per paragraph.
      let levels = bidiLine.levels
      let logicalToVisual = bidiLine.logicalToVisual
      for offset in paragraph.range {
        let scalar = text.scalars[offset]
        let level = levels[offset - paragraph.range.lowerBound].map { String($0.rawValue) } ?? "x"
        let visual = logicalToVisual[offset - paragraph.range.lowerBound].map(String.init) ?? "-"
        let row =
          "  " + Self.pad(String(offset), 5) + "  " + Self.pad(CharacterNames.display(scalar), 4) + "  "
          + Self.pad(CharacterNames.codePoint(scalar), 8) + "  " + Self.pad(text.classes[offset].shortName, 5)
          + "  " + Self.pad(level, 5) + "  " + visual
        if colour, let run = runOf[offset] {
          out += palette[run % palette.count] + row + "\u{1B}[0m\n"
        } else {
          out += row + "\n"
        }
      }
      out += "  visual: \(CharacterNames.printable(bidiLine.visualString))\n"
    }
    return out
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    let cells = text.unicodeScalars.reduce(0) { $0 + CellWidth.of($1) }
    return text + String(repeating: " ", count: max(0, width - cells))
  }
}

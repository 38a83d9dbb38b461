import ArgumentParser
import Bidi
import BidiIsolator
import BidiLocalizationCore
import BidiTerminal

@available(SwiftStdlib 6.2, *)
struct DisplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "display",
    abstract: "Write messages in visual order for a terminal that does no bidi of its own.",
    discussion: """
      Each message is isolated first (so `@我` stays whole), resolved as a whole paragraph, broken into \
      lines of at most --width cells (wide characters take two, combining marks none) at spaces and \
      between CJK ideographs, never inside an entity that fits on a line, and then each line is \
      reordered on its own. Right-to-left messages are right-aligned. Arabic is shaped into \
      presentation forms, brackets are mirrored, marks stay after their base, and bidi controls are \
      removed. On a terminal (or with --terminal explicit) output is wrapped in CSI 8 l … CSI 8 h so \
      bidi-aware terminals (VTE, mintty, Konsole) do not reorder it a second time.
      """)

  @OptionGroup var input: InputOptions
  @OptionGroup var entities: EntityArguments

  @Option(help: "Line width in cells (default: the terminal's width, else $COLUMNS, else 80).")
  var width: Int?

  @Flag(name: .customLong("no-wrap"), help: "Do not break messages into lines.")
  var noWrap = false

  @Option(help: "auto (right-to-left messages to the right), left, right or none.")
  var align: TerminalLayout.Alignment = .auto

  @Flag(name: .customLong("no-shape"), help: "Keep Arabic letters as they are instead of presentation forms.")
  var noShape = false

  @Flag(name: .customLong("no-isolate"), help: "Show messages as they are, without isolating entities first.")
  var noIsolate = false

  @Option(help: "auto (explicit on a terminal, none otherwise), explicit (CSI 8 l … CSI 8 h) or none.")
  var terminal: TerminalMode = .auto

  @Option(help: "Paragraph direction: auto (first strong character outside entities), ltr or rtl.")
  var dir: DirectionChoice = .auto

  @Option(
    help: """
      Digits to show, converted before the bidi algorithm runs: keep, european (0-9), arabic-indic \
      (٠-٩), persian (۰-۹), or contextual (0-9 become ٠-٩ where the last strong character before \
      them is Arabic).
      """)
  var digits: DigitsChoice = .keep

  func validate() throws {
    if let width, width < 1 { throw ValidationError("--width must be at least 1") }
  }

  func run() throws {
    let options = IsolationOptions(
      kinds: try entities.entityKinds(), memberNames: try entities.memberNames())
    let formatter = MessageDisplay(
      isolator: noIsolate ? nil : BidiIsolator(options),
      detector: DirectionDetector(kinds: options.kinds, memberNames: options.memberNames),
      layout: TerminalLayout(
        width: noWrap ? nil : (width ?? TerminalSize.columns()), alignment: align, shapesArabic: !noShape),
      direction: dir, digits: digits.shaping)
    let command = MessageRewriter(layout: input.layout, strict: input.strict) { message, terminator, output in
      formatter.display(message, lineBreak: terminator, into: &output)
    }
    let explicit = terminal == .explicit || (terminal == .auto && Standard.isTerminal(.standardOutput))
    if explicit { TerminalModes.enterExplicit() }
    let status = input.driver.run(command, inputs: input.files)
    if explicit { TerminalModes.leaveExplicit() }
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

@available(SwiftStdlib 6.2, *)
enum TerminalMode: String, ExpressibleByArgument, CaseIterable, Sendable {
  case auto, explicit, none
}

/// `--digits keep|european|arabic-indic|persian|contextual`.
@available(SwiftStdlib 6.2, *)
enum DigitsChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
  case keep, european
  case arabicIndic = "arabic-indic"
  case persian, contextual

  var shaping: DigitShaping {
    switch self {
    case .keep: .keep
    case .european: .european
    case .arabicIndic: .arabicIndic
    case .persian: .persian
    case .contextual: .contextual()
    }
  }
}

@available(SwiftStdlib 6.2, *)
extension TerminalLayout.Alignment: ExpressibleByArgument {}

/// One message as `display` shows it.
@available(SwiftStdlib 6.2, *)
struct MessageDisplay: Sendable {
  let isolator: BidiIsolator?
  let detector: DirectionDetector
  let layout: TerminalLayout
  let direction: DirectionChoice
  /// Applied to each message before anything else, so the digits take their new bidi class.
  var digits: DigitShaping = .keep

  func display(_ message: String, lineBreak: LineTerminator) -> String {
    var output: [UInt8] = []
    Array(message.utf8).withBytes { display($0, lineBreak: lineBreak, into: &output) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the display of `message`, validated UTF-8, to `output`.
  func display(_ message: Span<UInt8>, lineBreak: LineTerminator, into output: inout [UInt8]) {
    // Most messages in most rooms are plain left-to-right text that fits: shown as stored.
    if direction != .rtl, digits == .keep, let cells = TerminalLayout.plainLeftToRightWidth(ofValidUTF8: message),
      cells <= (layout.width ?? Int.max)
    {
      if layout.alignment == .right, let width = layout.width {
        output.append(contentsOf: repeatElement(0x20, count: width - cells))
      }
      output.append(copying: message)
      return
    }
    let original = digits.apply(to: String(validUTF8: message))
    let text = isolator?.isolate(original) ?? original
    let base: BaseDirection
    switch direction {
    case .ltr: base = .leftToRight
    case .rtl: base = .rightToLeft
    case .auto where isolator != nil:
      // Rule P2 skips isolates, and every entity with a strong character is isolated by now.
      base = .auto
    case .auto:
      base = detector.direction(of: original) == .rightToLeft ? .rightToLeft : .leftToRight
    }
    let start = output.count
    do {
      try layout.render(
        text, direction: base, protected: layout.width == nil ? [] : IsolateSpans.find(in: text),
        lineBreak: lineBreak == .carriageReturnLineFeed ? [0x0D, 0x0A] : [0x0A], appendingTo: &output)
    } catch {
      output.removeSubrange(start...)
      output.append(contentsOf: original.utf8)
    }
  }
}

/// The scalar ranges between isolate initiators and their PDIs: the entities the isolator set apart,
/// which wrapping keeps whole.
@available(SwiftStdlib 6.2, *)
enum IsolateSpans {
  static func find(in text: String) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var open: [Int] = []
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      switch scalar.value {
      case 0x2066...0x2068: open.append(offset)
      case 0x2069: if let start = open.popLast(), open.isEmpty { spans.append(start..<offset + 1) }
      default: break
      }
    }
    return spans
  }
}

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
    let display = TerminalDisplay(
      layout: TerminalLayout(
        width: noWrap ? nil : (width ?? TerminalSize.columns()), alignment: align, shapesArabic: !noShape),
      isolator: noIsolate ? nil : BidiIsolator(options),
      detector: DirectionDetector(kinds: options.kinds, memberNames: options.memberNames),
      direction: dir.fixedDirection, digits: digits.shaping)
    let command = MessageRewriter(
      layout: input.layout, strict: input.strict, workspace: { TerminalDisplay.Workspace() }
    ) { message, terminator, output, workspace in
      display.render(
        validUTF8: message, lineBreak: terminator == .carriageReturnLineFeed ? [0x0D, 0x0A] : [0x0A],
        appendingTo: &output, workspace: &workspace)
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

@_spi(Testing) import BidiFixCommands
import BidiIsolator
import BidiTerminal
import BidiTestSupport
import Foundation
import Testing

/// `TerminalDisplay`, which `bidi-fix display` runs on, against ``ReferenceDisplay``, the data flow
/// it replaced (a `String` isolated, its isolates found again, laid out by `TerminalLayout` through
/// `BidiText`): byte for byte, on lines of `Scripts/gen-corpus` (mixed and left-to-right-heavy chat,
/// and hostile lines rich in controls, brackets, marks and emoji), one workspace reused from line
/// to line as the command reuses it. `BIDI_DISPLAY_SEEDS=N` runs N seeds of the corpora.
@Suite("TerminalDisplay against the data flow it replaced")
struct DisplayFlowTests {
  /// No wrapping and the two common widths, each with every side a line may be aligned to; then
  /// the other options: not isolated, a fixed direction, digits converted, not shaped.
  static let displays: [TerminalDisplay] =
    [nil, 40, 80].flatMap { width in
      [TerminalLayout.Alignment.auto, .left, .right].map {
        TerminalDisplay(layout: TerminalLayout(width: width, alignment: $0))
      }
    } + [
      TerminalDisplay(layout: TerminalLayout(width: 40), isolator: nil),
      TerminalDisplay(layout: TerminalLayout(width: nil), isolator: nil),
      TerminalDisplay(layout: TerminalLayout(width: 40), direction: .rightToLeft),
      TerminalDisplay(layout: TerminalLayout(width: 80), direction: .leftToRight),
      TerminalDisplay(layout: TerminalLayout(width: 80), digits: .contextual()),
      TerminalDisplay(layout: TerminalLayout(width: 40, shapesArabic: false), digits: .persian),
    ]

  @Test(
    "Generated chat and hostile lines: no wrap, width 40 and 80, each alignment, and the other options",
    .enabled(if: Program.path(of: "python3") != nil, "needs python3, which runs Scripts/gen-corpus"),
    arguments: SplitMix64.seeds("BIDI_DISPLAY_SEEDS"))
  func generatedLines(seed: UInt64) throws {
    let lines = try Self.lines(seed: seed)
    for display in Self.displays {
      Self.expectSameOutput(display, on: lines)
    }
  }

  /// About a thousand lines of each of gen-corpus's profiles for `seed`.
  /// Isolates pair within a paragraph (UAX #9, BD9), so an initiator left open in one paragraph
  /// ends there, and wrapping still keeps the next paragraph's isolates whole.
  @Test("An isolate left open ends with its paragraph; the next paragraph's isolates are kept whole")
  func isolateLeftOpenEndsWithItsParagraph() {
    let display = TerminalDisplay(layout: TerminalLayout(width: 8, alignment: .left), isolator: nil)
    for separator in ["\u{2029}", "\r\n", "\u{1C}"] {
      let message = "\u{2066}x\(separator)aaaa \u{2066}bb cc\u{2069}"
      let lines = display.lines(of: message)
      #expect(lines.contains { $0.contains("bb cc") }, "\(lines)")
      Self.expectSameOutput(display, on: [message])
    }
  }

  /// Messages with no right-to-left letter, Arabic number or right-to-left control are shown in
  /// stored order; these carry what that order must still leave out or keep: the left-to-right
  /// controls, marks, characters a terminal must not see, joined emoji, and wide characters.
  @Test("Messages whose levels are all even, wrapped and not, with controls, marks and joined emoji")
  func messagesWhoseLevelsAreAllEven() {
    let messages = [
      "see \u{202A}embedded (text)\u{202C} and \u{202D}overridden [text]\u{202C} then more words to wrap",
      "an \u{2066}isolate (kept) whole\u{2069} and \u{2068}first strong\u{2069} \u{200E}marked words here",
      "a bell\u{07} and a BOM\u{FEFF} hidden, then 👩\u{200D}💻 and 👍🏽 joined, 你好世界你好世界 wide",
      "@alice says see https://example.com/a?b=(c) and call +1 (555) 123-4567 before 10:30, #swift",
      "(12) [34] {56} 78.9% 1,234 -5 +6 $7",
      // Plain text wider than a line, which is wrapped straight from its bytes.
      "plain\ttabbed words, 你好世界你好 wide, 😀👍🏽 emoji, @bob and https://example.com/a/long/path to wrap",
      "cafe\u{301} de\u{301}ja\u{300} vu, x\u{301}\u{302}\u{303}\u{304} marks 1234567890123 and 2024-01-15 10:30",
      "unopened PDI\u{2069} and unclosed \u{2066}isolate and \u{202A}embedding that never ends",
      "one paragraph\u{2029}and \u{2066}another one\u{2069} here\r\nand a third",
      // One class that raises a level to an odd one each: these are not in stored order.
      "x \u{2067}1 2\u{2069} y", "x \u{202B}1 2\u{202C} y", "x \u{202E}abc\u{202C} y", "total ٤ ٥ items",
      "x \u{200F} y", "x \u{061C} 1 2",
    ]
    var displays = Self.displays
    for width in [7, 12, 23] {
      displays.append(TerminalDisplay(layout: TerminalLayout(width: width, alignment: .right)))
      displays.append(TerminalDisplay(layout: TerminalLayout(width: width), isolator: nil, direction: .leftToRight))
    }
    for display in displays {
      Self.expectSameOutput(display, on: messages)
    }
  }

  static func lines(seed: UInt64) throws -> [String] {
    var lines: [String] = []
    for (profile, megabytes) in [("mixed", "0.12"), ("ltr-heavy", "0.08"), ("hostile", "0.08")] {
      let run = try Program.run(
        "python3",
        [
          repositoryRoot.appendingPathComponent("Scripts/gen-corpus").path, "--profile", profile, "--megabytes",
          megabytes, "--seed", String(seed),
        ])
      try #require(run.status == 0, "gen-corpus: \(run.stderr)")
      lines += run.text.split(separator: "\n").map(String.init)
    }
    return lines
  }

  /// Renders every line with `display` and one workspace, and with the reference; records the
  /// first lines whose bytes differ.
  static func expectSameOutput(_ display: TerminalDisplay, on lines: [String]) {
    let reference = ReferenceDisplay(display)
    var workspace = TerminalDisplay.Workspace()
    var differing = 0
    for line in lines {
      var fast: [UInt8] = []
      display.render(line.utf8Span, lineBreak: [0x0A], appendingTo: &fast, workspace: &workspace)
      var expected: [UInt8] = []
      reference.render(line, lineBreak: [0x0A], appendingTo: &expected)
      guard fast != expected else { continue }
      differing += 1
      if differing <= 3 {
        Issue.record(
          """
          \(display.layout) isolating \(display.isolator != nil) direction \(String(describing: display.direction)) \
          digits \(display.digits): \(escaped(line))
          TerminalDisplay: \(escaped(String(decoding: fast, as: UTF8.self)))
          reference:       \(escaped(String(decoding: expected, as: UTF8.self)))
          """)
      }
    }
    #expect(differing == 0, "\(differing) of \(lines.count) lines differ")
  }
}

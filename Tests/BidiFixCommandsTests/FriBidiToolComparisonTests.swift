@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// `bidi-fix display` next to FriBidi's own `fribidi` tool (Debian's libfribidi-bin 1.0.8) on the same
/// messages. Where they differ, each test says which one is right and why.
@Suite("display compared with the fribidi tool", .requires(.fribidiTool))
struct FriBidiToolComparisonTests {
  static func fribidi(_ arguments: [String], input: String) throws -> String {
    let run = try Program.run("fribidi", arguments, input: Data(input.utf8))
    #expect(run.status == 0, "fribidi \(arguments): \(run.stderr)")
    return run.text
  }

  static let shapedMarhaba = "\u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}"

  @Test("Torn mention: fribidi sticks the @ to the Arabic; bidi-fix keeps @我 whole")
  func tornMention() throws {
    let message = "مرحبا @我, 今天天气好吗\n"
    // The bidi algorithm alone makes "@" a neutral between Arabic and Chinese: it takes the
    // paragraph's right-to-left direction and lands on the far side of 我.
    #expect(try Self.fribidi(["--nopad"], input: message) == "我, 今天天气好吗@ \(Self.shapedMarhaba)\n")
    // Isolated first, "@我" is one left-to-right unit.
    let ours = try BidiFixBinary.run(["display", "--no-wrap", "--align", "none", "--terminal", "none"], input: message)
    #expect(ours.text == "今天天气好吗 ,@我 \(Self.shapedMarhaba)\n")
  }

  @Test("Wrap order: fribidi reorders and then wraps, so a long RTL message starts with its last word")
  func wrapOrder() throws {
    let message = "אחת שתיים שלוש ארבע חמש שש שבע שמונה תשע עשר\n"
    // fribidi's first line holds the end of the message ("עשר", reversed), its second the start.
    #expect(
      try Self.fribidi(["--nopad", "--width", "40"], input: message)
        == "רשע עשת הנומש עבש שש שמח עברא שולש םייתש\n תחא\n")
    // UAX #9: break the paragraph into lines first, then reorder each line. The first line holds
    // the first nine words; read right to left it starts with "אחת".
    let ours = try BidiFixBinary.run(["display", "--width", "40", "--terminal", "none"], input: message)
    #expect(ours.text == "עשת הנומש עבש שש שמח עברא שולש םייתש תחא\n" + String(repeating: " ", count: 37) + "רשע\n")
  }

  @Test("Cell widths: fribidi pads by characters, so a line with CJK overflows the width")
  func cellWidths() throws {
    let message = "שלום 你好世界\n"
    // 11 spaces + 9 characters = 20 characters, but the four ideographs take two cells each: 24.
    let theirs = try Self.fribidi(["--width", "20"], input: message)
    #expect(theirs == String(repeating: " ", count: 11) + "你好世界 םולש\n")
    // Padding counted in cells: 7 spaces + 13 cells = 20.
    let ours = try BidiFixBinary.run(["display", "--width", "20", "--terminal", "none"], input: message)
    #expect(ours.text == String(repeating: " ", count: 7) + "你好世界 םולש\n")
  }

  @Test("Combining marks: both keep each mark after its base (the terminal-wg vector)")
  func combiningMarks() throws {
    let message = "\u{05E9}\u{05B8}\u{05C1}\u{05DC}\u{05D5}\u{05B9}\u{05DD}\n"
    let expected = "\u{05DD}\u{05D5}\u{05B9}\u{05DC}\u{05E9}\u{05B8}\u{05C1}\n"
    #expect(try Self.fribidi(["--ltr", "--nopad"], input: message) == expected)
    let ours = try BidiFixBinary.run(["display", "--dir", "ltr", "--no-wrap", "--terminal", "none"], input: message)
    #expect(ours.text == expected)
  }
}

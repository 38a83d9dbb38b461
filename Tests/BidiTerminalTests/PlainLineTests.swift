import Bidi
import BidiTerminal
import BidiTestSupport
import Testing

/// `TerminalLayout.plainLeftToRightWidth(of:)` decides which lines `display` copies as they are, so
/// a wrong "plain" would show a line unreordered. It reads bytes, eight at a time where it can:
/// these tests put every kind of character on every side of those eight-byte boundaries.
@Suite("Plain left-to-right lines")
struct PlainLineTests {
  /// Characters that keep a line plain and ones that do not, of one to four UTF-8 bytes.
  static let pieces: [String] = [
    "a", "Hello world ", "        ", "abcdefgh", "~", "\t", "\u{7F}", "\u{01}", "\u{1B}", "\u{85}", "\u{A0}", "é",
    "ß", "(", "@", "1", "你好", "、", "ｱ", "שלום", "٣", "۱", "\u{301}", "\u{200E}", "\u{200F}", "\u{FEFF}",
    "\u{2029}", "\u{202B}", "\u{2067}", "😀", "𝐀", "\u{10FFFD}",
  ]

  /// A line is plain when no character in it would move, be mirrored or be shaped in a
  /// left-to-right paragraph, and none of it is a character a terminal must not be sent. Its width
  /// is its cells, a tab counting as one (as the check has always counted it; `wcwidth` has none).
  static func referenceWidth(_ text: String) -> Int? {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x20 && value != 0x09 || (0x7F...0x9F).contains(value) || value == 0xFEFF || value == 0x200E {
        return nil
      }
      let bidiClass = BidiLibrary.bidiClass(of: value)!
      if [.rightToLeft, .arabicLetter, .arabicNumber, .paragraphSeparator].contains(bidiClass)
        || bidiClass.rawValue >= BidiClass.leftToRightEmbedding.rawValue
      {
        return nil
      }
    }
    return CellWidth.of(text) + text.unicodeScalars.count { $0 == "\t" }
  }

  @Test("the width agrees with a scalar-by-scalar reference, and a plain line renders as stored", arguments: 1...4)
  func agreesWithReference(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed))
    let layout = TerminalLayout(width: nil, alignment: .none)
    var plainLines = 0
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...24, using: &random) {
        // Mostly plain pieces, so that long plain runs cross eight-byte boundaries.
        text += Int.random(in: 0..<4, using: &random) == 0 ? Self.pieces.randomElement(using: &random)! : "abc "
      }
      let width = TerminalLayout.plainLeftToRightWidth(of: text)
      #expect(width == Self.referenceWidth(text), "\(Array(text.unicodeScalars))")
      if width != nil {
        plainLines += 1
        #expect(try layout.render(text, direction: .leftToRight) == [text], "\(Array(text.unicodeScalars))")
      }
    }
    // Both answers must have been exercised.
    #expect(plainLines > 200 && plainLines < 1_800)
  }
}

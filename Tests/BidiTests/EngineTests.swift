import Bidi
import BidiTestSupport
import Testing

@Suite("Engine API")
struct EngineTests {
  @Test(
    "Bidi classes come from FriBidi's tables",
    arguments: [
      ("a", BidiClass.leftToRight), ("א", .rightToLeft), ("ا", .arabicLetter), ("7", .europeanNumber),
      ("٣", .arabicNumber), ("+", .europeanSeparator), ("%", .europeanTerminator), (",", .commonSeparator),
      ("\u{0301}", .nonspacingMark), ("\u{200D}", .boundaryNeutral), ("\n", .paragraphSeparator),
      ("\t", .segmentSeparator), (" ", .whiteSpace), ("!", .otherNeutral), ("\u{202A}", .leftToRightEmbedding),
      ("\u{202D}", .leftToRightOverride), ("\u{202B}", .rightToLeftEmbedding),
      ("\u{202E}", .rightToLeftOverride), ("\u{202C}", .popDirectionalFormat),
      ("\u{2066}", .leftToRightIsolate), ("\u{2067}", .rightToLeftIsolate),
      ("\u{2068}", .firstStrongIsolate), ("\u{2069}", .popDirectionalIsolate), ("我", .leftToRight),
      ("\u{1F600}", .otherNeutral),
    ] as [(Unicode.Scalar, BidiClass)])
  func classes(scalar: Unicode.Scalar, expected: BidiClass) {
    #expect(BidiClass(scalar) == expected)
    #expect(BidiLibrary.bidiClass(of: scalar.value) == expected)
  }

  @Test("Class names round-trip")
  func classNames() {
    #expect(BidiClass.allCases.count == 23)
    for bidiClass in BidiClass.allCases {
      #expect(BidiClass(shortName: bidiClass.shortName) == bidiClass)
      #expect(BidiClass(shortName: bidiClass.longName) == bidiClass)
    }
    #expect(BidiClass.arabicLetter.shortName == "AL")
    #expect(BidiClass.popDirectionalIsolate.longName == "Pop_Directional_Isolate")
    #expect(BidiClass(shortName: "XX") == nil)
  }

  @Test("Mirroring and paired brackets")
  func mirroringAndBrackets() {
    #expect(Unicode.Scalar("(").bidiMirror == ")")
    #expect(Unicode.Scalar("«").bidiMirror == "»")
    #expect(Unicode.Scalar("a").bidiMirror == nil)
    #expect(Unicode.Scalar("[").bidiPairedBracket == PairedBracket(kind: .opening, counterpart: "]"))
    #expect(Unicode.Scalar("]").bidiPairedBracket == PairedBracket(kind: .closing, counterpart: "["))
    #expect(Unicode.Scalar("«").bidiPairedBracket == nil)  // mirrored, but not a paired bracket
  }

  @Test("Base direction: fixed, first strong, first strong skipping isolates, fallback")
  func baseDirection() throws {
    #expect(try BidiText("שלום world").paragraphs[0].direction == .rightToLeft)
    #expect(try BidiText("world שלום").paragraphs[0].direction == .leftToRight)
    #expect(try BidiText("\u{2067}abc\u{2069} שלום").paragraphs[0].direction == .rightToLeft)
    #expect(try BidiText("123 !").paragraphs[0].direction == .leftToRight)
    #expect(try BidiText("123 !", direction: .auto(fallback: .rightToLeft)).paragraphs[0].direction == .rightToLeft)
    #expect(try BidiText("abc", direction: .rightToLeft).paragraphs[0].baseLevel.rawValue == 1)
  }

  @Test("Level runs and visual runs")
  func runs() throws {
    let paragraph = try BidiText("ab אב cd", direction: .leftToRight).paragraphs[0]
    #expect(paragraph.levelRuns.map(\.range) == [0..<3, 3..<5, 5..<8])
    #expect(paragraph.levelRuns.map(\.level.rawValue) == [0, 1, 0])
    let line = paragraph.line()
    #expect(line.runs.map(\.range) == [0..<3, 3..<5, 5..<8])
    #expect(line.runs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
    #expect(line.visualToLogical == [0, 1, 2, 4, 3, 5, 6, 7])
    let rtl = try BidiText("ab אב", direction: .rightToLeft).paragraphs[0].line()
    #expect(rtl.runs.map(\.range) == [2..<5, 0..<2])
    #expect(rtl.visualString == "בא ab")
  }

  @Test("A sub-range of a paragraph lays out as one line, with L1 at its own end")
  func subRangeLines() throws {
    // "אבג דהו" in an LTR paragraph: as one line the space is level 1 between two R words; as the
    // line "אבג " it is trailing whitespace and goes to the paragraph level.
    let paragraph = try BidiText("אבג דהו", direction: .leftToRight).paragraphs[0]
    #expect(paragraph.line().levels.map { $0?.rawValue } == [1, 1, 1, 1, 1, 1, 1])
    let first = paragraph.line(0..<4)
    #expect(first.levels.map { $0?.rawValue } == [1, 1, 1, 0])
    #expect(first.visualString == "גבא ")
    let second = paragraph.line(4..<7)
    #expect(second.visualString == "והד")
    #expect(second.visualToLogical == [6, 5, 4])
  }

  @Test("Mirroring (L4) and marks after their base (L3)")
  func mirroringAndMarks() throws {
    let text = try BidiText("אב (ג) [ד]", direction: .rightToLeft).paragraphs[0]
    #expect(text.line().visualString == "]ד[ )ג( בא")
    #expect(text.line(options: .mirror).visualString == "[ד] (ג) בא")
    // The terminal-wg test vector: שָׁלוֹם in an LTR line keeps each mark after its base.
    let shalom = try BidiText("\u{05E9}\u{05B8}\u{05C1}\u{05DC}\u{05D5}\u{05B9}\u{05DD}", direction: .leftToRight)
    let kept = shalom.paragraphs[0].line(options: .keepMarksAfterBase).visualScalars.map(\.value)
    #expect(kept == [0x05DD, 0x05D5, 0x05B9, 0x05DC, 0x05E9, 0x05B8, 0x05C1])
    let plain = shalom.paragraphs[0].line().visualScalars.map(\.value)
    #expect(plain == [0x05DD, 0x05B9, 0x05D5, 0x05DC, 0x05C1, 0x05B8, 0x05E9])
  }

  @Test("Removing controls: X9 characters, or only the bidi formatting characters")
  func removingControls() throws {
    // RLO ... PDF reverses "abc"; ZWJ is a boundary neutral.
    let paragraph = try BidiText("x\u{202E}abc\u{202C}\u{200D}y", direction: .leftToRight).paragraphs[0]
    #expect(paragraph.levels.map { $0?.rawValue } == [0, nil, 1, 1, 1, nil, nil, 0])
    #expect(paragraph.line(options: .removeX9Characters).visualString == "xcbay")
    // A kept boundary neutral sits at the level of the character before it (UAX #9, 5.2).
    #expect(paragraph.line(options: .removeBidiControls).visualString == "x\u{200D}cbay")
    #expect(paragraph.line(options: .removeX9Characters).logicalToVisual == [0, nil, 3, 2, 1, nil, nil, 4])
  }

  @Test("Arabic shaping gives presentation forms and keeps the maps right")
  func shaping() throws {
    let line = try BidiText("سلام", direction: .rightToLeft).paragraphs[0].line(options: .shapeArabic)
    // Initial seen, the final lam-alef ligature, and an isolated meem (alef does not join forward).
    #expect(line.visualString == "\u{FEE1}\u{FEFC}\u{FEB3}")
    #expect(line.visualToLogical == [3, 1, 0])
    #expect(line.logicalToVisual == [2, 1, 1, 0])
    let unshaped = try BidiText("سلام", direction: .rightToLeft).paragraphs[0].line()
    #expect(unshaped.visualString == "مالس")
  }

  @Test("The seed message, unisolated, shows the torn mention")
  func seedMessage() throws {
    let line = try BidiText("مرحبا @我, 今天天气好吗").paragraphs[0].line(options: .removeBidiControls)
    #expect(line.visualString == "我, 今天天气好吗@ ابحرم")
  }

  @Test("Positions convert between scalars, UTF-16, UTF-8 and String.Index")
  func positions() throws {
    let string = "😀 שלום é"
    let text = try BidiText(string)
    let positions = text.positions
    #expect(positions.scalarCount == 8)
    #expect(positions.utf16Offset(ofScalar: 2) == 3)
    #expect(positions.utf8Offset(ofScalar: 2) == 5)
    #expect(positions.utf16Range(ofScalars: 2..<6) == 3..<7)
    #expect(positions.utf8Range(ofScalars: 2..<6) == 5..<13)
    #expect(positions.scalarOffset(ofUTF16: 3) == 2)
    #expect(positions.scalarOffset(ofUTF16: 1) == nil)
    #expect(positions.scalarOffset(ofUTF8: 13) == 6)
    let range = positions.range(ofScalars: 2..<6, in: string)
    #expect(string[range] == "שלום")
    #expect(positions.scalarOffset(of: range.upperBound, in: string) == 6)
  }

  /// The loaded library's banner against what pkg-config, which found FriBidi for the build, says
  /// of the installed one; and its Unicode version against a character its tables must know.
  @Test("Library facts are read at run time from the libfribidi the build found")
  func libraryFacts() throws {
    let installed = try Program.run("pkg-config", ["--modversion", "fribidi"])
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(BidiLibrary.version + "\n" == installed.text)
    let unicode = try #require(BidiLibrary.unicodeVersion.split(separator: ".").first.flatMap { Int($0) })
    // U+08A0 ARABIC LETTER BEH WITH SMALL V BELOW came in Unicode 6.1: any libfribidi of 1.0 or later
    // has a newer table, and so has it as AL.
    #expect(unicode >= 6 && BidiLibrary.bidiClass(of: 0x08A0) == .arabicLetter)
  }
}

@_spi(Testing) import Bidi
import Testing

/// The bugs of libfribidi that hit chat text, with the vectors from the project's reference notes
/// (`libfribidi-1.0.8.md`, measured against ICU 72 and checked by hand). The engine gives the correct
/// levels on every library; what the loaded library gives on its own is checked too, so each vector
/// is known to show the bug where the library has it (1.0.8) or to be right where it was fixed.
@Suite("Where libfribidi is wrong")
struct LibFriBidiBugTests {
  struct Vector: Sendable, CustomTestStringConvertible {
    let name: String
    let scalars: String
    /// `nil` for a character rule X9 removes.
    let correct: [UInt8?]
    let fribidi108: [UInt8?]
    var direction = BaseDirection.rightToLeft
    var testDescription: String { name }
  }

  static let siblingIsolates: [Vector] = [
    Vector(
      name: "two RLI siblings, Latin then digits",
      scalars: "2067 0050 004D 2069 2067 0039 0036 0020 002F 0020 0031 0031 0030 2069",
      correct: [1, 4, 4, 1, 1, 4, 4, 3, 3, 3, 4, 4, 4, 1],
      fribidi108: [1, 4, 4, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 1]),
    Vector(
      name: "FSI of neutrals beside an Arabic RLI",
      scalars: "0029 2068 002C 0024 0300 0024 2069 002E 2067 0627 2069",
      correct: [1, 1, 2, 2, 2, 2, 1, 1, 1, 3, 1],
      fribidi108: [1, 1, 3, 3, 3, 3, 1, 1, 1, 3, 1]),
    Vector(
      name: "Arabic message, isolated Arabic mention, isolated phone number",
      scalars:
        "0627 062A 0635 0644 0020 2068 0040 0639 0644 064A 2069 0020 2068 002B 0031 002D 0035 0035 0035 2069",
      correct: [1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1],
      fribidi108: [1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 1, 1, 1, 3, 4, 4, 4, 4, 4, 1]),
  ]

  /// Not in FriBidi's tracker: after rule W1 gives a mark the type of the neutral before it, FriBidi
  /// does not pair a bracket that follows, so in an Arabic message an emoji with its variation
  /// selector (U+FE0F) splits "(明天)". Correct levels by hand from UAX #9 (N0: Chinese inside,
  /// Arabic before, so both brackets take the paragraph's direction); ICU 72 displays the line
  /// accordingly (`发送(明天)️❤ﺐﺘﻜﻤﻟﺍ`). FriBidi's levels are those `fribidi --levels --rtl` prints.
  static let bracketAfterMark: [Vector] = [
    Vector(
      name: "Arabic, heart with U+FE0F, Chinese in parentheses",
      scalars: "0627 0644 0645 0643 062A 0628 2764 FE0F 0028 660E 5929 0029 53D1 9001",
      correct: [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 2],
      fribidi108: [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]),
    Vector(
      name: "Arabic, combining accent on a star, Latin in brackets",
      scalars: "0627 0644 2605 0301 005B 0061 0062 005D 0063",
      correct: [1, 1, 1, 1, 1, 2, 2, 1, 2],
      fribidi108: [1, 1, 1, 1, 1, 2, 2, 2, 2]),
  ]

  /// Not in FriBidi's tracker, and in 1.0.16 too: rule N0 looks for the context of a bracket pair
  /// back to the start of its isolating run sequence (`sos`), but FriBidi goes on into the level
  /// runs before it. Here the brackets are at level 4 after an override at level 3: `sos` is L (the
  /// higher of 4 and 3 is even), so the pair around the Hebrew letter takes the embedding direction,
  /// L; FriBidi takes the overridden `b` for context and makes it R. Correct levels by hand from
  /// UAX #9 (X10, N0); the JDK's `java.text.Bidi` gives them too.
  static let bracketContextBeforeSequence: [Vector] = [
    Vector(
      name: "a pair inside an embedding, after an override of the other direction",
      scalars: "0061 202E 0062 202A 0028 05D0 0029",
      correct: [2, nil, 3, nil, 4, 5, 4],
      fribidi108: [2, nil, 3, nil, 5, 5, 5])
  ]

  /// Upstream #233, fixed after 1.0.16: libfribidi's bracket ids unify compatibility equivalents,
  /// so the fullwidth `（` U+FF08 closes with an ASCII `)`. BD16 pairs by Bidi_Paired_Bracket and
  /// canonical equivalence only: `（` pairs with `）` U+FF09 alone, and here the `)` is a neutral
  /// after Arabic, in a left-to-right paragraph. The vector and its levels are the issue's.
  static let compatibilityBrackets: [Vector] = [
    Vector(
      name: "a fullwidth opening parenthesis and an ASCII closing one (upstream #233)",
      scalars: "006F 0028 0627 FF08 0644 0645 0029",
      correct: [0, 0, 1, 1, 1, 1, 0],
      fribidi108: [0, 0, 1, 1, 1, 1, 1],
      direction: .leftToRight)
  ]

  @Test(
    "A bracket pairs with its own counterpart, not with a compatibility equivalent's",
    arguments: compatibilityBrackets)
  func compatibilityBracketsDoNotPair(_ vector: Vector) throws {
    #expect(try Self.levels(vector) == vector.correct)
  }

  @Test("A bracket pair's context is looked for only in its own sequence", arguments: bracketContextBeforeSequence)
  func bracketContextStaysInSequence(_ vector: Vector) throws {
    #expect(try Self.levels(vector) == vector.correct)
  }

  @Test("A bracket right after a non-spacing mark still pairs", arguments: bracketAfterMark)
  func bracketAfterMarkPairs(_ vector: Vector) throws {
    #expect(try Self.levels(vector) == vector.correct)
  }

  @Test(
    "FriBidi alone gives the correct levels or the known wrong ones",
    arguments: bracketAfterMark + siblingIsolates + bracketContextBeforeSequence + compatibilityBrackets)
  func libraryAlone(_ vector: Vector) throws {
    let alone = try Self.levels(vector, libraryAlone: true)
    #expect(alone == vector.correct || alone == vector.fribidi108, "libfribidi \(BidiLibrary.version): \(alone)")
  }

  @Test(
    "libfribidi 1.0.8 alone shows each bug",
    .enabled(if: BidiLibrary.version == "1.0.8", "the vectors' wrong levels are 1.0.8's; another libfribidi is loaded"),
    arguments: bracketAfterMark + siblingIsolates + bracketContextBeforeSequence + compatibilityBrackets)
  func libraryAloneOnDebian(_ vector: Vector) throws {
    #expect(try Self.levels(vector, libraryAlone: true) == vector.fribidi108)
  }

  private static func levels(_ vector: Vector, libraryAlone: Bool = false) throws -> [UInt8?] {
    var string = ""
    string.unicodeScalars.append(contentsOf: scalars(hex: vector.scalars))
    let text =
      libraryAlone
      ? try BidiText(resolvingWithLibraryAlone: string, direction: vector.direction)
      : try BidiText(string, direction: vector.direction)
    return text.paragraphs[0].line().levels.map { $0?.rawValue }
  }

  @Test("Sibling isolates resolve on their own (upstream #141)", arguments: siblingIsolates)
  func siblingIsolatesResolveSeparately(_ vector: Vector) throws {
    #expect(try Self.levels(vector) == vector.correct)
  }

  @Test("The phone number keeps its order in an Arabic message")
  func phoneNumberDisplaysInOrder() throws {
    let message = "اتصل \u{2068}@علي\u{2069} \u{2068}+1-555\u{2069}"
    let line = try BidiText(message, direction: .rightToLeft).paragraphs[0]
      .line(options: [.mirror, .removeBidiControls])
    #expect(line.visualString == "+1-555 يلع@ لصتا")
    let alone = try BidiText(resolvingWithLibraryAlone: message, direction: .rightToLeft)
      .paragraphs[0].line(options: [.mirror, .removeBidiControls])
    #expect(["+1-555 يلع@ لصتا", "1-555+ يلع@ لصتا"].contains(alone.visualString))
  }

  @Test("Paragraph separators inside a text start new paragraphs (upstream #201)")
  func paragraphSeparatorsSplit() throws {
    let text = try BidiText("abc אבג\nשלום 123\u{2029}x", direction: .auto)
    #expect(text.paragraphs.map(\.range) == [0..<8, 8..<17, 17..<18])
    #expect(text.paragraphs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
    #expect(text.paragraphs[1].levels.map { $0?.rawValue } == [1, 1, 1, 1, 1, 2, 2, 2, 1])
    #expect(
      text.paragraphs[1].line(options: .removeBidiControls).visualString == "\u{2029}123 םולש")
    // CR LF is one separator.
    #expect(try BidiText("a\r\nb").paragraphs.map(\.range) == [0..<3, 3..<4])
  }

  @Test("log2vis leaves U+FEFF after a lam-alef ligature; the engine does not (upstream #41, #200)")
  func noLigatureFiller() throws {
    let line = try BidiText("لا سلام", direction: .rightToLeft).paragraphs[0]
      .line(options: .display)
    #expect(!line.visualScalars.contains("\u{FEFF}"))
    // ﻡﻼﺳ ﻻ: final meem, lam-alef final ligature, initial seen; then the isolated lam-alef.
    #expect(line.visualString == "\u{FEE1}\u{FEFC}\u{FEB3} \u{FEFB}")
    #expect(line.visualToLogical == [6, 4, 3, 2, 0])
    #expect(line.logicalToVisual == [4, 4, 3, 2, 1, 1, 0])
  }
}

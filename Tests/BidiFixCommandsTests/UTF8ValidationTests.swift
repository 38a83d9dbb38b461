@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Testing

@testable import BidiFixCommands

/// The tool's own UTF-8 validation against the standard library's, which it replaced on the hot
/// path for speed: they must agree on every input.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
  static func standardLibraryAccepts(_ bytes: [UInt8]) -> Bool {
    String(validating: bytes, as: UTF8.self) != nil
  }

  static func toolAccepts(_ bytes: [UInt8]) -> Bool {
    bytes.withBytes { UTF8Stretches.isValid($0) }
  }

  @Test(
    "Each kind of ill-formed sequence, and its well-formed neighbours, at every position in an ASCII run",
    arguments: [
      [0xC2, 0x80], [0xDF, 0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0x80], [0xBF],
      [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xE2, 0x80],
      [0xE2, 0x41, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF1, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8], [0xFE], [0xFF],
    ] as [[UInt8]])
  func knownSequences(sequence: [UInt8]) {
    let expected = Self.standardLibraryAccepts(sequence)
    for position in 0...17 {
      var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
      bytes.insert(contentsOf: sequence, at: position)
      #expect(Self.toolAccepts(bytes) == expected, "\(sequence) at \(position)")
      #expect(Self.toolAccepts(Array(bytes[..<(position + sequence.count)])) == expected, "\(sequence) at the end")
    }
  }

  @Test("Random bytes weighted toward lead and continuation bytes: the same verdict as the standard library")
  func randomBytes() {
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet: [UInt8] = [
      0x41, 0x20, 0x0A, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xD8, 0xDF, 0xE0, 0xE2, 0xED, 0xEF,
      0xF0, 0xF4, 0xF5, 0xFF,
    ]
    var accepted = 0
    for _ in 0..<20_000 {
      let length = Int(generator.next() % 24)
      var bytes: [UInt8] = []
      for _ in 0..<length {
        // Half the time a well-formed character, so that long valid inputs occur too.
        if generator.next() % 2 == 0 {
          let scalars: [Unicode.Scalar] = ["a", "\u{627}", "\u{4E2D}", "\u{1F600}", "\u{202E}", "\u{FFFF}"]
          bytes.append(contentsOf: String(scalars[Int(generator.next() % 6)]).utf8)
        } else {
          bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
        }
      }
      let expected = Self.standardLibraryAccepts(bytes)
      if expected { accepted += 1 }
      #expect(Self.toolAccepts(bytes) == expected, "\(bytes)")
    }
    // Both verdicts must have been exercised for the comparison to mean anything.
    #expect(accepted > 1_000 && accepted < 19_000)
  }
}

extension UTF8ValidationTests {
  @Test("Runs of two-byte characters (Arabic, Hebrew, Cyrillic) with one byte changed anywhere in them")
  func twoByteRuns() {
    var generator = SplitMix64(seed: 0xA11F)
    let letters: [Unicode.Scalar] = ["\u{627}", "\u{5D0}", "\u{6F1}", "\u{430}", "\u{80}", "\u{7FF}"]
    let replacements: [UInt8] = [0x41, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE2, 0xF0, 0xFF]
    var accepted = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(generator.next() % 20) {
        bytes.append(contentsOf: String(letters[Int(generator.next() % UInt64(letters.count))]).utf8)
      }
      if !bytes.isEmpty && generator.next() % 4 != 0 {
        bytes[Int(generator.next() % UInt64(bytes.count))] =
          replacements[Int(generator.next() % UInt64(replacements.count))]
      }
      let expected = Self.standardLibraryAccepts(bytes)
      if expected { accepted += 1 }
      #expect(Self.toolAccepts(bytes) == expected, "\(bytes)")
    }
    #expect(accepted > 3_000 && accepted < 17_000)
  }
}

extension UTF8ValidationTests {
  /// The eight-byte check carries the continuation bytes a word's last leads expect into the next
  /// word, and falls back to a character at a time for emoji and `E0`/`ED` leads: every mix of
  /// one- to four-byte characters, at every offset from a word boundary, with one byte changed.
  @Test("Mixed runs of one- to four-byte characters with one byte changed, at every alignment")
  func mixedRunsAtEveryAlignment() {
    var generator = SplitMix64(seed: 0x3B17E)
    let characters: [Unicode.Scalar] = [
      "a", " ", "\u{627}", "\u{5D0}", "\u{80}", "\u{7FF}", "\u{4E2D}", "\u{800}", "\u{FFFF}", "\u{D7FF}",
      "\u{E000}", "\u{1F600}", "\u{10FFFF}", "\u{2067}",
    ]
    let replacements: [UInt8] = [0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xE4, 0xED, 0xF0, 0xF4, 0xF5]
    var accepted = 0
    for round in 0..<30_000 {
      var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: round % 8)
      for _ in 0..<Int(generator.next() % 24) {
        bytes.append(contentsOf: String(characters[Int(generator.next() % UInt64(characters.count))]).utf8)
      }
      if !bytes.isEmpty && generator.next() % 3 != 0 {
        bytes[Int(generator.next() % UInt64(bytes.count))] =
          replacements[Int(generator.next() % UInt64(replacements.count))]
      }
      if generator.next() % 8 == 0 && !bytes.isEmpty { bytes.removeLast() }
      let expected = Self.standardLibraryAccepts(bytes)
      if expected { accepted += 1 }
      #expect(Self.toolAccepts(bytes) == expected, "\(bytes)")
    }
    #expect(accepted > 5_000 && accepted < 25_000)
  }
}

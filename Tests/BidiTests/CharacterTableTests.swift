import BidiTestSupport
import Foundation
import Testing

@testable import Bidi

/// The engine's tables of the loaded libfribidi's mirrors and bracket ids, which the display path
/// reads instead of calling the library: the mirrors and which characters are brackets against the
/// library itself, the pairs against BidiBrackets.txt.
@Suite("Mirror and bracket tables give what libfribidi gives")
struct CharacterTableTests {
  @Test("Every code point: the same mirror as the library, and a bracket id where the library has one")
  func everyCodePointMatchesLibrary() {
    var mirrorMismatches: [UInt32] = []
    var bracketMismatches: [UInt32] = []
    var mirrored = 0
    var brackets = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let libraryMirror = FriBidiLibrary.mirror(of: value)
      if Mirroring.mirror(of: scalar)?.value != libraryMirror { mirrorMismatches.append(value) }
      if libraryMirror != nil { mirrored += 1 }
      // The same brackets, opening or closing alike; which ones pair is the next test's.
      let libraryBracket = FriBidiLibrary.bracket(of: value)
      let mask = FriBidiLibrary.openingBracketMask
      let bracket = CharacterData.bracket(of: value)
      if (bracket == 0) != (libraryBracket == 0) || bracket & mask != libraryBracket & mask {
        bracketMismatches.append(value)
      }
      if libraryBracket != 0 { brackets += 1 }
    }
    // A library with no mirrors or brackets would make the comparison empty.
    #expect(mirrored > 300)
    #expect(brackets > 100)
    #expect(mirrorMismatches.count == 0, "mirrors differ, first at \(mirrorMismatches.prefix(10).map { hex($0) })")
    #expect(
      bracketMismatches.count == 0, "bracket ids differ, first at \(bracketMismatches.prefix(10).map { hex($0) })")
  }

  /// Rule BD16 pairs an opening bracket with the closing one its Bidi_Paired_Bracket names, or with
  /// a canonical equivalent of it, and with nothing else. Every pair of BidiBrackets.txt (15.0) the
  /// library knows (its Unicode version may be older) shares one id, and two pairs share one only
  /// when their openings are canonically equivalent by UnicodeData.txt: libfribidi's own ids also
  /// join compatibility equivalents (upstream #233), which the engine's do not.
  @Test("Bracket ids join the pairs of BidiBrackets.txt and canonical equivalents, and nothing else")
  func bracketIDsFollowBidiBrackets() throws {
    var pairs: [(opening: UInt32, closing: UInt32)] = []
    for line in try unicodeDataFile("BidiBrackets.txt").split(separator: "\n") {
      let fields = line.prefix { $0 != "#" }.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 3, fields[2] == "o", let opening = UInt32(fields[0], radix: 16),
        let closing = UInt32(fields[1], radix: 16)
      else { continue }
      pairs.append((opening, closing))
    }
    #expect(pairs.count == 64)
    // Canonical singleton decompositions: a bare code point in field 5.
    var canonical: [UInt32: UInt32] = [:]
    for line in try unicodeDataFile("UnicodeData.txt").split(separator: "\n") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count > 5, let value = UInt32(fields[0], radix: 16),
        let decomposition = UInt32(fields[5], radix: 16)
      else { continue }
      canonical[value] = decomposition
    }
    let mask = FriBidiLibrary.openingBracketMask
    let known = pairs.filter { FriBidiLibrary.bracket(of: $0.opening) != 0 }
    #expect(known.count >= 60, "the library knows \(known.count) of the 64 pairs")
    var openingsByID: [UInt32: [UInt32]] = [:]
    for pair in known {
      let opening = CharacterData.bracket(of: pair.opening)
      let closing = CharacterData.bracket(of: pair.closing)
      #expect(
        opening & mask != 0 && closing & mask == 0 && opening & ~mask == closing,
        "\(hex(pair.opening)) and \(hex(pair.closing)): ids \(hex(opening)), \(hex(closing))")
      openingsByID[closing, default: []].append(pair.opening)
    }
    for (id, openings) in openingsByID where openings.count > 1 {
      let equivalents = Set(openings.map { canonical[$0] ?? $0 })
      #expect(equivalents.count == 1, "\(openings.map(hex)) share the id \(hex(id))")
    }
    // The one canonical equivalence among brackets, joined.
    #expect(openingsByID[0x3008]?.sorted() == [0x2329, 0x3008])
  }

  private func hex(_ value: UInt32) -> String {
    "U+" + String(value, radix: 16, uppercase: true)
  }
}

import Testing

@testable import Bidi

/// The engine's tables of the loaded libfribidi's mirrors and bracket ids, which the display path
/// reads instead of calling the library, against the library itself.
@Suite("Mirror and bracket tables give what libfribidi gives")
struct CharacterTableTests {
  @Test("Every code point: the same mirror and the same bracket id as the library")
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
      let libraryBracket = FriBidiLibrary.bracket(of: value)
      if CharacterData.bracket(of: value) != libraryBracket { bracketMismatches.append(value) }
      if libraryBracket != 0 { brackets += 1 }
    }
    // A library with no mirrors or brackets would make the comparison empty.
    #expect(mirrored > 300)
    #expect(brackets > 100)
    #expect(mirrorMismatches.count == 0, "mirrors differ, first at \(mirrorMismatches.prefix(10).map { hex($0) })")
    #expect(
      bracketMismatches.count == 0, "bracket ids differ, first at \(bracketMismatches.prefix(10).map { hex($0) })")
  }

  private func hex(_ value: UInt32) -> String {
    "U+" + String(value, radix: 16, uppercase: true)
  }
}

import BidiTestSupport
import Testing

@testable import Bidi

/// The engine's own Arabic shaper against libfribidi's `fribidi_join_arabic` and
/// `fribidi_shape_arabic`, which it replaces on the display path and must match exactly.
@Suite("Arabic shaping in Swift gives what libfribidi gives")
struct ArabicShapingTests {
  /// Joining letters of several kinds, marks, tatweel, the joiners, explicit controls, a boundary
  /// neutral, the byte order mark and characters that join nothing, so that joins are made,
  /// broken and looked through.
  static let pool: [UInt32] = [
    0x0621, 0x0622, 0x0623, 0x0625, 0x0627, 0x0628, 0x0629, 0x062F, 0x0633, 0x0639, 0x0644, 0x0644, 0x0644,
    0x0645, 0x0647, 0x0648, 0x064A, 0x067E, 0x06A9, 0x06AF, 0x06CC, 0x06C1, 0x0671, 0x0710, 0x0712, 0x07CA,
    0x08A0, 0x064B, 0x064E, 0x0651, 0x0652, 0x0670, 0x0640, 0x200C, 0x200D, 0x202A, 0x202B, 0x202C, 0x202D,
    0x202E, 0x2066, 0x2067, 0x2069, 0x00AD, 0xFEFF, 0x0020, 0x0061, 0x0031, 0x0661, 0x05D0, 0x1F600,
  ]

  @Test("Random lines, random levels: the same characters and the same ligatures", arguments: 0..<4)
  func matchesLibrary(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var mismatches = 0
    for _ in 0..<5_000 where mismatches < 5 {
      let count = Int.random(in: 1...40, using: &random)
      let values = (0..<count).map { _ in Self.pool.randomElement(using: &random)! }
      let classes = values.map { BidiLibrary.bidiClass(of: $0)! }
      // Runs of one level, as resolution gives, and sometimes every character on its own.
      var levels: [UInt8] = []
      while levels.count < count {
        let level = UInt8.random(in: 0...3, using: &random)
        let run = Bool.random(using: &random) ? 1 : Int.random(in: 1...8, using: &random)
        levels.append(contentsOf: repeatElement(level, count: min(run, count - levels.count)))
      }
      var expected = values
      FriBidiLibrary.shapeArabic(scalars: &expected, classes: classes[...], levels: levels, ligatures: true)
      var shaped = values
      let ligatured = ArabicShaping.shape(&shaped, classes: classes.span, start: 0, levels: levels)
      let libraryLigatured = zip(expected, values).contains { $0 == 0xFEFF && $1 != 0xFEFF }
      if shaped != expected || ligatured != libraryLigatured {
        mismatches += 1
        Issue.record("levels \(levels), input \(hex(values)): Swift \(hex(shaped)), FriBidi \(hex(expected))")
      }
    }
  }

  @Test("The joining bits are the libfribidi headers' masks")
  func masksMatchHeaders() {
    let bits = [
      ArabicJoining.joinsRight, ArabicJoining.joinsLeft, ArabicJoining.shapes, ArabicJoining.transparent,
      ArabicJoining.ignored,
    ]
    #expect(bits == FriBidiLibrary.joiningMasks)
  }

  @Test("Known forms: beh beh, lam alef, and a mark between two joined letters")
  func knownForms() {
    // Presentation forms from the Unicode code charts: BEH initial FE91 and final FE90; LAM with
    // ALEF as the ligature FEFB after a filler; a FATHA between two behs leaves both joined.
    let cases: [([UInt32], [UInt32])] = [
      ([0x0628, 0x0628], [0xFE91, 0xFE90]),
      ([0x0644, 0x0627], [0xFEFF, 0xFEFB]),
      ([0x0628, 0x064E, 0x0628], [0xFE91, 0x064E, 0xFE90]),
      ([0x0627, 0x0628], [0xFE8D, 0xFE8F]),
    ]
    for (input, expected) in cases {
      var values = input
      let classes = input.map { BidiLibrary.bidiClass(of: $0)! }
      _ = ArabicShaping.shape(
        &values, classes: classes.span, start: 0, levels: [UInt8](repeating: 1, count: input.count))
      #expect(values == expected, "\(hex(input))")
    }
  }

  private func hex(_ values: [UInt32]) -> String {
    values.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
  }
}

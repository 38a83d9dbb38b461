import Bidi
@_spi(BidiCore) import BidiCore

/// Everything the display of a line needs to know about a character, in one 32-bit word: its class
/// as the loaded libfribidi gives it, its width in terminal cells, how lines may break around it,
/// whether a terminal may be sent it, and its Arabic joining type. The display reads one word per
/// character instead of asking the library and several tables for each.
///
/// The words are read from libfribidi and the cell-width table once per process: for the Basic
/// Multilingual Plane on first use, for the Supplementary Multilingual Plane (emoji, most of all)
/// when the first character from it is displayed. Characters of the planes above (rare CJK
/// ideographs, tags, private use) are looked up one by one.
@available(SwiftStdlib 6.2, *)
struct DisplayCharacters {
  /// One character's word.
  struct Properties: Hashable {
    var rawValue: UInt32

    /// The class, from the low five bits.
    @inline(__always) var bidiClass: BidiClass { BidiClass(unchecked: UInt8(truncatingIfNeeded: rawValue & 0x1F)) }
    /// Terminal cells: 0, 1 or 2.
    @inline(__always) var cells: Int { Int(rawValue >> 5 & 3) }
    @inline(__always) func has(_ flag: UInt32) -> Bool { rawValue & flag != 0 }
    /// The joining type, for Arabic shaping.
    @inline(__always) var joiningType: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 24) }
  }

  /// A space lines break after (`LineBreaking`'s spaces).
  static let space: UInt32 = 1 << 7
  /// A CJK ideograph, kana or Hangul syllable, which lines may break around.
  static let ideographic: UInt32 = 1 << 8
  /// Closing punctuation that may not start a line.
  static let mayNotStartLine: UInt32 = 1 << 9
  /// A combining character (no cell, U+0300 or above), which stays with its base.
  static let combining: UInt32 = 1 << 10
  /// A character a terminal must not be sent: C0 controls other than tab, DEL and C1 controls, the
  /// byte order mark.
  static let hidden: UInt32 = 1 << 11
  /// A ZWJ, emoji modifier or tag, which joins the character before it into one grapheme.
  static let joiner: UInt32 = 1 << 12
  /// One of the twelve bidi formatting controls, which the display leaves out.
  static let bidiControl: UInt32 = 1 << 13
  /// A paired bracket, whose bracket id the resolver needs.
  static let bracket: UInt32 = 1 << 14
  /// Grapheme_Cluster_Break=Prepend.
  static let prepended: UInt32 = 1 << 15
  /// Set by the display, not the table: the character is inside an isolate, after its initiator,
  /// where a line may not break.
  static let insideIsolate: UInt32 = 1 << 16

  private static let basicPlane = words(of: 0..<0x1_0000)
  private static let supplementaryPlane = words(of: 0x1_0000..<0x2_0000)

  /// The words of a plane: what each character needs looked up, with its width read from the
  /// cell-width table run by run, then the flags of ``flaggedRanges`` laid over the ranges they
  /// cover.
  private static func words(of plane: Range<UInt32>) -> [UInt32] {
    let widths = CellWidth.widths(of: plane)
    var words = plane.map { lookedUp($0, cells: Int(widths[Int($0 - plane.lowerBound)])) }
    for (range, flag) in flaggedRanges where range.overlaps(plane) {
      for value in range.clamped(to: plane.lowerBound...plane.upperBound - 1) {
        words[Int(value - plane.lowerBound)] |= flag
      }
    }
    return words
  }

  /// The word of `value`.
  ///
  /// - Complexity: O(1) for the first two planes; above them, a look-up in the library and the
  ///   width table.
  @inline(__always)
  static func properties(ofScalar value: UInt32) -> Properties {
    if value < 0x1_0000 { return Properties(rawValue: basicPlane[Int(value)]) }
    if value < 0x2_0000 { return Properties(rawValue: supplementaryPlane[Int(value &- 0x1_0000)]) }
    return Properties(rawValue: properties(of: value))
  }

  /// The table: the words of the Basic Multilingual Plane, for a caller's loop over many characters.
  static var basicPlaneTable: [UInt32] { basicPlane }

  /// Works out the word of `value` from the library and the width table.
  private static func properties(of value: UInt32) -> UInt32 {
    var word = lookedUp(value, cells: Unicode.Scalar(value).map(CellWidth.of) ?? 1)
    for (range, flag) in flaggedRanges where range.contains(value) { word |= flag }
    return word
  }

  /// The part of the word of `value` that is looked up: its class and joining type from the
  /// library, its width (`cells`, from the table: a surrogate, which is no scalar, takes 1), whether
  /// it is a combining character or a paired bracket, and whether it is Grapheme_Cluster_Break=Prepend.
  private static func lookedUp(_ value: UInt32, cells tableCells: Int) -> UInt32 {
    let bidiClass = CharacterData.bidiClass(of: value)
    var word = UInt32(bidiClass.rawValue)
    let cells = (0xD800...0xDFFF).contains(value) ? 1 : tableCells
    word |= UInt32(cells) << 5
    if cells == 0 && value >= 0x300 { word |= combining }
    if bidiClass == .otherNeutral && CharacterData.bracket(of: value) != 0 { word |= bracket }
    if Unicode.Scalar(value)?.isGraphemePrepend == true { word |= prepended }
    word |= UInt32(CharacterData.joiningType(of: value)) << 24
    return word
  }

  /// The flags that a few ranges of characters carry, each range listed once for the tables of
  /// the planes and for a character above them.
  private static let flaggedRanges: [(range: ClosedRange<UInt32>, flag: UInt32)] =
    [
      // Spaces, which lines break after.
      (0x20...0x20, space), (0x2000...0x200A, space), (0x205F...0x205F, space), (0x3000...0x3000, space),
      // CJK ideographs, kana and Hangul syllables: UAX #14 lets lines break around them.
      (0x3040...0x30FF, ideographic), (0x3400...0x4DBF, ideographic), (0x4E00...0x9FFF, ideographic),
      (0xAC00...0xD7A3, ideographic), (0xF900...0xFAFF, ideographic), (0x2_0000...0x3_FFFD, ideographic),
      // What a terminal must not be sent: C0 controls other than tab, DEL and C1 controls, the BOM.
      (0x00...0x08, hidden), (0x0A...0x1F, hidden), (0x7F...0x9F, hidden), (0xFEFF...0xFEFF, hidden),
      // What joins the character before it into one grapheme: ZWJ, emoji modifiers, tags.
      (0x200D...0x200D, joiner), (0x1_F3FB...0x1_F3FF, joiner), (0xE_0020...0xE_007F, joiner),
    ]
    // Closing punctuation that UAX #14 keeps off the start of a line (classes CL, CP, EX, IS).
    + [
      0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x060C, 0x061B, 0x061F, 0x3001, 0x3002, 0x3009, 0x300B,
      0x300D, 0x300F, 0x3011, 0x3015, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F,
    ].map { ($0...$0, mayNotStartLine) }
    // The twelve bidi controls.
    + BidiControl.allCases.map { ($0.rawValue...$0.rawValue, bidiControl) }
}

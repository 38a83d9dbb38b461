/// What laying out a line does beyond rules L1–L2.
@available(SwiftStdlib 6.2, *)
public struct ReorderingOptions: OptionSet, Sendable, Hashable {
  /// The options as bits.
  public let rawValue: UInt8

  /// The options whose bits are set in `rawValue`.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Rule L4: characters in right-to-left runs show their mirrored glyph (`(` as `)`).
  public static let mirror = ReorderingOptions(rawValue: 1 << 0)

  /// Rule L3 as terminals need it: a combining mark in a right-to-left run stays after its base
  /// character in the visual order, so each cell holds base then marks.
  public static let keepMarksAfterBase = ReorderingOptions(rawValue: 1 << 1)

  /// Leaves out every character rule X9 removes: embeddings, overrides, PDF and all boundary
  /// neutrals (ZWJ and ZWNJ among them). This is the visual order UAX #9's conformance files list.
  public static let removeX9Characters = ReorderingOptions(rawValue: 1 << 2)

  /// Leaves out the bidi formatting characters a display has no use for: LRE, RLE, LRO, RLO, PDF,
  /// LRI, RLI, FSI, PDI, LRM, RLM and ALM. Other boundary neutrals (ZWJ in emoji, ZWNJ in Persian)
  /// stay.
  public static let removeBidiControls = ReorderingOptions(rawValue: 1 << 3)

  /// Arabic letters take their joined presentation forms, with lam-alef ligatures; no U+FEFF
  /// filler is left where a ligature takes two characters' place.
  public static let shapeArabic = ReorderingOptions(rawValue: 1 << 4)

  /// What a terminal that does no bidi of its own needs.
  public static let display: ReorderingOptions = [
    .mirror, .keepMarksAfterBase, .removeBidiControls, .shapeArabic,
  ]
}

@available(SwiftStdlib 6.2, *)
extension Unicode.Scalar {
  /// LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM.
  @inline(__always)
  internal var isBidiFormattingControl: Bool {
    // One test rules out nearly every character: all but ALM lie in U+200E–U+2069.
    if value &- 0x200E > 0x2069 - 0x200E { return value == 0x061C }
    switch value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F: return true
    default: return false
    }
  }
}

@_spi(BidiCore) import BidiCore

/// Whether a paired bracket opens or closes its pair (Bidi_Paired_Bracket_Type).
@available(SwiftStdlib 6.2, *)
public enum BracketKind: Sendable, Hashable {
  case opening
  case closing
}

/// A character's Bidi_Paired_Bracket properties, which rule N0 uses.
@available(SwiftStdlib 6.2, *)
public struct PairedBracket: Sendable, Hashable {
  /// Whether the character opens or closes its pair.
  public let kind: BracketKind
  /// The other bracket of the pair, such as `)` for `(`.
  public let counterpart: Unicode.Scalar

  /// A bracket of `kind` whose pair is `counterpart`.
  public init(kind: BracketKind, counterpart: Unicode.Scalar) {
    self.kind = kind
    self.counterpart = counterpart
  }
}

@available(SwiftStdlib 6.2, *)
extension Unicode.Scalar {
  /// The Bidi_Mirroring_Glyph of this scalar: the character a right-to-left run shows in its place
  /// (rule L4), or `nil` when it has none.
  ///
  /// ```swift
  /// Unicode.Scalar("(").bidiMirror   // ")"
  /// Unicode.Scalar("a").bidiMirror   // nil
  /// ```
  public var bidiMirror: Unicode.Scalar? {
    Mirroring.mirror(of: self)
  }

  /// The paired-bracket properties of this scalar, or `nil` for a character that is not a paired
  /// bracket. Canonical equivalents pair with each other, as BD16 requires (`〈` U+2329 closes with
  /// `〉` U+3009 too).
  ///
  /// ```swift
  /// Unicode.Scalar("[").bidiPairedBracket   // PairedBracket(kind: .opening, counterpart: "]")
  /// ```
  public var bidiPairedBracket: PairedBracket? {
    let id = CharacterData.bracket(of: value)
    guard id != 0 else { return nil }
    if id & FriBidiLibrary.openingBracketMask != 0 {
      guard let closing = bidiMirror else { return nil }
      return PairedBracket(kind: .opening, counterpart: closing)
    }
    guard let opening = Unicode.Scalar(id) else { return nil }
    return PairedBracket(kind: .closing, counterpart: opening)
  }
}

/// Class look-ups on the engine's hot path: a table of the Basic Multilingual Plane filled once from
/// FriBidi, and a direct call for the rest.
@available(SwiftStdlib 6.2, *)
internal enum ClassLookup {
  private static let basicPlane: [BidiClass] = (0..<0x1_0000).map {
    FriBidiLibrary.bidiClass(of: UInt32($0))
  }

  @inline(__always)
  static func bidiClass(of value: UInt32) -> BidiClass {
    value < 0x1_0000 ? basicPlane[Int(value)] : FriBidiLibrary.bidiClass(of: value)
  }

  /// The classes of a whole text, with the table fetched once rather than for each scalar.
  static func bidiClasses(of scalars: [Unicode.Scalar]) -> [BidiClass] {
    let table = basicPlane
    let basicPlane = table.span
    let values = scalars.span
    var classes = [BidiClass](filledWith: .otherNeutral, count: values.count)
    var classOut = classes.mutableSpan
    for i in values.indices {
      let value = values[i].value
      classOut[i] = value < 0x1_0000 ? basicPlane[Int(value)] : FriBidiLibrary.bidiClass(of: value)
    }
    return classes
  }
}

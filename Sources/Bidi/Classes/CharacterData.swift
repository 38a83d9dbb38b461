/// The loaded libfribidi's character data, for callers that build tables of their own from it (the
/// terminal layer reads it once into one table of everything a line's layout needs).
@available(SwiftStdlib 6.2, *)
package enum CharacterData {
  /// The Bidi_Class the library gives `value`, as ``BidiLibrary/bidiClass(of:)`` does.
  package static func bidiClass(of value: UInt32) -> BidiClass { ClassLookup.bidiClass(of: value) }

  /// The bracket id rule BD16 pairs `value` by: the opening bracket's code point, with canonical
  /// equivalents unified, and ``FriBidiLibrary/openingBracketMask`` set on an opening bracket; 0
  /// for a character that is not a paired bracket. Read from a table for the Basic Multilingual
  /// Plane.
  package static func bracket(of value: UInt32) -> UInt32 {
    value < 0x1_0000 ? brackets.value(of: value) ?? 0 : pairingID(of: value)
  }

  /// ``bracket(of:)`` made from the library's data: which characters are opening and closing
  /// brackets, and each closing bracket's counterpart (its Bidi_Mirroring_Glyph, which is its
  /// Bidi_Paired_Bracket for every paired bracket of Unicode 15.0).
  ///
  /// The id is made here rather than taken from the library because libfribidi (1.0.8 and 1.0.16
  /// alike, upstream #233) unifies compatibility equivalents too, so that the fullwidth `（`, the
  /// small `﹙` and the superscript `⁽` close with an ASCII `)`. BD16 unifies canonical equivalents
  /// only, and among paired brackets those are U+2329 and U+232A, the same as U+3008 and U+3009.
  static func pairingID(of value: UInt32) -> UInt32 {
    let library = FriBidiLibrary.bracket(of: value)
    guard library != 0 else { return 0 }
    if library & FriBidiLibrary.openingBracketMask != 0 {
      return canonicalBracket(value) | FriBidiLibrary.openingBracketMask
    }
    return canonicalBracket(FriBidiLibrary.mirror(of: value) ?? library)
  }

  private static func canonicalBracket(_ value: UInt32) -> UInt32 {
    switch value {
    case 0x2329: 0x3008
    case 0x232A: 0x3009
    default: value
    }
  }

  /// The library's joining type of `value`: a set of the joining bits Arabic shaping reads.
  package static func joiningType(of value: UInt32) -> UInt8 { FriBidiLibrary.joiningType(of: value) }

  private static let brackets = CodePointMap(basicPlaneOf: pairingID(of:))
}

/// A value for some code points of the Basic Multilingual Plane and none for the rest, read once
/// from the library: the mirrors and the brackets, a few hundred characters each, clustered in a
/// few blocks of the plane.
///
/// A two-level table: the plane's 256 pages of 256 code points each point at a block of values,
/// and every page without a value shares one block of zeros. A look-up is two reads; a binary
/// search of the few hundred would take nine branches, which a mixed line's brackets and
/// punctuation mispredict.
@available(SwiftStdlib 6.2, *)
struct CodePointMap: Sendable {
  /// Where each page's block starts in `values`.
  private let pages: [UInt32]
  /// The blocks, the shared block of zeros first; 0 is no value.
  private let values: [UInt32]

  /// The map of every code point of the Basic Multilingual Plane (surrogates aside) for which
  /// `lookUp` gives a value other than 0.
  init(basicPlaneOf lookUp: (UInt32) -> UInt32) {
    var pages = [UInt32](repeating: 0, count: 256)
    var values = [UInt32](repeating: 0, count: 256)
    var block = [UInt32](repeating: 0, count: 256)
    for page in UInt32(0)..<256 {
      for offset in UInt32(0)..<256 {
        let value = page << 8 | offset
        block[Int(offset)] = (0xD800...0xDFFF).contains(value) ? 0 : lookUp(value)
      }
      guard block.contains(where: { $0 != 0 }) else { continue }
      pages[Int(page)] = UInt32(values.count)
      values += block
    }
    self.pages = pages
    self.values = values
  }

  /// The value of `codePoint`, which must be below U+10000, or `nil` when it has none.
  ///
  /// - Complexity: O(1).
  func value(of codePoint: UInt32) -> UInt32? {
    let value = values[Int(pages[Int(codePoint >> 8)]) + Int(codePoint & 0xFF)]
    return value == 0 ? nil : value
  }
}

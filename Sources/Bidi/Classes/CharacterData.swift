@_spi(BidiCore) import BidiCore

/// The loaded libfribidi's character data, for callers that build tables of their own from it (the
/// terminal layer reads it once into one table of everything a line's layout needs).
@available(SwiftStdlib 6.2, *)
package enum CharacterData {
  /// The Bidi_Class the library gives `value`, as ``BidiLibrary/bidiClass(of:)`` does.
  package static func bidiClass(of value: UInt32) -> BidiClass { ClassLookup.bidiClass(of: value) }

  /// The library's bracket id of `value` (the opening bracket's code point, with canonical
  /// equivalents unified, and ``FriBidiLibrary/openingBracketMask`` set on an opening bracket), or
  /// 0 for a character that is not a paired bracket. Read from a table for the Basic Multilingual
  /// Plane.
  package static func bracket(of value: UInt32) -> UInt32 {
    value < 0x1_0000 ? brackets.value(of: value) ?? 0 : FriBidiLibrary.bracket(of: value)
  }

  /// The library's joining type of `value`: a set of the joining bits Arabic shaping reads.
  package static func joiningType(of value: UInt32) -> UInt8 { FriBidiLibrary.joiningType(of: value) }

  private static let brackets = CodePointMap(basicPlaneOf: FriBidiLibrary.bracket(of:))
}

/// A value for some code points of the Basic Multilingual Plane and none for the rest, read once
/// from the library and searched in sorted arrays: the mirrors and the brackets, a few hundred
/// characters each.
@available(SwiftStdlib 6.2, *)
struct CodePointMap: Sendable {
  private let codePoints: [UInt16]
  private let values: [UInt32]

  /// The map of every code point of the Basic Multilingual Plane (surrogates aside) for which
  /// `lookUp` gives a value other than 0.
  init(basicPlaneOf lookUp: (UInt32) -> UInt32) {
    var codePoints: [UInt16] = []
    var values: [UInt32] = []
    for value in UInt32(0)..<0x1_0000 where !(0xD800...0xDFFF).contains(value) {
      let mapped = lookUp(value)
      if mapped != 0 {
        codePoints.append(UInt16(value))
        values.append(mapped)
      }
    }
    self.codePoints = codePoints
    self.values = values
  }

  /// The value of `codePoint`, which must be below U+10000, or `nil` when it has none.
  ///
  /// - Complexity: O(log *m*) for the *m* code points with a value.
  func value(of codePoint: UInt32) -> UInt32? {
    let low = codePoints.partitionIndex { UInt32($0) >= codePoint }
    guard low < codePoints.count && UInt32(codePoints[low]) == codePoint else { return nil }
    return values[low]
  }
}

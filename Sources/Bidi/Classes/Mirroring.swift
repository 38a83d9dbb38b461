/// Bidi_Mirroring_Glyph (rule L4) from the loaded libfribidi, read once into a table for the Basic
/// Multilingual Plane, where all but a handful of mirrored characters live; the library is asked
/// directly only for characters of other planes.
@available(SwiftStdlib 6.2, *)
package enum Mirroring {
  private static let basicPlane = CodePointMap(basicPlaneOf: { FriBidiLibrary.mirror(of: $0) ?? 0 })

  /// The character a right-to-left run shows in place of `scalar`, or `nil` when it has none.
  ///
  /// - Complexity: O(1).
  package static func mirror(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    let mirrored = value < 0x1_0000 ? basicPlane.value(of: value) : FriBidiLibrary.mirror(of: value)
    return mirrored.flatMap(Unicode.Scalar.init)
  }
}

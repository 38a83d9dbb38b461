/// Bidi_Mirroring_Glyph (rule L4) from the loaded libfribidi, read once into a table: the mirror of
/// every character of the Basic Multilingual Plane that has one, where all but a handful live; the
/// library is asked directly only for characters of other planes.
@available(SwiftStdlib 6.2, *)
package enum Mirroring {
  /// The characters with a mirror, ascending, and their mirrors.
  private static let basicPlane: (characters: [UInt16], mirrors: [UInt16]) = {
    var characters: [UInt16] = []
    var mirrors: [UInt16] = []
    for value in UInt32(0)..<0x1_0000 where !(0xD800...0xDFFF).contains(value) {
      if let mirror = FriBidiLibrary.mirror(of: value), mirror < 0x1_0000 {
        characters.append(UInt16(value))
        mirrors.append(UInt16(mirror))
      }
    }
    return (characters, mirrors)
  }()

  /// The character a right-to-left run shows in place of `scalar`, or `nil` when it has none.
  ///
  /// - Complexity: O(log *m*) for the *m* mirrored characters of the Basic Multilingual Plane.
  package static func mirror(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    guard value < 0x1_0000 else { return FriBidiLibrary.mirror(of: value).flatMap(Unicode.Scalar.init) }
    let table = basicPlane
    let characters = table.characters.span
    var low = 0
    var high = characters.count
    while low < high {
      let middle = (low + high) / 2
      if UInt32(characters[middle]) < value { low = middle + 1 } else { high = middle }
    }
    guard low < characters.count && UInt32(characters[low]) == value else { return nil }
    return Unicode.Scalar(UInt32(table.mirrors[low]))
  }
}

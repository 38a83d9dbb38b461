/// Conversions between strings and scalar arrays on the engine's hot path. The standard library's
/// generic `UnicodeScalarView` initialisers are not specialised across modules and cost more than
/// the bidi work itself on short chat lines; these encode and decode UTF-8 directly.
extension String {
  /// A string made of `scalars`, encoded once into storage of the exact size.
  ///
  /// ```swift
  /// String(scalars: ["ש", "a"])   // "שa"
  /// ```
  ///
  /// - Complexity: O(*n*).
  public init(scalars: [Unicode.Scalar]) {
    var byteCount = 0
    for scalar in scalars { byteCount += UTF8.width(scalar) }
    self.init(unsafeUninitializedCapacity: byteCount) { buffer in
      var i = 0
      for scalar in scalars {
        UTF8.encode(scalar) { byte in
          buffer[i] = byte
          i += 1
        }
      }
      return i
    }
  }
}

internal enum ScalarDecoding {
  /// The scalars of `string`, decoded from its UTF-8 bytes (a Swift string is always valid UTF-8).
  static func scalars(of string: String) -> [Unicode.Scalar] {
    var string = string
    return string.withUTF8 { bytes in
      // At most one scalar per byte; written in place rather than appended one by one.
      var scalars = [Unicode.Scalar](filledWith: "\0", count: bytes.count)
      var k = 0
      do {
        var out = scalars.mutableSpan
        var i = 0
        let count = bytes.count
        while i < count {
          let lead = UInt32(bytes[i])
          var value: UInt32
          if lead < 0x80 {
            value = lead
            i += 1
          } else if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
            i += 2
          } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            i += 3
          } else {
            value =
              (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
              | UInt32(bytes[i + 3] & 0x3F)
            i += 4
          }
          out[k] = Unicode.Scalar(_unchecked: value)
          k += 1
        }
      }
      scalars.removeLast(bytes.count - k)
      return scalars
    }
  }
}

extension Unicode.Scalar {
  /// A scalar from a value already known to be valid (decoded from valid UTF-8).
  @inline(__always)
  fileprivate init(_unchecked value: UInt32) {
    self = Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}

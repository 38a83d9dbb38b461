@_spi(BidiCore) import BidiCore

/// Conversions between strings and scalar arrays on the engine's hot path. The standard library's
/// generic `UnicodeScalarView` initialisers are not specialised across modules and cost more than
/// the bidi work itself on short chat lines; these write into room reserved once, in loops the
/// compiler specialises here.
@available(SwiftStdlib 6.2, *)
extension String {
  /// A string made of `scalars`, encoded once into bytes of the exact size.
  ///
  /// ```swift
  /// String(scalars: ["ש", "a"])   // "שa"
  /// ```
  ///
  /// - Complexity: O(*n*).
  public init(scalars: [Unicode.Scalar]) {
    var byteCount = 0
    for scalar in scalars { byteCount += UTF8Coding.width(of: scalar.value) }
    var bytes: [UInt8] = []
    bytes.append(addingCapacity: byteCount) { output in
      for scalar in scalars { UTF8Coding.append(scalar.value, to: &output) }
    }
    self.init(decoding: bytes, as: UTF8.self)
  }
}

@available(SwiftStdlib 6.2, *)
internal enum ScalarDecoding {
  /// The scalars of `string`, decoded from its UTF-8 bytes (a Swift string is always valid UTF-8).
  static func scalars(of string: String) -> [Unicode.Scalar] {
    let bytes = string.utf8Span.span
    let count = bytes.count
    // At most one scalar per byte; written into room reserved once rather than appended one by one.
    // Decoded here rather than through `unicodeScalars`, whose iterator cost a fifth more.
    var scalars: [Unicode.Scalar] = []
    scalars.append(addingCapacity: count) { output in
      var i = 0
      while i < count {
        let (value, length) = UTF8Coding.scalar(at: i, in: bytes)
        i += length
        // A string's bytes are valid UTF-8: the value is a scalar.
        output.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      }
    }
    return scalars
  }
}

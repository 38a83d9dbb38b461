/// Conversions between strings and scalar arrays on the engine's hot path. The standard library's
/// generic `UnicodeScalarView` initialisers are not specialised across modules and cost more than
/// the bidi work itself on short chat lines; these write into room reserved once, in loops the
/// compiler specialises here.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
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
    for scalar in scalars { byteCount += UTF8.width(scalar) }
    var bytes: [UInt8] = []
    bytes.append(addingCapacity: byteCount) { output in
      for scalar in scalars { UTF8.encode(scalar) { output.append($0) } }
    }
    self.init(decoding: bytes, as: UTF8.self)
  }
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
internal enum ScalarDecoding {
  /// The scalars of `string`, decoded from its UTF-8 bytes (a Swift string is always valid UTF-8).
  static func scalars(of string: String) -> [Unicode.Scalar] {
    // At most one scalar per byte; written into room reserved once rather than appended one by one.
    var scalars: [Unicode.Scalar] = []
    scalars.append(addingCapacity: string.utf8.count) { output in
      for scalar in string.unicodeScalars { output.append(scalar) }
    }
    return scalars
  }
}

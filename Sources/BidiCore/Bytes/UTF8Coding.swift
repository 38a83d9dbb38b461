/// The package's one UTF-8 decoder and one encoder, for bytes already known to be well-formed (a
/// `String`'s, or lines the command line tool validated as it read them).
///
/// The standard library's `UTF8.decode` and `UTF8.encode` are generic over iterators and closures
/// and are not specialised across modules; these are plain functions over spans that every module
/// inlines.
public enum UTF8Coding {
  /// The scalar value that starts at `offset` of `bytes` and its length in bytes.
  ///
  /// The bytes must be well-formed UTF-8 and `offset` must start a scalar; a lead byte whose
  /// continuation bytes are cut off by the end of `bytes` reads as U+FFFD, one byte long, so a
  /// caller walking a span can never read past it.
  ///
  /// ```swift
  /// let bytes = Array("é".utf8)
  /// UTF8Coding.scalar(at: 0, in: bytes.span)   // (0xE9, 2)
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public static func scalar(at offset: Int, in bytes: Span<UInt8>) -> (value: UInt32, length: Int) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (lead, 1) }
    let count = bytes.count
    if lead < 0xE0 {
      guard offset + 1 < count else { return (0xFFFD, 1) }
      return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      guard offset + 2 < count else { return (0xFFFD, 1) }
      return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
    }
    guard offset + 3 < count else { return (0xFFFD, 1) }
    let value =
      (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
      | UInt32(bytes[offset + 3] & 0x3F)
    return (value, 4)
  }

  /// The number of bytes `value` takes in UTF-8.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public static func width(of value: UInt32) -> Int {
    value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
  }

  /// Appends the UTF-8 bytes of the scalar value `value` to `output`, which has room for them.
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// bytes.append(addingCapacity: 4) { UTF8Coding.append(0x05D0, to: &$0) }   // [0xD7, 0x90]
  /// ```
  ///
  /// - Complexity: O(1).
  @available(SwiftStdlib 6.2, *)
  @inlinable @inline(__always)
  @_spi(BidiCore) public static func append(_ value: UInt32, to output: inout OutputSpan<UInt8>) {
    switch value {
    case ..<0x80:
      output.append(UInt8(truncatingIfNeeded: value))
    case ..<0x800:
      output.append(0xC0 | UInt8(truncatingIfNeeded: value >> 6))
      output.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
    case ..<0x1_0000:
      output.append(0xE0 | UInt8(truncatingIfNeeded: value >> 12))
      output.append(0x80 | UInt8(truncatingIfNeeded: value >> 6 & 0x3F))
      output.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
    default:
      output.append(0xF0 | UInt8(truncatingIfNeeded: value >> 18))
      output.append(0x80 | UInt8(truncatingIfNeeded: value >> 12 & 0x3F))
      output.append(0x80 | UInt8(truncatingIfNeeded: value >> 6 & 0x3F))
      output.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
    }
  }
}

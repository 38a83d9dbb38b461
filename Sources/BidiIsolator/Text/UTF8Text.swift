/// Read access to the UTF-8 bytes of a string, decoding Unicode scalars only where a caller asks.
///
/// The bytes always come from a `String` or a validated `UTF8Span`, so they are well-formed UTF-8;
/// the isolator relies on that when it makes its output without validating it again. The decoder
/// still checks every read against the end of the buffer, so a logic error elsewhere can never
/// become an out-of-bounds read in a release build, where `UnsafeBufferPointer` does not check;
/// the wide read, ``sixteenBytes(at:)``, is bounded by its callers and asserted here.
internal struct UTF8Text {
  let bytes: UnsafeBufferPointer<UInt8>

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  @inline(__always) var count: Int { bytes.count }

  @inline(__always) subscript(offset: Int) -> UInt8 { bytes[offset] }

  /// The byte at `offset`, or 0 past the end, for look-ahead that may run off the text.
  @inline(__always) func byte(at offset: Int) -> UInt8 {
    offset < bytes.count ? bytes[offset] : 0
  }

  /// The sixteen bytes from `offset`, which must all be in the text, as one vector.
  @inline(__always)
  func sixteenBytes(at offset: Int) -> SIMD16<UInt8> {
    assert(offset >= 0 && offset + 16 <= bytes.count)
    return UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: SIMD16<UInt8>.self)
  }

  /// The scalar that starts at `offset` and its length in bytes.
  @inline(__always)
  func scalar(at offset: Int) -> (value: UInt32, length: Int) {
    let lead = bytes[offset]
    if lead < 0x80 { return (UInt32(lead), 1) }
    return decodeMultibyte(lead: lead, at: offset)
  }

  @inline(__always)
  private func decodeMultibyte(lead: UInt8, at offset: Int) -> (value: UInt32, length: Int) {
    if lead < 0xE0 {
      guard lead >= 0xC0, offset + 1 < bytes.count else { return (0xFFFD, 1) }
      return (UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      guard offset + 2 < bytes.count else { return (0xFFFD, 1) }
      let value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
      return (value, 3)
    }
    guard offset + 3 < bytes.count else { return (0xFFFD, 1) }
    let value =
      UInt32(lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
      | UInt32(bytes[offset + 3] & 0x3F)
    return (value, 4)
  }

  /// The offset where the scalar ending at `offset` starts; `offset` must be greater than zero.
  @inline(__always)
  func scalarStart(before offset: Int) -> Int {
    var start = offset - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 && offset - start < 4 { start -= 1 }
    return start
  }

  /// The scalar that ends at `offset`, or `nil` at the start of the text.
  @inline(__always)
  func scalar(before offset: Int) -> UInt32? {
    guard offset > 0 else { return nil }
    if bytes[offset - 1] < 0x80 { return UInt32(bytes[offset - 1]) }
    return scalar(at: scalarStart(before: offset)).value
  }

  /// The scalar at `offset`, or `nil` at the end of the text.
  @inline(__always)
  func scalarValue(at offset: Int) -> UInt32? {
    offset < bytes.count ? scalar(at: offset).value : nil
  }

  // The scanners judge what comes before and after a candidate entity through bidi controls, as if
  // they were not there: the isolator inserts controls at entity boundaries, and a text must scan
  // the same with its insertions as without them, or isolating twice would find other entities.

  /// The last scalar before `offset` that is not a bidi control, and where the controls before
  /// `offset` start; `nil` when only controls come before.
  @inline(__always)
  func scalarSkippingControls(before offset: Int) -> (value: UInt32, controlsStart: Int)? {
    if offset > 0 && bytes[offset - 1] < 0x80 { return (UInt32(bytes[offset - 1]), offset) }
    var end = offset
    while end > 0 {
      let start = scalarStart(before: end)
      let value = scalar(at: start).value
      if BidiControl(value: value) == nil { return (value, end) }
      end = start
    }
    return nil
  }

  /// The first scalar at or after `offset` that is not a bidi control.
  @inline(__always)
  func scalarSkippingControls(at offset: Int) -> UInt32? {
    if offset < bytes.count && bytes[offset] < 0x80 { return UInt32(bytes[offset]) }
    var offset = offset
    while offset < bytes.count {
      let (value, length) = scalar(at: offset)
      if BidiControl(value: value) == nil { return value }
      offset += length
    }
    return nil
  }
}

/// Runs `body` on the UTF-8 bytes of `string`, without copying them when the string is native.
@inline(__always)
internal func withUTF8Text<Result>(_ string: String, _ body: (UTF8Text) -> Result) -> Result {
  if let result = string.utf8.withContiguousStorageIfAvailable({ body(UTF8Text($0)) }) {
    return result
  }
  // Bridged or otherwise non-contiguous strings: one copy, then the same code path.
  let bytes = Array(string.utf8)
  return bytes.withUnsafeBufferPointer { body(UTF8Text($0)) }
}

extension UInt8 {
  /// Whether this is an ASCII letter or digit.
  @inline(__always) var isASCIIAlphanumeric: Bool {
    (self | 0x20) &- UInt8(ascii: "a") < 26 || self &- UInt8(ascii: "0") < 10
  }

  @inline(__always) var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }

  @inline(__always) var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }

  /// The byte with ASCII letters folded to lower case.
  @inline(__always) var asciiLowercased: UInt8 { isASCIILetter ? self | 0x20 : self }
}

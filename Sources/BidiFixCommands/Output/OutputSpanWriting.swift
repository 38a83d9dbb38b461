/// Writing report pieces into room reserved once, with `Array.append(addingCapacity:
/// initializingWith:)`: a report of many small pieces cost more in `append(contentsOf:)` calls
/// than in finding what it reports.
///
/// ```swift
/// var output: [UInt8] = []
/// output.append(addingCapacity: 64) { span in
///   span.append("start: " as StaticString)
///   span.appendDecimal(42)
/// }
/// // output holds "start: 42"
/// ```
extension OutputSpan<UInt8> {
  /// Appends the UTF-8 bytes of a literal.
  ///
  /// - Complexity: O(*n*) in the literal's length.
  @inline(__always)
  mutating func append(_ literal: StaticString) {
    appendBytes(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
  }

  /// Appends `bytes` as they are.
  ///
  /// - Complexity: O(*n*).
  @inline(__always)
  mutating func append(copying bytes: Span<UInt8>) {
    bytes.withUnsafeBufferPointer { appendBytes(from: $0.baseAddress, count: $0.count) }
  }

  /// Appends `count` bytes from `source` in one copy: a check and a store per byte cost more than
  /// the rest of a report.
  @inline(__always)
  private mutating func appendBytes(from source: UnsafePointer<UInt8>?, count: Int) {
    precondition(count <= freeCapacity, "no room reserved for \(count) bytes")
    guard let source, count > 0 else { return }
    withUnsafeMutableBufferPointer { buffer, initialized in
      (buffer.baseAddress! + initialized).initialize(from: source, count: count)
      initialized += count
    }
  }

  /// Appends `value` in decimal ASCII digits: at most 20 bytes.
  ///
  /// - Complexity: O(*d*) in the digits of `value`.
  mutating func appendDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    // Offsets and line numbers are mostly under a thousand: divisions by constants, which the
    // compiler turns into multiplications, instead of the general loop's divisions.
    if magnitude < 10 {
      append(UInt8(ascii: "0") &+ UInt8(magnitude))
      return
    }
    if magnitude < 100 {
      append(UInt8(ascii: "0") &+ UInt8(magnitude / 10))
      append(UInt8(ascii: "0") &+ UInt8(magnitude % 10))
      return
    }
    if magnitude < 1000 {
      append(UInt8(ascii: "0") &+ UInt8(magnitude / 100))
      append(UInt8(ascii: "0") &+ UInt8(magnitude / 10 % 10))
      append(UInt8(ascii: "0") &+ UInt8(magnitude % 10))
      return
    }
    var divisor: UInt = 1000
    while magnitude / divisor >= 10 { divisor *= 10 }
    var rest = magnitude
    while divisor > 0 {
      append(UInt8(ascii: "0") &+ UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Appends the UTF-8 `text` as a JSON string literal: quotes, backslashes and control
  /// characters escaped, everything else as it is. Needs room for `2 + 6 * text.count` bytes.
  ///
  /// Text with nothing to escape, nearly all of it, is copied whole once eight bytes at a time
  /// have shown that.
  ///
  /// - Complexity: O(*n*).
  mutating func appendJSONString(_ text: Span<UInt8>) {
    append(UInt8(ascii: "\""))
    if Self.needsNoEscape(text) {
      append(copying: text)
    } else {
      for index in text.indices {
        let byte = text[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
          append(UInt8(ascii: "\\"))
          append(byte)
        case 0x0A:
          append("\\n" as StaticString)
        case 0x0D:
          append("\\r" as StaticString)
        case 0x09:
          append("\\t" as StaticString)
        case 0x00..<0x20:
          append("\\u00" as StaticString)
          append(Self.hexDigit(byte >> 4))
          append(Self.hexDigit(byte & 0xF))
        default:
          append(byte)
        }
      }
    }
    append(UInt8(ascii: "\""))
  }

  /// Whether `text` holds no quote, backslash or control character: eight bytes at a time, each
  /// test a few word operations that flag a byte below a bound or equal to a value, with no false
  /// negative.
  private static func needsNoEscape(_ text: Span<UInt8>) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasByteBelow(_ bound: UInt8, in word: UInt64) -> Bool {
      (word &- ones &* UInt64(bound)) & ~word & high != 0
    }
    let raw = text.bytes
    var offset = 0
    while offset + 8 <= raw.byteCount {
      let word = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
      if hasByteBelow(0x20, in: word) || hasByteBelow(1, in: word ^ (ones &* 0x22))
        || hasByteBelow(1, in: word ^ (ones &* 0x5C))
      {
        return false
      }
      offset += 8
    }
    while offset < raw.byteCount {
      let byte = text[offset]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
      offset += 1
    }
    return true
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}

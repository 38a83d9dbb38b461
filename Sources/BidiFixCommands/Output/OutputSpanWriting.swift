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
    literal.withUTF8Buffer { bytes in
      for byte in bytes { append(byte) }
    }
  }

  /// Appends `bytes` as they are.
  ///
  /// - Complexity: O(*n*).
  @inline(__always)
  mutating func append(copying bytes: Span<UInt8>) {
    for index in bytes.indices { append(bytes[index]) }
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
  /// - Complexity: O(*n*).
  mutating func appendJSONString(_ text: Span<UInt8>) {
    append(UInt8(ascii: "\""))
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
    append(UInt8(ascii: "\""))
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}

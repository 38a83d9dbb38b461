@_spi(BidiCore) import BidiCore
import BidiIsolator

/// Writing report pieces into room reserved once, with `Array.append(addingCapacity:
/// initializingWith:)`: a report of many small pieces cost more in `append(contentsOf:)` calls
/// than in finding what it reports.
///
/// Literals and copies of whole spans go in one copy each (`BidiIsolator`'s `append(_:)` and
/// `append(copying:)` on `OutputSpan`).
///
/// ```swift
/// var output: [UInt8] = []
/// output.append(addingCapacity: 64) { span in
///   span.append("start: ")
///   span.appendDecimal(42)
/// }
/// // output holds "start: 42"
/// ```
@available(SwiftStdlib 6.2, *)
extension OutputSpan<UInt8> {
  /// Appends the UTF-8 bytes of `text`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  mutating func append(utf8 text: String) {
    for byte in text.utf8 { append(byte) }
  }

  /// Appends `value` in decimal ASCII digits: at most 20 bytes.
  ///
  /// - Complexity: O(*d*) in the digits of `value`.
  @inline(__always)
  mutating func appendDecimal(_ value: Int) {
    guard value >= 0 && value < 10_000 else { return appendLongDecimal(value) }
    // Offsets and line numbers, nearly always, with no branch on the number of digits (reports of
    // many numbers mispredicted those branches): the four digits, the first in the lowest byte, are
    // moved down past the leading zeros; all four bytes are appended, and as many as there were
    // leading zeros taken back off the end.
    let value = UInt32(value)
    let leadingZeros = (value < 1000 ? 1 : 0) + (value < 100 ? 1 : 0) + (value < 10 ? 1 : 0)
    let digits = 0x3030_3030 | value / 1000 | (value / 100 % 10) << 8 | (value / 10 % 10) << 16 | (value % 10) << 24
    let shifted = digits >> (8 * UInt32(leadingZeros))
    append(UInt8(truncatingIfNeeded: shifted))
    append(UInt8(truncatingIfNeeded: shifted >> 8))
    append(UInt8(truncatingIfNeeded: shifted >> 16))
    append(UInt8(truncatingIfNeeded: shifted >> 24))
    removeLast(leadingZeros)
  }

  private mutating func appendLongDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var divisor: UInt = 1
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
          append("\\n")
        case 0x0D:
          append("\\r")
        case 0x09:
          append("\\t")
        case 0x00..<0x20:
          append("\\u00")
          append(Self.hexDigit(byte >> 4))
          append(Self.hexDigit(byte & 0xF))
        default:
          append(byte)
        }
      }
    }
    append(UInt8(ascii: "\""))
  }

  /// Whether `text` holds no quote, backslash or control character: sixteen bytes at a time with
  /// vector comparisons, the last sixteen read back from the end, or byte by byte when shorter.
  private static func needsNoEscape(_ text: Span<UInt8>) -> Bool {
    @inline(__always) func escapes(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
      block.lanes(from: 0, count: 0x20) .| (block .== SIMD16(repeating: UInt8(ascii: "\"")))
        .| (block .== SIMD16(repeating: UInt8(ascii: "\\")))
    }
    guard text.count >= 16 else {
      for index in text.indices {
        let byte = text[index]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
      }
      return true
    }
    var found = escapes(text.sixteenBytes(at: text.count - 16))
    var offset = 0
    while offset + 16 < text.count {
      found .|= escapes(text.sixteenBytes(at: offset))
      offset += 16
    }
    return found.isEmpty
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}

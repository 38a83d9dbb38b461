@_spi(BidiCore) import BidiCore
import BidiIsolator

/// Splits bytes into stretches of well-formed UTF-8 and the ill-formed bytes between them, so a
/// command can change the text and pass every bad byte through untouched.
///
/// Ill-formed means what Unicode's "maximal subpart" rule means: truncated sequences, overlong
/// forms, surrogates, code points past U+10FFFF, stray continuation bytes and the bytes F5–FF.
///
/// ```swift
/// UTF8Stretches.split([0x61, 0xFF, 0x62][...].span)
/// // [(0..<1, valid), (1..<2, invalid), (2..<3, valid)]
/// ```
@available(SwiftStdlib 6.2, *)
enum UTF8Stretches {
  struct Stretch: Equatable {
    var range: Range<Int>
    var isValid: Bool
  }

  /// The length of the well-formed sequence starting at `i`, or `nil` when the bytes there are
  /// ill-formed.
  @inline(__always)
  static func sequenceLength(_ bytes: Span<UInt8>, at i: Int) -> Int? {
    let lead = bytes[i]
    if lead < 0x80 { return 1 }
    let end = bytes.count
    @inline(__always) func continuation(_ j: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      j < end && bytes[j] >= low && bytes[j] <= high
    }
    switch lead {
    case 0xC2...0xDF:
      return continuation(i + 1) ? 2 : nil
    case 0xE0:
      return continuation(i + 1, 0xA0) && continuation(i + 2) ? 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(i + 1) && continuation(i + 2) ? 3 : nil
    case 0xED:  // no surrogates
      return continuation(i + 1, 0x80, 0x9F) && continuation(i + 2) ? 3 : nil
    case 0xF0:
      return continuation(i + 1, 0x90) && continuation(i + 2) && continuation(i + 3) ? 4 : nil
    case 0xF1...0xF3:
      return continuation(i + 1) && continuation(i + 2) && continuation(i + 3) ? 4 : nil
    case 0xF4:  // nothing past U+10FFFF
      return continuation(i + 1, 0x80, 0x8F) && continuation(i + 2) && continuation(i + 3) ? 4 : nil
    default:
      return nil
    }
  }

  /// Whether all of `bytes` is well-formed UTF-8.
  ///
  /// Sixteen bytes are checked at a time with vector comparisons, each byte against the three before
  /// it, with no branch per character: chat text mixes ASCII, two-, three- and four-byte characters
  /// too irregularly for a byte loop's branches to be predicted, and that loop was a fifth of
  /// `isolate`. Only the first characters (up to byte 3) and inputs too short for a block after
  /// them are checked a character at a time.
  ///
  /// ```swift
  /// UTF8Stretches.isValid(Array("سلام 中文 😀".utf8)[...].span)   // true
  /// UTF8Stretches.isValid([0xC0, 0x80][...].span)                 // false: overlong
  /// ```
  ///
  /// - Complexity: O(*n*).
  static func isValid(_ bytes: Span<UInt8>) -> Bool {
    let count = bytes.count
    // A block is judged with the three bytes before it, so it starts at the first sequence boundary
    // from byte 3: the bytes before it end whole sequences, and none of them expects more.
    guard var i = validateSequences(bytes, from: 0, until: min(3, count)) else { return false }
    guard count - i >= 16 else { return validateSequences(bytes, from: i, until: count) != nil }
    // Errors are gathered and looked at once: a branch per block, on whether it held only ASCII or
    // was wrong, was mispredicted where chat text switches between scripts.
    var errors = UTF8Block.Lanes()
    while i + 16 <= count {
      errors .|= UTF8Block(bytes, at: i).errors
      i += 16
    }
    // The last sixteen bytes, overlapping the block before: a byte's verdict depends only on the
    // bytes before it. Then no lead may expect bytes past the end.
    if i < count { errors .|= UTF8Block(bytes, at: count - 16).errors }
    return errors.isEmpty && bytes[count - 1] < 0xC0 && bytes[count - 2] < 0xE0 && bytes[count - 3] < 0xF0
  }

  /// The short path of ``isValid(_:)``: checks whole sequences from `start` until one ends at or past
  /// `limit` (the last may run beyond it), and returns where the next begins, or `nil` at the first
  /// ill-formed one.
  private static func validateSequences(_ bytes: Span<UInt8>, from start: Int, until limit: Int) -> Int? {
    var i = start
    while i < limit {
      guard let length = sequenceLength(bytes, at: i) else { return nil }
      i += length
    }
    return i
  }

  /// The stretches of `bytes`, in order; adjacent ill-formed bytes form one invalid stretch.
  static func split(_ bytes: Span<UInt8>) -> [Stretch] {
    var stretches: [Stretch] = []
    var i = 0
    var start = 0
    var startValid = true
    while i < bytes.count {
      let length = sequenceLength(bytes, at: i)
      let valid = length != nil
      if valid != startValid {
        if i > start { stretches.append(Stretch(range: start..<i, isValid: startValid)) }
        start = i
        startValid = valid
      }
      i += length ?? 1
    }
    if i > start { stretches.append(Stretch(range: start..<i, isValid: startValid)) }
    return stretches
  }
}

/// Sixteen bytes of input and the three bytes before each, checked together as UTF-8.
///
/// Each lane holds one byte and, from three more loads that start one, two and three bytes
/// earlier, the bytes before it. A byte is wrong when it is a continuation byte (`80`–`BF`) and no
/// lead byte within reach expects one, or the other way round; when it is `C0`, `C1` or `F5`–`FF`;
/// or when its lead narrows the range of the byte after it (`E0`: no overlong form, `ED`: no
/// surrogate, `F0`: no overlong form, `F4`: nothing past U+10FFFF). A sequence that runs past the
/// block is checked by the next block, whose lanes reach back to its lead.
@available(SwiftStdlib 6.2, *)
private struct UTF8Block {
  typealias Bytes = SIMD16<UInt8>
  typealias Lanes = SIMDMask<SIMD16<Int8>>

  let bytes: Bytes
  let before1: Bytes
  let before2: Bytes
  let before3: Bytes

  /// The sixteen bytes from `offset`, which must be at least 3: the three bytes before are read too.
  @inline(__always)
  init(_ text: Span<UInt8>, at offset: Int) {
    // One bounds check for the nineteen bytes; the four reads inside them need none of their own.
    let window = text.extracting(offset - 3..<offset + 16)
    bytes = window.sixteenBytes(at: 3)
    before1 = window.sixteenBytes(at: 2)
    before2 = window.sixteenBytes(at: 1)
    before3 = window.sixteenBytes(at: 0)
  }

  /// The lanes that are ill-formed.
  @inline(__always)
  var errors: Lanes {
    let continuation = bytes.lanes(from: 0x80, count: 0x40)
    let expected =
      before1.lanes(from: 0xC0, count: 0x40) .| before2.lanes(from: 0xE0, count: 0x20)
      .| before3.lanes(from: 0xF0, count: 0x10)
    let neverValid = bytes.lanes(from: 0xC0, count: 2) .| bytes.lanes(from: 0xF5, count: 11)
    let narrowed =
      ((before1 .== Self.all(0xE0)) .& bytes.lanes(from: 0x80, count: 0x20))
      .| ((before1 .== Self.all(0xED)) .& bytes.lanes(from: 0xA0, count: 0x20))
      .| ((before1 .== Self.all(0xF0)) .& bytes.lanes(from: 0x80, count: 0x10))
      .| ((before1 .== Self.all(0xF4)) .& bytes.lanes(from: 0x90, count: 0x30))
    return (continuation .^ expected) .| neverValid .| narrowed
  }

  @inline(__always)
  private static func all(_ byte: UInt8) -> Bytes { Bytes(repeating: byte) }
}

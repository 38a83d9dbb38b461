/// Splits bytes into stretches of well-formed UTF-8 and the ill-formed bytes between them, so a
/// command can change the text and pass every bad byte through untouched.
///
/// Ill-formed means what Unicode's "maximal subpart" rule means: truncated sequences, overlong
/// forms, surrogates, code points past U+10FFFF, stray continuation bytes and the bytes F5–FF.
///
/// ```swift
/// UTF8Stretches.split([0x61, 0xFF, 0x62]) // [(0..<1, valid), (1..<2, invalid), (2..<3, valid)]
/// ```
enum UTF8Stretches {
  struct Stretch: Equatable {
    var range: Range<Int>
    var isValid: Bool
  }

  /// The length of the well-formed sequence starting at `i`, or `nil` when the bytes there are
  /// ill-formed.
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
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
  /// Eight bytes are checked at a time, with no branch per character, as long as they hold only
  /// ASCII and two- and three-byte sequences (Arabic, Hebrew, Cyrillic, Chinese, most punctuation):
  /// chat text mixes these too irregularly for a byte loop's branches to be predicted, and that
  /// loop was a fifth of `isolate`. A word with a four-byte lead (emoji), an `E0` or `ED` lead (whose
  /// second byte has a narrower range) or a byte past `F4` is checked a character at a time.
  ///
  /// ```swift
  /// Array("سلام 中文".utf8).withUnsafeBufferPointer(UTF8Stretches.isValid)   // true
  /// [UInt8]([0xC0, 0x80]).withUnsafeBufferPointer(UTF8Stretches.isValid)    // false: overlong
  /// ```
  ///
  /// - Complexity: O(*n*).
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    // Continuation bytes the previous word's last leads still expect, as bit 7 of their bytes.
    var pending: UInt64 = 0
    // The bit-7 positions of the previous word's leads, to find where a pending sequence began.
    var previousLeads: UInt64 = 0
    while true {
      if i + 8 <= count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let nonASCII = word & high
        if nonASCII == 0 && pending == 0 {
          i += 8
          continue
        }
        let bit6 = (word << 1) & high
        let bit5 = (word << 2) & high
        let bit4 = (word << 3) & high
        let leads = nonASCII & bit6
        let continuations = nonASCII & ~bit6
        let twoByteLeads = leads & ~bit5
        let threeByteLeads = leads & bit5 & ~bit4
        let simple = leads & bit5 & bit4 == 0 && !Self.holdsE0OrED(word)
        if simple {
          // A two-byte lead must not be C0 or C1 (bits 1–4 all clear: an overlong form).
          let payload = word & 0x1E1E_1E1E_1E1E_1E1E
          let nonzeroPayload = (payload &+ 0x7F7F_7F7F_7F7F_7F7F) & high
          let expected = pending | twoByteLeads << 8 | threeByteLeads << 8 | threeByteLeads << 16
          guard twoByteLeads & ~nonzeroPayload == 0 else { return false }
          guard continuations == expected else { return false }
          pending = (twoByteLeads | threeByteLeads) >> 56 | threeByteLeads >> 48
          previousLeads = leads
          i += 8
          continue
        }
      }
      // Character by character from the start of any sequence the previous word left open, to
      // the end of this word (or of the input).
      if pending != 0 { i -= previousLeads & 0x80 << 56 != 0 ? 1 : 2 }
      let end = min(count, i + 8)
      guard let next = validateSequences(base, count: count, from: i, until: end) else { return false }
      if next >= count { return true }
      i = next
      pending = 0
      previousLeads = 0
    }
  }

  /// Whether any byte of `word` is `E0` or `ED`: these leads narrow the range of the byte after
  /// them (no overlong form, no surrogate), which the word check does not test, so such a word is
  /// checked a character at a time.
  @inline(__always)
  private static func holdsE0OrED(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
    return hasZeroByte(word ^ (ones &* 0xE0)) || hasZeroByte(word ^ (ones &* 0xED))
  }

  /// The fallback of ``isValid(_:)``: checks whole sequences from `start` until one ends at or
  /// past `limit` (the last may run beyond it), and returns where the next begins, or `nil` at the
  /// first ill-formed one. The word check resumes there, at the start of a sequence.
  private static func validateSequences(
    _ base: UnsafePointer<UInt8>, count: Int, from start: Int, until limit: Int
  ) -> Int? {
    let bytes = UnsafeBufferPointer(start: base, count: count)
    var i = start
    while i < limit {
      guard let length = sequenceLength(bytes, at: i) else { return nil }
      i += length
    }
    return i
  }

  /// The stretches of `bytes`, in order; adjacent ill-formed bytes form one invalid stretch.
  static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [Stretch] {
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

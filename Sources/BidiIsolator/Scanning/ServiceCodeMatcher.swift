@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a service code at the `*` or `#` at `start`, a number as a phone dials it: groups of
  /// ASCII digits, each after one to three stars or hashes, and hashes or stars to close it, with
  /// a star in it or hashes at both ends (`*100#`, `*140*1#`, `#31#`, `*#06#`, the star numbers
  /// of Israeli businesses, `*2700`).
  ///
  /// Its stars are neutrals, and right-to-left text before it takes the first to its own side:
  /// `*100#` shows as `100#*`, `*2700` as `2700*`. Isolated, it reads as dialled.
  ///
  /// No code is a sign glued to a digit or a left-to-right letter before it (`5*3`, `a*1`), or a
  /// code glued to a letter, mark or digit after it; nor `#12345` alone, an ordinary number. A
  /// right-to-left letter may come right before it, as Hebrew's prefixes do (`ל*2700`).
  ///
  /// - Returns: a ``EntityKind/number``.
  /// - Complexity: O(*k*) in the code's length.
  func matchServiceCode(at start: Int) -> RawEntity? {
    // Hebrew's prefix letters join what follows them, a number too (`ל*2700`).
    guard canStartNumber(at: start, after: text.scalarSkippingControls(before: start)?.value) else { return nil }
    let count = text.count
    let star = UInt8(ascii: "*")
    let hash = UInt8(ascii: "#")
    var offset = start
    var end = start
    var hasStar = false
    var groups = 0
    while offset < count {
      let signsStart = offset
      // Up to three signs are read: a longer run (`*#*#…`) is none, and is not read to its end
      // from each of its signs in turn.
      while offset < count && offset - signsStart < 4 && (text[offset] == star || text[offset] == hash) {
        hasStar = hasStar || text[offset] == star
        offset += 1
      }
      if offset == signsStart { break }
      guard offset - signsStart <= 3 else { return nil }
      var digitsEnd = offset
      while digitsEnd < count && text[digitsEnd].isASCIIDigit { digitsEnd += 1 }
      guard digitsEnd > offset else {
        end = offset  // the closing signs
        break
      }
      guard digitsEnd - offset <= 15 else { return nil }
      groups += 1
      offset = digitsEnd
      end = digitsEnd
    }
    guard groups > 0, hasStar || (text[start] == hash && text[end - 1] == hash) else { return nil }
    if let next = text.scalarSkippingControls(at: end) {
      switch table.kind(of: next) {
      case .letter where !isSpacelessScript(next): return nil
      case .mark, .digit, .connector, .joiner: return nil
      default: break
      }
    }
    return entity(.number, start, end)
  }
}

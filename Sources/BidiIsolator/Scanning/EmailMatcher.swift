extension EntityFinder {
  /// Matches the domain of an e-mail address whose ASCII local part runs from `localPartStart` to
  /// the `@` at `at`; returns the end of the address.
  ///
  /// The domain is two or more labels of letters (of any script, for internationalised domains),
  /// digits and marks, with `-` inside labels, ending in a top-level domain of at least two letters:
  /// `name@example.com`, `علي@مثال.مصر` is not (its local part is not ASCII), `user@例子.中国` is.
  ///
  /// - Complexity: O(*k*) in the length of the address.
  func matchEmail(localPartStart: Int, at: Int) -> Int? {
    guard at > localPartStart, text[localPartStart] != UInt8(ascii: "."),
      text[at - 1] != UInt8(ascii: ".")
    else { return nil }
    var offset = at + 1
    var labels = 0
    var labelLength = 0
    var labelIsLetters = true
    var end = offset
    while offset < text.count {
      // Most domains are ASCII: their letters and digits need no decoding and no table.
      let byte = text[offset]
      if byte.isASCIIAlphanumeric {
        if labelLength == 0 { labels += 1 }
        labelLength += 1
        labelIsLetters = labelIsLetters && !byte.isASCIIDigit
        offset += 1
        end = offset
        continue
      }
      let (value, length) = text.scalar(at: offset)
      let kind = table.kind(of: value)
      if kind == .letter || kind == .digit || (kind == .mark && labelLength > 0) {
        if labelLength == 0 { labels += 1 }
        labelLength += 1
        labelIsLetters = labelIsLetters && kind != .digit
        offset += length
        end = offset
        continue
      }
      guard labelLength > 0, value == 0x2E || value == 0x2D,  // . -
        let next = text.scalarValue(at: offset + 1)
      else { break }
      let nextKind = table.kind(of: next)
      guard nextKind == .letter || nextKind == .digit else { break }
      if value == 0x2E {
        labelLength = 0
        labelIsLetters = true
      }
      offset += 1
    }
    guard labels >= 2, labelIsLetters, labelLength >= 2, text.scalarSkippingControls(at: end) != 0x40 else {
      return nil
    }
    return end
  }
}

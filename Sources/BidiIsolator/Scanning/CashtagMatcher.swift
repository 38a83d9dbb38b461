@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a cashtag at the `$` at `start`: one to six ASCII letters, then optionally `.` or `_`
  /// and one or two more (`$TSLA`, `$BRK.A`, `$bar_ab`), as twitter-text defines them, or `-` and
  /// one or two, as quote sites write a share class (`$BRK-B`).
  ///
  /// The `$` must begin the text or follow white space, and the symbol must end the text or be
  /// followed by white space or ASCII punctuation: `a$TEST`, `$$TEST` and `$TEST1` hold none, and
  /// a `.` or `_` with no letter after it is left outside (`$SPX.`). In a right-to-left message
  /// `اشتر $TSLA الآن` shows as `TSLA$` until the cashtag is isolated, the way a mention is torn.
  ///
  /// ```swift
  /// EntityScanner().entities(in: "اشتر $TSLA و $BRK.A الآن").map(\.text)   // ["$TSLA", "$BRK.A"]
  /// ```
  ///
  /// - Complexity: O(1): a cashtag is at most ten bytes.
  func matchCashtag(at start: Int) -> RawEntity? {
    if let previous = text.scalarSkippingControls(before: start)?.value,
      !(table.kind(of: previous) == .space || (0x09...0x0D).contains(previous))
    {
      return nil
    }
    var end = start + 1
    while end < text.count && end - start <= 6 && text[end].isASCIILetter { end += 1 }
    let letters = end - start - 1
    guard letters >= 1 && letters <= 6 else { return nil }
    // The suffix: `.`, `_` or `-` and one or two letters, kept only whole.
    let separator = text.byte(at: end)
    if separator == UInt8(ascii: ".") || separator == UInt8(ascii: "_") || separator == UInt8(ascii: "-") {
      var suffixEnd = end + 1
      while suffixEnd < text.count && suffixEnd - end <= 2 && text[suffixEnd].isASCIILetter { suffixEnd += 1 }
      if suffixEnd - end - 1 >= 1 && endsCashtag(at: suffixEnd) { return entity(.cashtag, start, suffixEnd) }
    }
    guard endsCashtag(at: end) else { return nil }
    return entity(.cashtag, start, end)
  }

  /// Whether a cashtag may end before `offset`: at the end of the text, white space, a bidi control
  /// or ASCII punctuation, not a letter or digit that would make the symbol longer.
  private func endsCashtag(at offset: Int) -> Bool {
    guard let next = text.scalarValue(at: offset) else { return true }
    if next < 0x80 { return !UInt8(next).isASCIIAlphanumeric }
    switch table.kind(of: next) {
    case .space, .bidiControl, .paragraphSeparator: return true
    default: return false
    }
  }
}

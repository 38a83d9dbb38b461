extension EntityFinder {
  /// Matches a hashtag at the sigil at `start` (`#` or `＃`, `sigilLength` bytes).
  ///
  /// The sigil must follow the start of the text, white space, punctuation or a symbol, not a letter,
  /// digit or `&` (so `C#`, `&#1234;` and `abc#def` hold none). The body holds letters, marks,
  /// digits, `_`, ZWNJ and ZWJ, with at least one letter: `#خبر`, `#话题`, `#עדכון`, `#WWDC2022`,
  /// but not `#1`.
  ///
  /// - Complexity: O(*k*) in the length of the body.
  func matchHashtag(at start: Int, sigilLength: Int) -> RawEntity? {
    guard kinds.contains(.hashtags) else { return nil }
    if let previous = text.scalarSkippingControls(before: start)?.value {
      if previous == 0x26 { return nil }  // &
      switch table.kind(of: previous) {
      case .letter, .mark, .digit, .connector, .joiner: return nil
      default: break
      }
    }
    let bodyStart = start + sigilLength
    var offset = bodyStart
    var end = bodyStart
    var hasLetter = false
    while offset < text.count {
      let (value, length) = text.scalar(at: offset)
      let kind = table.kind(of: value)
      if offset == bodyStart {
        guard Self.startsNamePart(value, kind) else { break }
      } else {
        guard kind.isNameCharacter || Self.isUnderscore(value) else { break }
      }
      hasLetter = hasLetter || kind == .letter
      offset += length
      if kind != .joiner { end = offset }
    }
    guard hasLetter else { return nil }
    return entity(.hashtag, start, end)
  }
}

@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches an emoticon at the `:`, `;`, `=` or `<` at `start`: eyes, an optional tear and nose,
  /// and a mouth of one character, repeated or not (`:D`, `;P`, `:-O`, `:3`, `:DDD`), or a heart
  /// (`<3`, `</3`), with a letter or digit in it, on its own: after the start, white space or a
  /// character past ASCII, and before the end, white space, punctuation that no letter or digit
  /// follows, or a character past ASCII.
  ///
  /// Its eyes are neutrals, and right-to-left text before it takes them to its own side: `:D`
  /// shows as `D:`, a face of dismay, and `<3` as `3>`. Isolated, it reads as typed. Emoticons of
  /// neutrals alone (`:)`, `:-(`) are mirrored whole, as right-to-left readers know them, and are
  /// left alone; so are those of letters at both ends (`xD`, `T_T`), which read as typed already.
  ///
  /// - Complexity: O(*k*) in the emoticon's length.
  func matchEmoticon(at start: Int) -> RawEntity? {
    let count = text.count
    if let previous = text.scalarSkippingControls(before: start)?.value,
      previous < 0x80 && !Self.isEmoticonBoundary(UInt8(previous))
    {
      return nil
    }
    var end = start + 1
    if text[start] == UInt8(ascii: "<") {
      if text.byte(at: end) == UInt8(ascii: "/") { end += 1 }
      guard text.byte(at: end) == UInt8(ascii: "3") else { return nil }
    } else {
      if text.byte(at: end) == UInt8(ascii: "'") { end += 1 }
      if "-o^".utf8.contains(text.byte(at: end)) && Self.isMouth(text.byte(at: end + 1)) { end += 1 }
    }
    let mouth = text.byte(at: end)
    guard Self.isMouth(mouth), mouth.isASCIIAlphanumeric else { return nil }
    while end < count && text[end] == mouth { end += 1 }
    if let (next, offset) = text.scalarSkippingControls(from: end), next < 0x80 {
      guard Self.isEmoticonBoundary(UInt8(next)), next != UInt32(UInt8(ascii: ":")) else { return nil }
      // Punctuation and then a letter or digit: a number or a word goes on (`<3,590`, `:3.5`).
      if ".,;!?".utf8.contains(UInt8(next)), let after = text.scalarSkippingControls(from: offset + 1)?.value,
        after < 0x80 && UInt8(after).isASCIIAlphanumeric
      {
        return nil
      }
    }
    return entity(.emoticon, start, end)
  }

  /// A mouth with a letter or digit: open, tongue out, surprised, a cat's.
  private static func isMouth(_ byte: UInt8) -> Bool {
    "DPpOo3SXx".utf8.contains(byte)
  }

  /// Whether an ASCII character may stand next to an emoticon: white space or punctuation, but not
  /// a letter, a digit or a sign that joins words (`@ / _ & # $ %`).
  private static func isEmoticonBoundary(_ byte: UInt8) -> Bool {
    !byte.isASCIIAlphanumeric && !"@/_&#$%\\".utf8.contains(byte) && (byte >= 0x20 || byte == 0x09 || byte == 0x0A)
  }
}

@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a hashtag at the sigil at `start` (`#` or `＃`, `sigilLength` bytes), by twitter-text's
  /// rules.
  ///
  /// The sigil must follow the start of the text, white space, punctuation, a symbol or an emoji's
  /// variation selector (`✌️#hashtag`), not a letter, digit or `&` (so `C#`, `&#1234;` and
  /// `abc#def` hold none), and must not be a keycap (`#️⃣`). The body holds letters, marks, digits,
  /// `_`, and the characters words of some scripts are written with: ZWNJ and ZWJ (Persian), the
  /// Hebrew maqaf, geresh and gershayim (`#עַל־יְדֵי`, `#וכו׳`, `#מ״כ`), the middle dot
  /// (`#il·lusió`), the Tibetan tsheg, the wave dash and fullwidth tilde, the kana voicing marks and
  /// middle dot, the ideographic iteration mark; at least one letter or mark (`#1` is none).
  ///
  /// A URL scheme or `www.` inside the body ends it, and the URL starts there
  /// (`#إسرائيلhttps://t.co/a47cuCurcd`); a body followed by another sigil or by `://` is no
  /// hashtag (`#abc#def`, `#http://…`). A body followed straight by `:` and a server is a Matrix
  /// room, one hashtag with its server (`#room:matrix.org`). A body of ASCII letters and digits
  /// takes a `+` or `++` after it that ends a word, as a term does (`#C++`, `#Disney+`). A hyphen
  /// between a letter or digit and a letter or digit of the same script joins two parts into one
  /// name, as in the channel names of chat apps and in mentions (`#dev-team`, `#COVID-19`).
  ///
  /// - Complexity: O(*k*) in the length of the body.
  func matchHashtag(at start: Int, sigilLength: Int, afterURLEnding urlEnd: Int = -1) -> RawEntity? {
    guard kinds.contains(.hashtags) else { return nil }
    if let (previous, controlsStart) = text.scalarSkippingControls(before: start), controlsStart != urlEnd {
      if previous == 0x26 { return nil }  // &
      if previous != 0xFE0E && previous != 0xFE0F {
        switch table.kind(of: previous) {
        case .letter, .mark, .digit, .connector, .joiner: return nil
        default: if Self.isHashtagSpecial(previous) { return nil }
        }
      }
    }
    let bodyStart = start + sigilLength
    if let next = text.scalarValue(at: bodyStart), next == 0xFE0F || next == 0x20E3 { return nil }
    var offset = bodyStart
    var end = bodyStart
    var hasLetter = false
    while true {
      while offset < text.count {
        if offset > bodyStart && Self.mayStartGluedURL(text[offset]) && startsGluedURL(at: offset) { break }
        let (value, length) = text.scalar(at: offset)
        let kind = table.kind(of: value)
        guard kind.isNameCharacter || Self.isUnderscore(value) || Self.isHashtagSpecial(value) else { break }
        hasLetter = hasLetter || kind == .letter || kind == .mark
        offset += length
        if kind != .joiner { end = offset }
      }
      // A hyphen between two parts of a name goes on with the next part.
      guard hasLetter && end == offset && joinsNameParts(atHyphen: offset, bodyStart: bodyStart) else { break }
      offset += 1
    }
    guard hasLetter else { return nil }
    if end == offset, let serverEnd = serverEnd(afterName: end, allowingAt: false) {
      return entity(.hashtag, start, serverEnd)
    }
    if end == offset, let (next, nextOffset) = text.scalarSkippingControls(from: end),
      next == 0x23 || next == 0xFF03 || text.startsSchemeSeparator(at: nextOffset)  // # ＃ ://
    {
      return nil
    }
    // A Latin name's `+` or `++` goes with it, as a term's does (`#C++`, `#Disney+`): right-to-left
    // text after it would take the sign to its own side.
    if end == offset && text.byte(at: end) == UInt8(ascii: "+") && text[bodyStart].isASCIILetter
      && (bodyStart..<end).allSatisfy({ text[$0].isASCIIAlphanumeric }), let suffixEnd = termSuffixEnd(at: end)
    {
      return entity(.hashtag, start, suffixEnd)
    }
    return entity(.hashtag, start, end)
  }

  /// Whether `offset` holds a hyphen between two parts of a name in one script, as chat apps'
  /// channel names and mentions hold it (`#dev-team`, `#COVID-19`): a letter or digit follows it,
  /// and a letter after it is of the script of the last letter before it. Split there, the second
  /// part would show on the other side of the first in right-to-left text.
  ///
  /// - Complexity: O(*k*) in the name before the hyphen, for its last letter.
  private func joinsNameParts(atHyphen offset: Int, bodyStart: Int) -> Bool {
    guard offset < text.count && text[offset] == UInt8(ascii: "-"), let next = text.scalarValue(at: offset + 1) else {
      return false
    }
    let nextKind = table.kind(of: next)
    guard Self.startsNamePart(next, nextKind) else { return false }
    guard let nextScript = NameScript(next, table: table, ifLetter: nextKind) else { return true }
    var back = offset
    while back > bodyStart {
      back = text.scalarStart(before: back)
      let value = text.scalar(at: back).value
      if let script = NameScript(value, table: table, ifLetter: table.kind(of: value)) { return script == nextScript }
    }
    return true
  }

  /// The characters besides letters, marks, digits and joiners that twitter-text keeps inside a
  /// hashtag.
  @inline(__always)
  static func isHashtagSpecial(_ value: UInt32) -> Bool {
    switch value {
    case 0x00B7,  // middle dot
      0x05BE, 0x05F3, 0x05F4,  // Hebrew maqaf, geresh, gershayim
      0x0F0B, 0x0F0C,  // Tibetan tsheg
      0x3003,  // ditto mark
      0x301C,  // wave dash
      0x309B, 0x309C, 0x30A0, 0x30FB,  // kana voicing marks, double hyphen, middle dot
      0xA67E,  // Cyrillic kavyka
      0xFF5E:  // fullwidth tilde
      return true
    default:
      return false
    }
  }

  /// Whether a URL glued to a word may start at this byte: `h` or `w` in either case, checked before
  /// the call to ``startsGluedURL(at:)`` in the loops over names.
  @inline(__always)
  static func mayStartGluedURL(_ byte: UInt8) -> Bool {
    byte | 0x20 == UInt8(ascii: "h") || byte | 0x20 == UInt8(ascii: "w")
  }

  /// Whether `http://`, `https://` or `www.` (any case) followed by a letter or digit starts at
  /// `offset`: a URL glued to the word before it, which ends that word.
  func startsGluedURL(at offset: Int) -> Bool {
    guard kinds.contains(.urls) else { return false }
    let first = text[offset] | 0x20
    if first == UInt8(ascii: "h") {
      guard text.byte(at: offset + 1) | 0x20 == UInt8(ascii: "t"),
        text.byte(at: offset + 2) | 0x20 == UInt8(ascii: "t"),
        text.byte(at: offset + 3) | 0x20 == UInt8(ascii: "p")
      else { return false }
      let colon = text.byte(at: offset + 4) | 0x20 == UInt8(ascii: "s") ? offset + 5 : offset + 4
      return text.startsSchemeSeparator(at: colon)
    }
    if first == UInt8(ascii: "w") {
      return text.byte(at: offset + 1) | 0x20 == UInt8(ascii: "w")
        && text.byte(at: offset + 2) | 0x20 == UInt8(ascii: "w")
        && text.byte(at: offset + 3) == UInt8(ascii: ".") && text.byte(at: offset + 4).isASCIIAlphanumeric
    }
    return false
  }
}

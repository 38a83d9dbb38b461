extension EntityFinder {
  /// Matches a mention at the sigil at `start` (`@` or `＠`, `sigilLength` bytes).
  ///
  /// The name is the longest member name that follows, when the room's names are known and one
  /// matches; otherwise letters with their combining marks, digits of any script, `_`, ZWNJ and ZWJ,
  /// with `.` and `-` allowed only between name characters. Anything else ends it: white space,
  /// punctuation, symbols and emoji, bidi controls, another sigil.
  ///
  /// A sigil right after an ASCII e-mail local-part character starts no mention (`a@b` belongs to an
  /// e-mail address), unless that character ends a mention (`@alice@bob` holds two); after Arabic or
  /// Chinese text it does (`مرحبا@我`).
  ///
  /// - Parameter lastMentionEnd: where the previous mention ended, or -1.
  /// - Complexity: O(*k*) in the length of the name.
  func matchMention(at start: Int, sigilLength: Int, lastMentionEnd: Int) -> RawEntity? {
    if let previous = text.scalarSkippingControls(before: start), previous.controlsStart != lastMentionEnd,
      previous.value < 0x80 && Self.isEmailLocalPartByte(UInt8(previous.value))
    {
      return nil
    }
    let nameStart = start + sigilLength
    if let members, let end = members.longestMatch(in: text, at: nameStart, table: table) {
      return entity(.mention, start, end)
    }
    var offset = nameStart
    var end = nameStart
    var afterNameCharacter = false
    while offset < text.count {
      let (value, length) = text.scalar(at: offset)
      let kind = table.kind(of: value)
      if offset == nameStart {
        guard Self.startsNamePart(value, kind) else { break }
      } else if !(kind.isNameCharacter || Self.isUnderscore(value)) {
        guard afterNameCharacter && (value == 0x2E || value == 0x2D),  // . -
          let next = text.scalarValue(at: offset + 1), Self.startsNamePart(next, table.kind(of: next))
        else { break }
        afterNameCharacter = false
        offset += 1
        continue
      }
      offset += length
      afterNameCharacter = true
      // A joiner at the very end joins nothing; it stays outside.
      if kind != .joiner { end = offset }
    }
    guard end > nameStart else { return nil }
    return entity(.mention, start, end)
  }

  /// Whether a name, or the part of one after `.` or `-`, may start with this character: a letter, a
  /// digit or an underscore, never a mark or joiner with nothing to attach to.
  @inline(__always)
  static func startsNamePart(_ value: UInt32, _ kind: ScalarKind) -> Bool {
    kind == .letter || kind == .digit || isUnderscore(value)
  }

  /// `_` and its fullwidth form `＿`.
  @inline(__always)
  static func isUnderscore(_ value: UInt32) -> Bool { value == 0x5F || value == 0xFF3F }
}

@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Appends the retweet marker before the mention at `mentionStart`, when there is one, and says
  /// whether there was.
  ///
  /// The marker is `RT` or `MT` (any case) right before the mention, with a `:` or white space or
  /// both between (`RT @user:`, `RT: @user`, `RT@user`), where a message's words begin: in its
  /// paragraph, before it, nothing but white space, punctuation, symbols and bidi controls, and at
  /// most one entity (`🔥 RT @a`, `@a RT @b`, `#عاجل RT @a`), or another marker and its mention
  /// (`RT @a: RT @b: …`). It is the convention of a repost and names no language, yet as the first
  /// strong character it would make `RT @user: مرحبا بكم` a left-to-right message and show its
  /// words in the wrong order. Isolated, it leaves the message the direction of its own words; the
  /// mention is the mention's own entity.
  ///
  /// - Complexity: O(*k*) in the characters read back, up to the paragraph's start.
  @inline(__always)
  func appendRetweetMarker<Sink: ScanSink>(
    beforeMentionAt mentionStart: Int, to result: inout Sink, ends: inout EntityEnds
  ) -> Bool {
    // A marker ends right before the sigil, or before a colon, white space or a bidi control there.
    guard mentionStart >= 2 && kinds.contains(.retweets) else { return false }
    let before = text[mentionStart - 1]
    switch before == 0x20 || before == 0x09 ? text[mentionStart - 2] : before {
    case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: ":"), 0x20, 0x09, 0x80...0xBF: break
    default: return false
    }
    guard let marker = retweetMarker(before: mentionStart, ends: ends) else { return false }
    result.append(marker)
    ends.record(marker)
    ends.retweet = marker.end
    return true
  }

  /// The marker that ends before the mention at `mentionStart`, after the entities `ends` records.
  private func retweetMarker(before mentionStart: Int, ends: EntityEnds) -> RawEntity? {
    // Back over white space, then a colon, bidi controls aside.
    var previous = text.scalarSkippingControls(before: mentionStart)
    while let space = previous, space.value == 0x20 || space.value == 0x09 {
      previous = text.scalarSkippingControls(before: space.controlsStart - 1)
    }
    if let colon = previous, colon.value == UInt32(UInt8(ascii: ":")) {
      previous = text.scalarSkippingControls(before: colon.controlsStart - 1)
    }
    guard let last = previous, last.value | 0x20 == UInt32(UInt8(ascii: "t")) else { return nil }
    let end = last.controlsStart
    let start = end - 2
    guard start >= ends.entity,
      text[start] | 0x20 == UInt8(ascii: "r") || text[start] | 0x20 == UInt8(ascii: "m")
    else { return nil }
    guard opensParagraph(before: start, ends: ends) else { return nil }
    return entity(.retweet, start, end)
  }

  /// Whether only white space, punctuation, symbols and bidi controls, with at most the last entity
  /// `ends` records, or the last marker, come before `offset` in its paragraph, and no word goes on
  /// to `offset`.
  private func opensParagraph(before offset: Int, ends: EntityEnds) -> Bool {
    var offset = offset
    var passedEntity = false
    while offset > 0 {
      if offset == ends.retweet { return true }
      if offset == ends.entity && !passedEntity && ends.entityStart < offset {
        offset = ends.entityStart
        passedEntity = true
        continue
      }
      let start = text.scalarStart(before: offset)
      let value = text.scalar(at: start).value
      if value < 0x80 {
        let byte = UInt8(value)
        if byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") { return false }
      } else {
        let rawClass = table.rawClass(of: value)
        if rawClass == BidiClass.paragraphSeparator.rawValue { return true }
        // A letter or digit of any script, but the marks LRM, RLM and ALM, which are controls.
        if isWordCharacter(value) && value != 0x61C { return false }
        if rawClass <= BidiClass.arabicLetter.rawValue && value != 0x61C && value != 0x200E && value != 0x200F {
          return false
        }
      }
      if value == 0x0A || value == 0x0D || (value >= 0x1C && value <= 0x1E) { return true }
      offset = start
    }
    return true
  }
}

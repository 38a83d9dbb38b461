@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Appends the retweet marker before the mention at `mentionStart`, when there is one, and says
  /// whether there was.
  ///
  /// The marker is `RT` or `MT` (any case) right before the mention, with a `:` or white space or
  /// both between (`RT @user:`, `RT: @user`, `RT@user`), where a message's words begin: nothing
  /// but entities, white space, punctuation, symbols and bidi controls before it in its paragraph.
  /// It is the convention of a repost and names no language, yet as the first strong character it
  /// would make `RT @user: مرحبا بكم` a left-to-right message and show its words in the wrong
  /// order. Isolated, it leaves the message the direction of its own words. Markers may follow each
  /// other (`RT @a: RT @b: …`); the mention is the mention's own entity.
  ///
  /// - Complexity: O(*k*) in the bytes of the paragraph's opening not read before.
  @inline(__always)
  func appendRetweetMarker<Sink: ScanSink>(
    beforeMentionAt mentionStart: Int, to result: inout Sink, ends: inout EntityEnds
  ) -> Bool {
    guard ends.lead >= 0 && kinds.contains(.retweets), let marker = retweetMarker(before: mentionStart, lead: ends.lead)
    else { return false }
    result.append(marker)
    record(marker, in: &ends)
    return true
  }

  /// The marker that ends before the mention at `mentionStart`, when the paragraph's opening up to
  /// `lead` holds no strong character outside entities.
  private func retweetMarker(before mentionStart: Int, lead: Int) -> RawEntity? {
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
    guard start >= lead, text[start] | 0x20 == UInt8(ascii: "r") || text[start] | 0x20 == UInt8(ascii: "m") else {
      return nil
    }
    if let before = text.scalarSkippingControls(before: start)?.value {
      // Not inside a word of any script.
      if before < 0x80 {
        guard !UInt8(before).isASCIIAlphanumeric && before != UInt32(UInt8(ascii: "_")) else { return nil }
      } else if isWordCharacter(before) {
        return nil
      }
    }
    guard !holdsStrongCharacter(from: lead, to: start) else { return nil }
    return entity(.retweet, start, end)
  }

  /// Records `found` in `ends`, and reads the paragraph's opening up to it while no strong character
  /// has been read there.
  ///
  /// - Complexity: O(1), or O(*k*) in the bytes before `found` not read before.
  @inline(__always)
  func record(_ found: RawEntity, in ends: inout EntityEnds) {
    if ends.lead >= 0 {
      ends.lead = holdsStrongCharacter(from: ends.lead, to: found.start) ? -1 : Swift.max(ends.lead, found.end)
    }
    ends.record(found)
  }

  /// Whether a strong character other than a bidi mark stands in `start..<end`.
  ///
  /// - Complexity: O(*k*) up to the first strong character.
  private func holdsStrongCharacter(from start: Int, to end: Int) -> Bool {
    var offset = start
    while offset < end {
      let byte = text[offset]
      if byte < 0x80 {
        if byte.isASCIILetter { return true }
        offset += 1
        continue
      }
      let (value, length) = text.scalar(at: offset)
      offset += length
      if BidiControl(value: value) == nil && table.strongDirection(of: value) != nil { return true }
    }
    return false
  }
}

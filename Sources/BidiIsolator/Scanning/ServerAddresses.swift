extension EntityFinder {
  /// Where the server of a name ends, when one follows the name straight: `@` and a host, as
  /// fediverse accounts are written (`@alice@mastodon.social`), or `:` and a host, as Matrix writes
  /// its users and rooms (`@bob:matrix.org`, `#room:matrix.org`). `nil` when none follows.
  ///
  /// The host is one an e-mail address may have (``hostEnd(from:protocolLess:)``), and, as after an
  /// address, no further `@` may follow it. Split there, the name and its server would be two
  /// pieces of left-to-right text that right-to-left text around them shows swapped, with the
  /// sigil torn off: `matrix.org:bob@`.
  ///
  /// - Parameters:
  ///   - nameEnd: where the name ends, at the separator.
  ///   - allowingAt: whether `@` may separate them (mentions); `:` always may.
  /// - Complexity: O(*k*) in the length of the host.
  func serverEnd(afterName nameEnd: Int, allowingAt: Bool) -> Int? {
    let separator = text.byte(at: nameEnd)
    guard separator == UInt8(ascii: ":") || (allowingAt && separator == UInt8(ascii: "@")),
      let end = hostEnd(from: nameEnd + 1, protocolLess: false),
      text.scalarSkippingControls(at: end) != 0x40
    else { return nil }
    return end
  }
}

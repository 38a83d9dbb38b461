/// The coarse kind of a character that the entity grammars care about: what may continue a name,
/// what ends a URL, what separates words.
///
/// The first eight cases are the raw values stored in the generated table (``BidiClassTable``);
/// ``CharacterTable/kind(of:)`` tells the last three apart.
@_spi(BidiCore) public enum ScalarKind: UInt8, Sendable {
  /// General_Category L*: letters of every script.
  case letter
  /// General_Category M*: combining marks, which stay with the letter before them.
  case mark
  /// General_Category Nd: decimal digits of every script.
  case digit
  /// `_` and the other connector punctuation.
  case connector
  /// Spaces: Zs and the line separator. (Tab and other control characters are ``other``.)
  case space
  /// General_Category P* other than connectors.
  case punctuation
  /// General_Category S*: math, currency, modifier and other symbols, emoji among them.
  case symbol
  /// Control and format characters, private use, unassigned code points.
  case other
  /// ZWNJ and ZWJ, which Persian, Indic scripts and emoji need inside words.
  case joiner
  /// One of the twelve ``BidiControl`` characters.
  case bidiControl
  /// Paragraph separators (Bidi_Class B): line feed, carriage return, U+001C–U+001E, NEL, U+2029.
  case paragraphSeparator

  /// Whether a mention or hashtag name may hold this character (before the grammar's own rules
  /// about where it may stand).
  @inlinable @inline(__always) @_spi(BidiCore) public var isNameCharacter: Bool {
    self == .letter || self == .mark || self == .digit || self == .joiner
  }
}

/// Whether a scalar belongs to a script written without spaces between words, where a member name
/// may be followed directly by more text (`@张三今天好`).
@inlinable @inline(__always)
@_spi(BidiCore) public func isSpacelessScript(_ value: UInt32) -> Bool {
  switch value {
  case 0x0E00...0x0EFF,  // Thai, Lao
    0x1000...0x109F,  // Myanmar
    0x1780...0x17FF,  // Khmer
    0x2E80...0x2FDF,  // CJK radicals, Kangxi radicals
    0x3040...0x30FF,  // Hiragana, Katakana
    0x3100...0x312F, 0x31A0...0x31FF,  // Bopomofo, Katakana extensions
    0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFF66...0xFF9F,  // halfwidth Katakana
    0x20000...0x3FFFF:  // CJK extensions
    return true
  default:
    return false
  }
}

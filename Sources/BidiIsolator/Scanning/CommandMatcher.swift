@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a command at the `/` at `start`, as Telegram, Discord and Slack read one: `/`, a Latin
  /// letter, then letters, digits and `_`, and optionally `@` and a bot's name (`/start`,
  /// `/help@MyBot`), at the start of the text or after white space, an opening bracket or quote,
  /// or a Hebrew prefix letter and its hyphen (`ב-/play`).
  ///
  /// The `/` is a neutral, and right-to-left text before the command takes it to its own side:
  /// `اكتب /start` shows `start/`. A message that starts with a command is taken for a
  /// left-to-right one. Isolated, the command reads whole, and rule P2 passes over it.
  ///
  /// No command is one followed by another `/`, a letter or digit of any script, or a `.` or `-`
  /// and a letter or digit: a path (`/usr/bin`), a file (`/a.txt`) or a word glued to it. Nor is
  /// one after a letter, digit or sign (`and/or`, `1/2`, `w/o`).
  ///
  /// - Complexity: O(*k*) in the command's length.
  func matchCommand(at start: Int) -> RawEntity? {
    let count = text.count
    if let previous = text.scalarSkippingControls(before: start), !mayPrecedeSignedWord(previous) { return nil }
    var end = start + 1
    guard text.byte(at: end).isASCIILetter else { return nil }
    while end < count && Self.isNameByte(text[end]) { end += 1 }
    if text.byte(at: end) == UInt8(ascii: "@") && Self.isNameByte(text.byte(at: end + 1)) {
      end += 1
      while end < count && Self.isNameByte(text[end]) { end += 1 }
    }
    if let (next, offset) = text.scalarSkippingControls(from: end) {
      guard next < 0x80 else { return isWordCharacter(next) ? nil : entity(.command, start, end) }
      switch UInt8(next) {
      case UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "\\"):
        return nil
      case UInt8(ascii: "."), UInt8(ascii: "-"):
        if let after = text.scalarSkippingControls(from: offset + 1)?.value, after < 0x80,
          UInt8(after).isASCIIAlphanumeric
        {
          return nil
        }
      default:
        break
      }
    }
    return entity(.command, start, end)
  }

  /// Whether a word that starts with a sign (a command, a path, a term a dot or hyphens lead) may
  /// follow `previous` (the scalar before it, and where that starts): white space, an opening
  /// bracket or quote (a straight one after white space), or the hyphen after a Hebrew prefix
  /// letter.
  func mayPrecedeSignedWord(_ previous: (value: UInt32, controlsStart: Int)) -> Bool {
    switch previous.value {
    case _ where isSpace(previous.value):
      return true
    case 0x28, 0x5B, 0x7B, 0xAB, 0x2018, 0x201C, 0x300C, 0xFF08:
      return true
    case 0x22, 0x27:
      // A straight quote opens only after white space or at the start.
      guard let before = text.scalar(before: previous.controlsStart - 1) else { return true }
      return isSpace(before)
    case 0x2D:
      guard let letter = text.scalar(before: previous.controlsStart - 1) else { return false }
      return (0x05D0...0x05EA).contains(letter)
    default:
      return false
    }
  }

  /// Whether `value` is white space, a tab, or a line or paragraph separator.
  func isSpace(_ value: UInt32) -> Bool {
    switch table.kind(of: value) {
    case .space, .paragraphSeparator: true
    default: value == 0x09 || value == 0x0B || value == 0x0C
    }
  }

  /// A letter, digit or `_`, of which command and bot names are made.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_")
  }
}

@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a mention at the sigil at `start` (`@` or `＠`, `sigilLength` bytes).
  ///
  /// The name is the longest member name that follows, when the room's names are known and one
  /// matches. Otherwise it is letters of any script with their combining marks, digits of any
  /// script, `_`, ZWNJ and ZWJ, with `.` and `-` allowed only between name characters, and it ends
  /// at white space, punctuation, symbols and emoji, bidi controls, another sigil, a URL scheme or
  /// `www.` glued to it, and where its letters change script between Latin (and the other scripts
  /// written with spaces), East Asian scripts, and right-to-left ones: `の@usernameに到着` holds
  /// `@username`. A Latin handle may carry a twitter-text list slug (`@user/list-name`).
  ///
  /// Where the sigil may stand follows twitter-text: not after an ASCII letter, digit or `_`, nor
  /// after `. + -` that continue one (`a@b` and `x-@b` belong to an e-mail address; `ל-@דני` is a
  /// mention), nor after `! # $ % & * @ ＠`, except right after `RT` or `RT:` (`RT@user`, any
  /// case); after Arabic or Chinese text it may (`مرحبا@我`). A name followed by another sigil or
  /// by `://` is no mention (`@_@`, `@http://…`), unless a server follows it straight: an account
  /// on a server, `@alice@mastodon.social` or `@bob:matrix.org`, is one mention
  /// (``serverEnd(afterName:allowingAt:)``), where twitter-text, for Twitter's handles, finds none.
  ///
  /// - Parameter urlEnd: where the last URL ended, or -1: a sigil glued to the end of a URL, which
  ///   its own rules ended, starts a mention.
  /// - Complexity: O(*k*) in the length of the name.
  func matchMention(at start: Int, sigilLength: Int, afterURLEnding urlEnd: Int = -1) -> RawEntity? {
    if let previous = text.scalarSkippingControls(before: start), previous.controlsStart != urlEnd {
      if previous.value < 0x80 {
        let byte = UInt8(previous.value)
        if Self.isMentionBlockingSymbol(byte) || continuesLocalPart(byte, endingAt: previous.controlsStart) {
          guard isAfterRetweetPrefix(endingAt: previous.controlsStart) else { return nil }
        }
      } else if previous.value == 0xFF20 {
        return nil
      }
    }
    let nameStart = start + sigilLength
    if let members, let end = members.longestMatch(in: text, at: nameStart, table: table) {
      return entity(.mention, start, end)
    }
    var offset = nameStart
    var end = nameStart
    var afterNameCharacter = false
    var script: NameScript? = nil
    var isASCIIHandle = true
    while offset < text.count {
      if offset > nameStart && Self.mayStartGluedURL(text[offset]) && startsGluedURL(at: offset) { break }
      let (value, length) = text.scalar(at: offset)
      let kind = table.kind(of: value)
      if offset == nameStart {
        guard Self.startsNamePart(value, kind) else { break }
      } else if !(kind.isNameCharacter || Self.isUnderscore(value)) {
        guard afterNameCharacter && (value == 0x2E || value == 0x2D),  // . -
          let next = text.scalarValue(at: offset + 1), Self.startsNamePart(next, table.kind(of: next)),
          script == nil || script == NameScript(next, table: table, ifLetter: table.kind(of: next)) ?? script
        else { break }
        afterNameCharacter = false
        isASCIIHandle = false
        offset += 1
        continue
      }
      if kind == .letter, let letterScript = value < 0x80 ? .spaced : NameScript(value, table: table, ifLetter: kind) {
        if let script, script != letterScript { break }
        script = letterScript
      }
      if !(value < 0x80 && (UInt8(value).isASCIIAlphanumeric || value == 0x5F)) { isASCIIHandle = false }
      offset += length
      afterNameCharacter = true
      // A joiner at the very end joins nothing; it stays outside.
      if kind != .joiner { end = offset }
    }
    guard end > nameStart else { return nil }
    if end == offset, let serverEnd = serverEnd(afterName: end, allowingAt: true) {
      return entity(.mention, start, serverEnd)
    }
    if end == offset, let (next, nextOffset) = text.scalarSkippingControls(from: end) {
      if next == 0x40 || next == 0xFF20 || text.startsSchemeSeparator(at: nextOffset) { return nil }  // @ ＠ ://
      if isASCIIHandle && next == 0x2F && nextOffset == end, let slugEnd = listSlugEnd(from: end + 1) {
        return entity(.mention, start, slugEnd)
      }
    }
    return entity(.mention, start, end)
  }

  /// Whether `byte`, the character that ends at `end`, would make a sigil after it part of an
  /// e-mail address: an ASCII letter, digit or `_` always (`a@b`), and `. % + -` after one of
  /// those or another of the four (`hi.@alice`, `x-@alice`), not after other text: `ל-@דני` is
  /// Hebrew's prefix letter and hyphen before a mention.
  private func continuesLocalPart(_ byte: UInt8, endingAt end: Int) -> Bool {
    guard Self.isEmailLocalPartByte(byte) else { return false }
    guard !byte.isASCIIAlphanumeric && byte != UInt8(ascii: "_") else { return true }
    guard let before = text.scalarSkippingControls(before: end - 1), before.value < 0x80 else { return false }
    return Self.isEmailLocalPartByte(UInt8(before.value))
  }

  /// `! # $ % & * @`: twitter-text starts no mention right after one (`f!@kn`).
  @inline(__always)
  static func isMentionBlockingSymbol(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "*"), UInt8(ascii: "@"):
      return true
    default:
      return false
    }
  }

  /// Whether `RT` or `RT:` (any case) ends at `end`, right before a sigil (or before the controls
  /// an isolator put before it), itself at the start of the text or after a character that cannot
  /// continue a word. The controls are read past as the rest of the matcher reads past them, so
  /// that an isolated `RT⁦@user⁩` is the mention it was.
  private func isAfterRetweetPrefix(endingAt end: Int) -> Bool {
    var t = end - 1
    if t >= 0 && text[t] == UInt8(ascii: ":") { t -= 1 }
    guard t >= 1, text[t] | 0x20 == UInt8(ascii: "t"), text[t - 1] | 0x20 == UInt8(ascii: "r") else { return false }
    guard let before = text.scalarSkippingControls(before: t - 1)?.value, before < 0x80 else { return true }
    return !(UInt8(before).isASCIIAlphanumeric || "_+~.-".utf8.contains(UInt8(before)))
  }

  /// The end of a list slug from `start`: an ASCII letter, then up to 24 letters, digits, `_` or
  /// `-`; `nil` when there is none.
  private func listSlugEnd(from start: Int) -> Int? {
    guard text.byte(at: start).isASCIILetter else { return nil }
    var end = start + 1
    while end < text.count && end - start < 25 {
      let byte = text[end]
      guard byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") else { break }
      end += 1
    }
    return end
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

/// The groups of scripts a name without a member list does not run across: a change between them
/// with nothing in between ends the name (`@usernameに`).
internal enum NameScript: Equatable {
  /// Latin, Greek, Cyrillic and the other scripts written with spaces and left to right.
  case spaced
  /// Chinese, Japanese, Korean and the other scripts written without spaces, Hangul with them.
  case eastAsian
  /// Hebrew, Arabic, Syriac, Thaana, N'Ko and the other right-to-left scripts.
  case rightToLeft

  /// The group of a letter; `nil` for anything else (digits, marks, `_` belong to any name).
  @inline(__always)
  init?(_ value: UInt32, table: CharacterTable, ifLetter kind: ScalarKind) {
    guard kind == .letter else { return nil }
    if value < 0x80 {
      self = .spaced
    } else if (0x0590...0x08FF).contains(value) {  // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
      self = .rightToLeft
    } else if isSpacelessScript(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
      || (0xAC00...0xD7AF).contains(value) || (0xFF21...0xFF5A).contains(value)
    {
      self = .eastAsian
    } else if table.strongDirection(of: value) == .rightToLeft {
      self = .rightToLeft
    } else {
      self = .spaced
    }
  }
}

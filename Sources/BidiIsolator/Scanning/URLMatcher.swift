@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches what may start at an ASCII letter or digit that begins a word: a URL with a scheme
  /// (`https://…`) or `www.`, then an e-mail address, then a bare domain (`example.com/path`).
  ///
  /// - Complexity: O(*k*) in the length of the candidate.
  ///
  /// When nothing matches and the word held only letters and digits, the answer says where it
  /// ends, so the scanner does not read it again.
  func matchAddress(at start: Int) -> Attempt {
    // The run of e-mail local-part bytes tells the grammars apart: it ends at `:` for a scheme, at
    // `@` for an e-mail address, and holds the dots of a bare domain.
    var tokenEnd = start
    var onlyAlphanumeric = true
    while tokenEnd < text.count {
      let byte = text[tokenEnd]
      if !byte.isASCIIAlphanumeric {
        guard Self.isEmailLocalPartByte(byte) else { break }
        onlyAlphanumeric = false
      }
      tokenEnd += 1
    }
    let stop = text.byte(at: tokenEnd)
    if kinds.contains(.urls) {
      if stop == UInt8(ascii: ":"), let end = matchSchemeURL(start: start, tokenEnd: tokenEnd) {
        return .found(entity(.url, start, end))
      }
      if text[start] | 0x20 == UInt8(ascii: "w"), let end = matchWWW(start: start) {
        return .found(entity(.url, start, end))
      }
    }
    if kinds.contains(.emails) && stop == UInt8(ascii: "@"), let end = matchEmail(localPartStart: start, at: tokenEnd) {
      return .found(entity(.email, start, end))
    }
    if kinds.contains(.urls) && !onlyAlphanumeric, let end = matchBareDomain(start: start) {
      return .found(entity(.url, start, end))
    }
    return .notFound(scannedTo: onlyAlphanumeric ? tokenEnd : start + 1)
  }

  /// `scheme://rest`: a scheme of an ASCII letter then letters, digits, `+ . -`. After `http://`
  /// and `https://` comes a host that ends in a top-level domain (``hostEnd(from:protocolLess:)``),
  /// as twitter-text requires; other schemes (`ftp://`, `tg://`, an app's own) take the rest as it
  /// is written.
  private func matchSchemeURL(start: Int, tokenEnd: Int) -> Int? {
    // A word glued to `http://` (`readhttps://…`) is no scheme: the URL starts inside it.
    if tokenEnd - start > 5 && (startsGluedURL(at: tokenEnd - 4) || startsGluedURL(at: tokenEnd - 5)) { return nil }
    guard tokenEnd - start <= 32, text[start].isASCIILetter, text.startsSchemeSeparator(at: tokenEnd) else {
      return nil
    }
    for offset in start..<tokenEnd {
      let byte = text[offset]
      guard
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "-")
      else { return nil }
    }
    let isWeb = startsGluedURL(at: start) && (tokenEnd - start == 4 || tokenEnd - start == 5)
    guard isWeb else { return urlRest(from: tokenEnd + 3) }
    guard let host = hostEnd(from: tokenEnd + 3, protocolLess: false) else { return nil }
    return afterHost(host, hostStart: tokenEnd + 3)
  }

  /// `www.` (any case) and a host ending in a top-level domain.
  private func matchWWW(start: Int) -> Int? {
    guard startsGluedURL(at: start), text[start] | 0x20 == UInt8(ascii: "w"),
      let host = hostEnd(from: start, protocolLess: true)
    else { return nil }
    return afterHost(host, hostStart: start)
  }

  /// `label.label.tld` with no scheme, in ASCII or Latin letters but for the top-level domain
  /// (`example.com`, `ELPAÍS.com`, `twitter.みんな`), optionally followed by a port, path, query or
  /// fragment. The top-level domain keeps `file.txt` and `end.Next` out.
  func matchBareDomain(start: Int) -> Int? {
    guard let host = hostEnd(from: start, protocolLess: true) else { return nil }
    guard let next = text.scalarSkippingControls(at: host) else { return host }
    switch next {
    case 0x40:  // @: part of an e-mail address or something else
      return nil
    default:
      let kind = table.kind(of: next)
      if kind == .mark || kind == .joiner || kind == .connector { return nil }
    }
    return afterHost(host, hostStart: start)
  }

  /// The end of a URL whose host ends at `host`: a port, then a path, query or fragment; a t.co
  /// link ends after its slug and query.
  private func afterHost(_ host: Int, hostStart: Int) -> Int? {
    if isTco(hostStart..<host) { return tcoEnd(afterHost: host) }
    var end = host
    if text.byte(at: end) == UInt8(ascii: ":") && text.byte(at: end + 1).isASCIIDigit {
      end += 1
      while end < text.count && text[end].isASCIIDigit { end += 1 }
    }
    switch text.byte(at: end) {
    case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
      return urlRest(from: end) ?? end
    default:
      return end
    }
  }

  /// Where a host that starts at `start` ends: labels separated by dots, the last one a top-level
  /// domain ICANN delegates (``TopLevelDomains``) or punycode (`xn--…`), and no other label empty,
  /// longer than 63 characters, or starting or ending with `-` or `_`; after a scheme, no `_` in the
  /// label before the top-level domain (`http://twitter_underscore.com`, as twitter-text; written
  /// without one, W3C's `bidi_intro.net` is a domain). A top-level domain may be followed straight
  /// by text in another script
  /// (`http://example.comだよね` ends at `.com`), not by an ASCII letter, digit, `-`, `+` or `@`
  /// (`domain.com-that-you…` is no host). Without a scheme, the labels before the top-level domain
  /// are ASCII or Latin letters. `nil` when there is no such host.
  ///
  /// - Complexity: O(*k*) in the length of the host.
  func hostEnd(from start: Int, protocolLess: Bool) -> Int? {
    // The stretch of labels and dots, no label empty, at most as long as a host name may be.
    var limit = start
    var dots = 0
    while limit < text.count {
      guard limit - start < Self.longestHost else { return nil }
      let byte = text[limit]
      if byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
        limit += 1
        continue
      }
      let (value, length) = text.scalar(at: limit)
      if value == 0x2E {  // .
        guard limit > start, text[limit - 1] != UInt8(ascii: "."), let next = text.scalarValue(at: limit + 1),
          isDomainCharacter(next)
        else { break }
        dots += 1
      } else if !isDomainCharacter(value) {
        break
      }
      limit += length
    }
    // Most words in a message are one label followed by punctuation: no host.
    guard dots > 0 else { return nil }
    // One pass over the labels: each one after the first may be the top-level domain when every
    // label before it is valid, and the last such one gives the longest host.
    var host: Int? = nil
    var labelStart = start
    var isFirst = true
    var previousHasUnderscore = false
    while labelStart < limit {
      let label = readLabel(from: labelStart, limit: limit, protocolLess: protocolLess)
      if !isFirst, protocolLess || !previousHasUnderscore,
        let end = topLevelDomainEnd(in: labelStart..<label.end)
      {
        host = end
      }
      guard label.isValid else { break }
      previousHasUnderscore = label.hasUnderscore
      isFirst = false
      labelStart = label.end + 1
    }
    return host
  }

  /// A host name has at most 253 characters; a few bytes each for internationalised ones.
  private static let longestHost = 1024

  /// Letters, marks, digits and symbols of any script, `-` and `_`: what a host's label may hold
  /// before its own rules are checked.
  private func isDomainCharacter(_ value: UInt32) -> Bool {
    if value < 0x80 {
      let byte = UInt8(value)
      return byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
    switch table.kind(of: value) {
    case .letter, .mark, .digit, .symbol: return true
    default: return false
    }
  }

  /// The label from `start`, which is not empty: where it ends (at a dot or at `limit`), and whether
  /// it is valid (no `-` or `_` at either end, at most 63 characters, no `xn--` before non-ASCII, and
  /// without a scheme only ASCII and Latin letters) and holds `_`. One pass: hosts are read for most
  /// words with a dot in chat text.
  private func readLabel(
    from start: Int, limit: Int, protocolLess: Bool
  ) -> (
    end: Int, isValid: Bool, hasUnderscore: Bool
  ) {
    var offset = start
    var characters = 0
    var isASCII = true
    var isLatin = true
    var hasUnderscore = false
    while offset < limit {
      let byte = text[offset]
      if byte < 0x80 {
        if byte == UInt8(ascii: ".") { break }
        if byte == UInt8(ascii: "_") { hasUnderscore = true }
        characters += 1
        offset += 1
        continue
      }
      let (value, length) = text.scalar(at: offset)
      isASCII = false
      if !Self.isLatinLetter(value) { isLatin = false }
      characters += 1
      offset += length
    }
    let first = text[start]
    let last = text[offset - 1]
    let isValid =
      first != UInt8(ascii: "-") && first != UInt8(ascii: "_") && last != UInt8(ascii: "-")
      && last != UInt8(ascii: "_") && characters <= 63 && (isLatin || !protocolLess)
      // A punycode label is ASCII by definition.
      && (isASCII || !isPunycodePrefix(at: start))
    return (offset, isValid, hasUnderscore)
  }

  /// Where the top-level domain at the start of `label` ends: the whole label when it is a
  /// top-level domain or punycode, or its leading ASCII letters when those are one and the label
  /// goes on in another script.
  private func topLevelDomainEnd(in label: Range<Int>) -> Int? {
    // A label that stops at a bidi control ends there only if it would end there without the
    // control too: the isolator inserts controls at entity boundaries (a mark before a URL glued to
    // an address), and its output must scan as its input did.
    // `after`: the ASCII byte the label meets past the controls it stops at, if any.
    var after: UInt8? = nil
    if label.upperBound < text.count, text[label.upperBound] >= 0x80,
      let (value, _) = text.scalarSkippingControls(from: label.upperBound), value < 0x80
    {
      after = UInt8(value)
    }
    // An ASCII name or punycode would run on into a letter, digit, `-` or `_`; an internationalised
    // name only into a letter, digit or `-` (below).
    let runsOn = after.map { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") } ?? false
    let runsOnASCII = runsOn || after == UInt8(ascii: "_")
    var asciiEnd = label.lowerBound
    while asciiEnd < label.upperBound && text[asciiEnd].isASCIILetter { asciiEnd += 1 }
    let letters = asciiEnd - label.lowerBound
    if letters >= 2 && (asciiEnd == label.upperBound ? !runsOnASCII : text[asciiEnd] >= 0x80) {
      let bytes = label.lowerBound..<asciiEnd
      if TopLevelDomains.shared.contains(asciiLetters: bytes.lazy.map { text[$0] }) { return asciiEnd }
    }
    if asciiEnd == label.upperBound { return nil }
    if !runsOnASCII && isPunycodePrefix(at: label.lowerBound)
      && label.allSatisfy({ text[$0].isASCIIAlphanumeric || text[$0] == UInt8(ascii: "-") })
    {
      return label.upperBound
    }
    // An internationalised top-level domain (みんな, рф, مصر, vermögensberater), the whole label
    // or, followed by text in another script (`twitter.みんなです`), the longest one it starts
    // with; never one followed by an ASCII letter or digit.
    // The name is hashed as it is read; only a hash of a known name, or one the hash cannot judge
    // (``TopLevelDomains/NameHash``), makes a `String`.
    var hash = TopLevelDomains.NameHash()
    var scalars = 0
    var isASCII = true
    var offset = label.lowerBound
    var longest: Int? = nil
    while offset < label.upperBound && scalars < 24 {
      let (value, length) = text.scalar(at: offset)
      guard let scalar = Unicode.Scalar(value) else { return nil }
      hash.append(scalar)
      scalars += 1
      isASCII = isASCII && scalar.isASCII
      offset += length
      let next = text.byte(at: offset)
      let isBoundary = offset == label.upperBound ? !runsOn : !(next.isASCIIAlphanumeric || next == UInt8(ascii: "-"))
      if isBoundary && !isASCII && TopLevelDomains.shared.mayContain(hash)
        && TopLevelDomains.shared.contains(name: lowercasedName(label.lowerBound..<offset))
      {
        longest = offset
      }
    }
    return longest
  }

  /// The well-formed scalars of `range`, lowercased.
  private func lowercasedName(_ range: Range<Int>) -> String {
    var name = ""
    var offset = range.lowerBound
    while offset < range.upperBound {
      let (value, length) = text.scalar(at: offset)
      if let scalar = Unicode.Scalar(value) { name.unicodeScalars.append(scalar) }
      offset += length
    }
    return name.lowercased()
  }

  /// Whether `xn--` (any case) starts at `offset`.
  private func isPunycodePrefix(at offset: Int) -> Bool {
    text.byte(at: offset) | 0x20 == UInt8(ascii: "x") && text.byte(at: offset + 1) | 0x20 == UInt8(ascii: "n")
      && text.byte(at: offset + 2) == UInt8(ascii: "-") && text.byte(at: offset + 3) == UInt8(ascii: "-")
  }

  /// Latin letters with accents (Latin-1, Latin Extended A and B, IPA, Latin Extended Additional)
  /// and combining diacritics, which twitter-text allows in a domain written without a scheme.
  static func isLatinLetter(_ value: UInt32) -> Bool {
    switch value {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x250...0x2AF, 0x300...0x36F, 0x1E00...0x1EFF: true
    default: false
    }
  }

  private func isTco(_ host: Range<Int>) -> Bool {
    host.count == 4 && text[host.lowerBound] | 0x20 == UInt8(ascii: "t")
      && text[host.lowerBound + 1] == UInt8(ascii: ".")
      && text[host.lowerBound + 2] | 0x20 == UInt8(ascii: "c") && text[host.lowerBound + 3] | 0x20 == UInt8(ascii: "o")
  }

  /// A t.co link: `/`, a slug of ASCII letters and digits (at most 40: a longer one is no t.co
  /// link), then a query; whatever follows the slug otherwise (`'s`, `-`, `.x`) is text.
  private func tcoEnd(afterHost host: Int) -> Int? {
    guard text.byte(at: host) == UInt8(ascii: "/") else { return host }
    var end = host + 1
    while end < text.count && text[end].isASCIIAlphanumeric { end += 1 }
    guard end - host - 1 <= 40 else { return nil }
    guard end > host + 1 else { return host }
    guard text.byte(at: end) == UInt8(ascii: "?") else { return end }
    var query = end + 1
    var lastEnding = end
    while query < text.count, Self.isQueryCharacter(text[query]) {
      if Self.isQueryEnding(text[query]) { lastEnding = query + 1 }
      query += 1
    }
    return lastEnding
  }

  /// The end of the run of East Asian letters (and their marks) at `start` when `/ ? # & =` comes
  /// right after it, the path going on; `nil` when it does not. Bidi controls after the run are
  /// passed over, so the isolate the first pass put around the URL does not change the answer.
  private func eastAsianRunInPath(from start: Int) -> Int? {
    var offset = start
    while offset < text.count && text[offset] >= 0x80 {
      let (value, length) = text.scalar(at: offset)
      if BidiControl(value: value) != nil { break }
      let kind = table.kind(of: value)
      guard kind == .mark || (kind == .letter && NameScript(value, table: table, ifLetter: kind) == .eastAsian) else {
        return nil
      }
      offset += length
    }
    switch text.scalarSkippingControls(at: offset) {
    case 0x2F, 0x3F, 0x23, 0x26, 0x3D: return offset  // / ? # & =
    default: return nil
    }
  }

  private static func isQueryCharacter(_ byte: UInt8) -> Bool {
    byte.isASCIIAlphanumeric || "!?*'@();:&=+$/%#[]-_.,~|".utf8.contains(byte)
  }

  private static func isQueryEnding(_ byte: UInt8) -> Bool {
    byte.isASCIIAlphanumeric || "-_&=#/".utf8.contains(byte)
  }

  /// The rest of a URL from `start`: everything up to white space, a control, `< > " \``, or a
  /// non-ASCII character other than a letter, mark, digit or en dash. A run of Chinese, Japanese or
  /// Korean letters, which those languages write straight after a link, belongs to it only when the
  /// path goes on after the run (`www.example.com/文档?id=42`); otherwise the URL ends before it
  /// (`http://twitter.com/これは日本語です`, as twitter-text ends it). Then trailing punctuation
  /// and closing brackets with no opening partner in the URL are given back to the text. `nil` when
  /// nothing is left.
  private func urlRest(from start: Int) -> Int? {
    var offset = start
    var parentheses = 0
    var squareBrackets = 0
    var braces = 0
    scanning: while offset < text.count {
      let byte = text[offset]
      if byte < 0x80 {
        switch byte {
        case 0...0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "`"):
          break scanning
        case UInt8(ascii: "("): parentheses += 1
        case UInt8(ascii: ")"): parentheses -= 1
        case UInt8(ascii: "["): squareBrackets += 1
        case UInt8(ascii: "]"): squareBrackets -= 1
        case UInt8(ascii: "{"): braces += 1
        case UInt8(ascii: "}"): braces -= 1
        default: break
        }
        offset += 1
      } else {
        let (value, length) = text.scalar(at: offset)
        let kind = table.kind(of: value)
        guard kind == .letter || kind == .mark || kind == .digit || value == 0x2013 else { break scanning }
        if kind == .letter && NameScript(value, table: table, ifLetter: kind) == .eastAsian {
          guard let runEnd = eastAsianRunInPath(from: offset) else { break scanning }
          offset = runEnd
          continue
        }
        offset += length
      }
    }
    var end = offset
    trimming: while end > start {
      switch text[end - 1] {
      case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
        UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "'"), UInt8(ascii: "*"):
        end -= 1
      case UInt8(ascii: ")") where parentheses < 0:
        parentheses += 1
        end -= 1
      case UInt8(ascii: "]") where squareBrackets < 0:
        squareBrackets += 1
        end -= 1
      case UInt8(ascii: "}") where braces < 0:
        braces += 1
        end -= 1
      default:
        break trimming
      }
    }
    return end > start ? end : nil
  }
}

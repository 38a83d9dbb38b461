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
    if kinds.contains(.urls) && !onlyAlphanumeric, let end = matchBareDomain(start: start, tokenEnd: tokenEnd) {
      return .found(entity(.url, start, end))
    }
    return .notFound(scannedTo: onlyAlphanumeric ? tokenEnd : start + 1)
  }

  /// `scheme://rest`: a scheme of an ASCII letter then letters, digits, `+ . -`.
  private func matchSchemeURL(start: Int, tokenEnd: Int) -> Int? {
    guard tokenEnd - start <= 32, text[start].isASCIILetter,
      text.byte(at: tokenEnd) == UInt8(ascii: ":"), text.byte(at: tokenEnd + 1) == UInt8(ascii: "/"),
      text.byte(at: tokenEnd + 2) == UInt8(ascii: "/")
    else { return nil }
    for offset in start..<tokenEnd {
      let byte = text[offset]
      guard
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "-")
      else { return nil }
    }
    return urlRest(from: tokenEnd + 3)
  }

  /// `www.` (any case) followed by a letter or digit of any script.
  private func matchWWW(start: Int) -> Int? {
    guard text.byte(at: start).asciiLowercased == UInt8(ascii: "w"),
      text.byte(at: start + 1).asciiLowercased == UInt8(ascii: "w"),
      text.byte(at: start + 2).asciiLowercased == UInt8(ascii: "w"),
      text.byte(at: start + 3) == UInt8(ascii: "."),
      let next = text.scalarValue(at: start + 4)
    else { return nil }
    let kind = table.kind(of: next)
    guard kind == .letter || kind == .digit else { return nil }
    return urlRest(from: start + 4)
  }

  /// `label.label.tld` in ASCII, where the last label is a well-known top-level domain, optionally
  /// followed by a port, path, query or fragment. The list keeps `file.txt` and `end.Next` out.
  private func matchBareDomain(start: Int, tokenEnd: Int) -> Int? {
    var end = tokenEnd
    while end > start && text[end - 1] == UInt8(ascii: ".") { end -= 1 }
    var labelStart = start
    var labels = 0
    for offset in start...end {
      guard offset == end || text[offset] == UInt8(ascii: ".") else {
        let byte = text[offset]
        guard byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") else {
          return nil
        }
        continue
      }
      guard offset > labelStart, text[labelStart] != UInt8(ascii: "-"), text[offset - 1] != UInt8(ascii: "-")
      else { return nil }
      labels += 1
      if offset < end { labelStart = offset + 1 }
    }
    guard labels >= 2, Self.isWellKnownTopLevelDomain(text, labelStart..<end) else { return nil }
    guard end == tokenEnd, let next = text.scalarSkippingControls(at: end) else { return end }
    switch next {
    case 0x2F, 0x3F, 0x23:  // / ? #
      return urlRest(from: end) ?? end
    case 0x3A where text.byte(at: end + 1).isASCIIDigit:  // :port
      return urlRest(from: end) ?? end
    case 0x40:  // @: part of something else
      return nil
    default:
      let kind = table.kind(of: next)
      return kind == .mark || kind == .joiner || kind == .connector ? nil : end
    }
  }

  /// The rest of a URL from `start`: everything up to white space, a control, `< > " \``, or a
  /// non-ASCII character other than a letter, mark or digit (so `http://例子.cn/路径，谢谢` stops at
  /// the fullwidth comma). Then trailing punctuation and closing brackets with no opening partner in
  /// the URL are given back to the text. `nil` when nothing is left.
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
        switch table.kind(of: value) {
        case .letter, .mark, .digit: offset += length
        default: break scanning
        }
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

  private static let wellKnownTopLevelDomains: Set<String> = [
    // Generic
    "com", "net", "org", "edu", "gov", "mil", "int", "info", "biz", "name", "pro", "app", "dev",
    "io", "ai", "co", "me", "tv", "cc", "fm", "xyz", "online", "site", "tech", "store", "blog",
    "news", "shop", "cloud", "page",
    // Countries, chiefly where chat mixes scripts
    "uk", "us", "ca", "au", "nz", "ie", "de", "fr", "es", "it", "nl", "be", "ch", "at", "se", "no",
    "dk", "fi", "pl", "pt", "gr", "cz", "ru", "ua", "cn", "jp", "kr", "tw", "hk", "sg", "in", "id",
    "my", "th", "vn", "ph", "br", "mx", "ar", "cl", "za", "ng", "ke", "eg", "sa", "ae", "qa", "kw",
    "bh", "om", "jo", "lb", "sy", "iq", "ir", "il", "tr", "pk", "af", "ma", "dz", "tn", "ly", "sd",
    "ps", "ye", "eu",
  ]

  private static func isWellKnownTopLevelDomain(_ text: UTF8Text, _ range: Range<Int>) -> Bool {
    guard range.count >= 2 && range.count <= 6 else { return false }
    var label = ""
    for offset in range {
      let byte = text[offset]
      guard byte.isASCIILetter else { return false }
      label.unicodeScalars.append(Unicode.Scalar(byte.asciiLowercased))
    }
    return wellKnownTopLevelDomains.contains(label)
  }
}

/// Apple `.strings`: an old-style property list of strings, read the way `plutil` reads it.
///
/// Entries are `"key" = "value";` (or `key = value;` with unquoted tokens of letters, digits and
/// `_$+/:.-`, or `"key";`, whose value is its key), between `/* … */` and `// …` comments, and
/// optionally inside `{ … }`. Quoted strings take the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\a`,
/// `\b`, `\f`, `\v`, up to three octal digits, and `\U` (capital only) with four hexadecimal digits;
/// a backslash before any other character stands for that character.
struct StringsFileParser {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func parse() throws(ParseError) -> [LocalizedValue] {
    var values: [LocalizedValue] = []
    try skipSpaceAndComments()
    var braced = false
    if peek == UInt8(ascii: "{") {
      braced = true
      offset += 1
    }
    while true {
      try skipSpaceAndComments()
      if offset == bytes.count {
        if braced { throw ParseError(offset: offset, message: "expected '}' at the end of the file") }
        break
      }
      if braced && peek == UInt8(ascii: "}") {
        offset += 1
        try skipSpaceAndComments()
        guard offset == bytes.count else { throw ParseError(offset: offset, message: "text after the closing '}'") }
        break
      }
      let key = try token()
      try skipSpaceAndComments()
      var value = key
      if peek == UInt8(ascii: "=") {
        offset += 1
        try skipSpaceAndComments()
        value = try token()
        try skipSpaceAndComments()
      }
      guard peek == UInt8(ascii: ";") else { throw ParseError(offset: offset, message: "expected ';' after the entry") }
      offset += 1
      values.append(
        LocalizedValue(
          key: key.decoded.string, decoded: value.decoded, placeholderSyntax: .apple, start: value.start, end: value.end
        ))
    }
    return values
  }

  private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipSpaceAndComments() throws(ParseError) {
    while let byte = peek {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
        offset += 1
      } else if byte == UInt8(ascii: "/") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "*") {
        let start = offset
        offset += 2
        while offset + 1 < bytes.count
          && !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
        {
          offset += 1
        }
        guard offset + 1 < bytes.count else { throw ParseError(offset: start, message: "comment never closed") }
        offset += 2
      } else if byte == UInt8(ascii: "/") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/") {
        while let byte = peek, byte != 0x0A { offset += 1 }
      } else {
        return
      }
    }
  }

  /// A quoted string or an unquoted token, decoded, with where its content is.
  private mutating func token() throws(ParseError) -> (decoded: DecodedText, start: Int, end: Int) {
    guard let first = peek else { throw ParseError(offset: offset, message: "expected a string") }
    var decoded = DecodedText()
    if first != UInt8(ascii: "\"") {
      let start = offset
      while let byte = peek, byte.isASCIIAlphanumeric || "_$+/:.-".utf8.contains(byte) {
        decoded.append(Unicode.Scalar(byte), raw: offset..<offset + 1)
        offset += 1
      }
      guard offset > start else {
        throw ParseError(offset: offset, message: "expected a string, found '\(Unicode.Scalar(first))'")
      }
      return (decoded, start, offset)
    }
    let quote = offset
    offset += 1
    let start = offset
    while true {
      guard let byte = peek else { throw ParseError(offset: quote, message: "string never closed") }
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return (decoded, start, offset - 1)
      }
      let escapeStart = offset
      if byte != UInt8(ascii: "\\") {
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") { offset += 1 }
        decoded.append(verbatim: escapeStart..<offset, of: bytes)
        continue
      }
      offset += 1
      guard let escaped = peek else { throw ParseError(offset: quote, message: "string never closed") }
      offset += 1
      var value: UInt32
      switch escaped {
      case UInt8(ascii: "n"): value = 0x0A
      case UInt8(ascii: "t"): value = 0x09
      case UInt8(ascii: "r"): value = 0x0D
      case UInt8(ascii: "a"): value = 0x07
      case UInt8(ascii: "b"): value = 0x08
      case UInt8(ascii: "f"): value = 0x0C
      case UInt8(ascii: "v"): value = 0x0B
      case UInt8(ascii: "U"):
        // Only the capital: `\u2068` is a `u` and four digits to CoreFoundation's reader.
        value = 0
        for _ in 0..<4 {
          guard let digit = peek.flatMap(Self.hexValue) else {
            throw ParseError(offset: escapeStart, message: "\\U needs four hexadecimal digits")
          }
          value = value << 4 | digit
          offset += 1
        }
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        value = UInt32(escaped - UInt8(ascii: "0"))
        for _ in 0..<2 {
          guard let digit = peek, digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "7") else { break }
          value = value << 3 | UInt32(digit - UInt8(ascii: "0"))
          offset += 1
        }
      default:
        // `\"`, `\\` and any other character stand for themselves.
        let (scalar, length) = bytes.scalar(at: offset - 1)
        offset += length - 1
        value = scalar.value
      }
      decoded.append(Unicode.Scalar(value) ?? "\u{FFFD}", raw: escapeStart..<offset)
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

extension UInt8 {
  var isASCIIAlphanumeric: Bool {
    (self | 0x20) &- UInt8(ascii: "a") < 26 || self &- UInt8(ascii: "0") < 10
  }
}

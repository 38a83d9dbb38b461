/// A JSON reader that keeps where each string's characters are written, for String Catalogs: the
/// values are found in the tree and their isolates inserted into the text as it is.
struct JSONReader {
  indirect enum Value {
    case object([(key: String, value: Value)])
    case array([Value])
    /// A string, decoded, with the range of its content between the quotes.
    case string(DecodedText, content: Range<Int>)
    /// A number, `true`, `false` or `null`, as written.
    case scalar(String)

    subscript(key: String) -> Value? {
      guard case .object(let members) = self else { return nil }
      return members.first { $0.key == key }?.value
    }

    var members: [(key: String, value: Value)] {
      if case .object(let members) = self { members } else { [] }
    }

    var string: String? {
      if case .string(let text, _) = self { text.string } else { nil }
    }

    /// A number, `true`, `false` or `null` as written.
    var literal: String? {
      if case .scalar(let literal) = self { literal } else { nil }
    }
  }

  private let bytes: [UInt8]
  private var offset = 0
  private static let maximumDepth = 256

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func document() throws(ParseError) -> Value {
    skipSpace()
    let value = try self.value(depth: 0)
    skipSpace()
    guard offset == bytes.count else { throw ParseError(offset: offset, message: "text after the JSON value") }
    return value
  }

  private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipSpace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(ParseError) {
    skipSpace()
    guard peek == byte else { throw ParseError(offset: offset, message: "expected \(what)") }
    offset += 1
  }

  private mutating func value(depth: Int) throws(ParseError) -> Value {
    guard depth < Self.maximumDepth else { throw ParseError(offset: offset, message: "nesting deeper than 256") }
    skipSpace()
    guard let byte = peek else { throw ParseError(offset: offset, message: "unexpected end of the file") }
    switch byte {
    case UInt8(ascii: "{"):
      offset += 1
      var members: [(key: String, value: Value)] = []
      skipSpace()
      if peek == UInt8(ascii: "}") {
        offset += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard peek == UInt8(ascii: "\"") else { throw ParseError(offset: offset, message: "expected a member name") }
        let (key, _) = try string()
        try expect(UInt8(ascii: ":"), "':'")
        members.append((key.string, try value(depth: depth + 1)))
        skipSpace()
        if peek == UInt8(ascii: ",") {
          offset += 1
          continue
        }
        try expect(UInt8(ascii: "}"), "',' or '}'")
        return .object(members)
      }
    case UInt8(ascii: "["):
      offset += 1
      var elements: [Value] = []
      skipSpace()
      if peek == UInt8(ascii: "]") {
        offset += 1
        return .array(elements)
      }
      while true {
        elements.append(try value(depth: depth + 1))
        skipSpace()
        if peek == UInt8(ascii: ",") {
          offset += 1
          continue
        }
        try expect(UInt8(ascii: "]"), "',' or ']'")
        return .array(elements)
      }
    case UInt8(ascii: "\""):
      let (text, content) = try string()
      return .string(text, content: content)
    default:
      let start = offset
      while let byte = peek, byte.isASCIIAlphanumeric || "+-.".utf8.contains(byte) { offset += 1 }
      let word = String(decoding: bytes[start..<offset], as: UTF8.self)
      guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
        throw ParseError(offset: start, message: "unexpected \(word.isEmpty ? "character" : word.debugDescription)")
      }
      return .scalar(word)
    }
  }

  private mutating func string() throws(ParseError) -> (DecodedText, Range<Int>) {
    let quote = offset
    offset += 1
    var text = DecodedText()
    while true {
      guard let byte = peek else { throw ParseError(offset: quote, message: "string never closed") }
      let start = offset
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return (text, quote + 1..<start)
      }
      if byte < 0x20 { throw ParseError(offset: offset, message: "control character in a string") }
      if byte != UInt8(ascii: "\\") {
        let (scalar, length) = bytes.scalar(at: offset)
        text.append(scalar, raw: offset..<offset + length)
        offset += length
        continue
      }
      offset += 1
      guard let escaped = peek else { throw ParseError(offset: quote, message: "string never closed") }
      offset += 1
      let simple: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{8}",
        UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
      ]
      if let scalar = simple[escaped] {
        text.append(scalar, raw: start..<offset)
        continue
      }
      guard escaped == UInt8(ascii: "u"), let unit = hex4() else {
        throw ParseError(offset: start, message: "unknown escape in a string")
      }
      var value = UInt32(unit)
      if (0xD800..<0xDC00).contains(unit) {
        guard peek == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
          throw ParseError(offset: start, message: "a lone surrogate in a string")
        }
        offset += 2
        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else {
          throw ParseError(offset: start, message: "a lone surrogate in a string")
        }
        value = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else { throw ParseError(offset: start, message: "a lone surrogate in a string") }
      text.append(scalar, raw: start..<offset)
    }
  }

  private mutating func hex4() -> UInt16? {
    guard offset + 4 <= bytes.count, let value = UInt16(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
    else { return nil }
    offset += 4
    return value
  }
}

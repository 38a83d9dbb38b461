@_spi(BidiCore) import BidiCore

/// Finds the string values at chosen paths in one JSON Lines record, without building a document,
/// so a command can replace just those values and keep every other byte of the record.
///
/// ```swift
/// let locator = JSONFieldLocator(paths: ["text", "author.name"])
/// // {"id":7,"text":"hi","author":{"name":"علي"}} → the ranges of "hi" and "علي" (quotes included)
/// ```
///
/// - Complexity: O(*n*) in the record's length; nesting deeper than 512 is reported as an error
///   rather than recursed into.
@available(SwiftStdlib 6.2, *)
struct JSONFieldLocator: Sendable {
  /// A value found at one of the paths.
  struct Field: Equatable {
    /// The dotted path, as given.
    var path: String
    /// The value's bytes in the record, quotes included for a string.
    var range: Range<Int>
    var isString: Bool
  }

  struct SyntaxError: Error, Equatable {
    var offset: Int
    var reason: String
  }

  private let paths: [[Substring]]
  private let names: [String]
  static let maximumDepth = 512

  init(paths: [String]) {
    names = paths
    self.paths = paths.map { $0.split(separator: ".", omittingEmptySubsequences: false) }
  }

  func fields(in bytes: Span<UInt8>) throws(SyntaxError) -> [Field] {
    var parser = Parser(paths: paths, names: names)
    parser.skipWhitespace(bytes)
    try parser.value(bytes, path: [], depth: 0)
    parser.skipWhitespace(bytes)
    guard parser.position == bytes.count else {
      throw SyntaxError(offset: parser.position, reason: "unexpected text after the JSON value")
    }
    return parser.found
  }

  /// A recursive-descent parser; each step is given the record's bytes.
  private struct Parser {
    let paths: [[Substring]]
    let names: [String]
    var position = 0
    var found: [Field] = []

    init(paths: [[Substring]], names: [String]) {
      self.paths = paths
      self.names = names
    }

    mutating func skipWhitespace(_ bytes: Span<UInt8>) {
      while position < bytes.count {
        switch bytes[position] {
        case 0x20, 0x09, 0x0A, 0x0D: position += 1
        default: return
        }
      }
    }

    func fail(_ reason: String) -> SyntaxError { SyntaxError(offset: position, reason: reason) }

    /// `path` is nil when no requested path goes through here.
    mutating func value(_ bytes: Span<UInt8>, path: [Substring]?, depth: Int) throws(SyntaxError) {
      guard depth < JSONFieldLocator.maximumDepth else { throw fail("nesting deeper than 512") }
      guard position < bytes.count else { throw fail("unexpected end of record") }
      let start = position
      switch bytes[position] {
      case UInt8(ascii: "{"):
        try object(bytes, path: path, depth: depth)
      case UInt8(ascii: "["):
        try array(bytes, depth: depth)
      case UInt8(ascii: "\""):
        try string(bytes)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try number(bytes)
      default:
        try literal(bytes)
      }
      if let path, let index = paths.firstIndex(where: { $0 == path }) {
        found.append(
          Field(path: names[index], range: start..<position, isString: bytes[start] == UInt8(ascii: "\"")))
      }
    }

    mutating func object(_ bytes: Span<UInt8>, path: [Substring]?, depth: Int) throws(SyntaxError) {
      position += 1
      skipWhitespace(bytes)
      if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
        position += 1
        return
      }
      while true {
        skipWhitespace(bytes)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          throw fail("expected a member name")
        }
        let keyStart = position
        try string(bytes)
        var childPath: [Substring]? = nil
        if let path {
          let key = Substring(JSONString.decode(bytes.extracting(keyStart..<position)) ?? "")
          let candidate = path + [key]
          if paths.contains(where: { $0.starts(with: candidate) }) { childPath = candidate }
        }
        skipWhitespace(bytes)
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':'") }
        position += 1
        skipWhitespace(bytes)
        try value(bytes, path: childPath, depth: depth + 1)
        skipWhitespace(bytes)
        guard position < bytes.count else { throw fail("unexpected end of record") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        guard bytes[position] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
        position += 1
        return
      }
    }

    mutating func array(_ bytes: Span<UInt8>, depth: Int) throws(SyntaxError) {
      position += 1
      skipWhitespace(bytes)
      if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        skipWhitespace(bytes)
        try value(bytes, path: nil, depth: depth + 1)
        skipWhitespace(bytes)
        guard position < bytes.count else { throw fail("unexpected end of record") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        guard bytes[position] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
        position += 1
        return
      }
    }

    mutating func string(_ bytes: Span<UInt8>) throws(SyntaxError) {
      position += 1
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") {
          position += 1
          return
        }
        if byte < 0x20 { throw fail("control character in a string") }
        position += byte == UInt8(ascii: "\\") ? 2 : 1
      }
      throw fail("unterminated string")
    }

    mutating func number(_ bytes: Span<UInt8>) throws(SyntaxError) {
      let start = position
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
          UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
          position += 1
        default:
          guard position > start else { throw fail("bad number") }
          return
        }
      }
    }

    mutating func literal(_ bytes: Span<UInt8>) throws(SyntaxError) {
      for word in ["true", "false", "null"] {
        let utf8 = Array(word.utf8)
        if position + utf8.count <= bytes.count && utf8.indices.allSatisfy({ bytes[position + $0] == utf8[$0] }) {
          position += utf8.count
          return
        }
      }
      throw fail("unexpected character")
    }
  }
}

/// JSON string literals: decoding one to a Swift string, encoding a Swift string as one.
@available(SwiftStdlib 6.2, *)
enum JSONString {
  /// Decodes a string literal, quotes included. Returns `nil` for a malformed escape or a lone
  /// surrogate, which no Swift string can hold; such a value is left as it is.
  static func decode(_ literal: Span<UInt8>) -> String? {
    guard literal.count >= 2 else { return nil }
    var body: [UInt8] = []
    body.append(copying: literal.extracting(1..<literal.count - 1))
    guard body.contains(UInt8(ascii: "\\")) else { return String(validating: body, as: UTF8.self) }
    var scalars = String.UnicodeScalarView()
    var bytes: [UInt8] = []
    var i = 0
    func flushBytes() -> Bool {
      guard !bytes.isEmpty else { return true }
      guard let text = String(validating: bytes, as: UTF8.self) else { return false }
      scalars.append(contentsOf: text.unicodeScalars)
      bytes.removeAll(keepingCapacity: true)
      return true
    }
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= body.count else { return nil }
      var value: UInt32 = 0
      for byte in body[at..<at + 4] {
        guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
        value = value * 16 + UInt32(digit)
      }
      return value
    }
    while i < body.count {
      let byte = body[i]
      guard byte == UInt8(ascii: "\\") else {
        bytes.append(byte)
        i += 1
        continue
      }
      guard flushBytes(), i + 1 < body.count else { return nil }
      let escape = body[i + 1]
      i += 2
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        guard let unit = hex4(i) else { return nil }
        i += 4
        if (0xD800...0xDBFF).contains(unit) {
          guard i + 1 < body.count, body[i] == UInt8(ascii: "\\"), body[i + 1] == UInt8(ascii: "u"),
            let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low)
          else { return nil }
          i += 6
          scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
        } else {
          guard let scalar = Unicode.Scalar(unit) else { return nil }
          scalars.append(scalar)
        }
      default:
        return nil
      }
    }
    guard flushBytes() else { return nil }
    return String(scalars)
  }

  /// Appends `string` as a JSON string literal: quotes, backslashes and control characters escaped,
  /// everything else as UTF-8.
  static func encode(_ string: String, into output: inout [UInt8]) {
    Array(string.utf8).withBytes { encode($0, into: &output) }
  }

  /// Appends the well-formed UTF-8 `text` as a JSON string literal.
  static func encode(_ text: Span<UInt8>, into output: inout [UInt8]) {
    output.append(addingCapacity: 2 + 6 * text.count) { $0.appendJSONString(text) }
  }
}

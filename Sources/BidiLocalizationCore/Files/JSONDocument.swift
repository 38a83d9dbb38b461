/// A JSON document that keeps where each string's characters are written, for String Catalogs: the
/// values are found in the tree and their isolates inserted into the text as it is.
///
/// The tree is one array of nodes in document order, each knowing where its subtree ends, and a
/// string is decoded only when asked for: a catalog holds thousands of strings, and a tree of boxed
/// values, each decoded as it was read, would cost more to build and free than the check itself.
///
/// The package's other modules read small JSON files with it too (`bidi-fix`'s configuration).
package struct JSONDocument {
  package enum Kind: Equatable {
    case object, array, string, literal
  }

  struct Node {
    var kind: Kind
    /// A string's content between its quotes; a literal as written; an object or array whole.
    var raw: Range<Int>
    /// The index just past this node's subtree.
    var end: Int
    /// The content of the member name, when the node is an object's member.
    var key: Range<Int>?
  }

  private let bytes: [UInt8]
  private(set) var nodes: [Node] = []
  private var offset = 0
  private static let maximumDepth = 256

  /// Reads and checks the whole document.
  ///
  /// - Complexity: O(*n*).
  package init(parsing bytes: [UInt8]) throws(ParseError) {
    self.bytes = bytes
    skipSpace()
    try value(depth: 0, key: nil)
    skipSpace()
    guard offset == bytes.count else { throw ParseError(offset: offset, message: "text after the JSON value") }
  }

  package var root: Int { 0 }

  package func kind(_ node: Int) -> Kind { nodes[node].kind }

  /// Where the node is written: a string's first character, any other value's first byte.
  package func offset(of node: Int) -> Int { nodes[node].raw.lowerBound }

  /// Where an object member's name is written: its first character.
  package func keyOffset(of node: Int) -> Int? { nodes[node].key?.lowerBound }

  /// The node's children: an object's members or an array's elements.
  package func children(_ node: Int) -> [Int] {
    var children: [Int] = []
    var child = node + 1
    while child < nodes[node].end {
      children.append(child)
      child = nodes[child].end
    }
    return children
  }

  /// The member `name` of an object.
  package func member(_ name: String, of node: Int) -> Int? {
    guard nodes[node].kind == .object else { return nil }
    var child = node + 1
    while child < nodes[node].end {
      if let key = nodes[child].key {
        // A name without escapes is its bytes.
        let matches =
          bytes[key].contains(UInt8(ascii: "\\")) ? decoded(key).string == name : bytes[key].elementsEqual(name.utf8)
        if matches { return child }
      }
      child = nodes[child].end
    }
    return nil
  }

  /// The member name of an object's member, decoded.
  package func key(of node: Int) -> String? {
    nodes[node].key.map { decoded($0).string }
  }

  /// A string node, decoded, with where its content is written.
  func string(_ node: Int) -> (text: DecodedText, content: Range<Int>)? {
    guard nodes[node].kind == .string else { return nil }
    return (decoded(nodes[node].raw), nodes[node].raw)
  }

  /// A string node's text, decoded.
  package func text(_ node: Int) -> String? { string(node)?.text.string }

  /// A number, `true`, `false` or `null`, as written.
  package func literal(_ node: Int) -> String? {
    guard nodes[node].kind == .literal else { return nil }
    return String(decoding: bytes[nodes[node].raw], as: UTF8.self)
  }

  private func decoded(_ content: Range<Int>) -> DecodedText {
    var reader = self
    reader.offset = content.lowerBound - 1
    var text = DecodedText()
    // The document was checked when it was read: reading its strings again cannot fail.
    _ = try? reader.string(decoding: true, into: &text)
    return text
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

  private mutating func value(depth: Int, key: Range<Int>?) throws(ParseError) {
    guard depth < Self.maximumDepth else { throw ParseError(offset: offset, message: "nesting deeper than 256") }
    skipSpace()
    guard let byte = peek else { throw ParseError(offset: offset, message: "unexpected end of the file") }
    let index = nodes.count
    let start = offset
    // Strings are only checked here, not decoded: nothing is appended to it.
    var unused = DecodedText()
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = byte == UInt8(ascii: "{")
      nodes.append(Node(kind: isObject ? .object : .array, raw: start..<start, end: index + 1, key: key))
      offset += 1
      let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      skipSpace()
      if peek == closing {
        offset += 1
      } else {
        while true {
          var memberKey: Range<Int>? = nil
          if isObject {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else {
              throw ParseError(offset: offset, message: "expected a member name")
            }
            memberKey = try string(into: &unused)
            try expect(UInt8(ascii: ":"), "':'")
          }
          try value(depth: depth + 1, key: memberKey)
          skipSpace()
          if peek == UInt8(ascii: ",") {
            offset += 1
            continue
          }
          try expect(closing, isObject ? "',' or '}'" : "',' or ']'")
          break
        }
      }
      nodes[index].raw = start..<offset
      nodes[index].end = nodes.count
    case UInt8(ascii: "\""):
      nodes.append(Node(kind: .string, raw: try string(into: &unused), end: index + 1, key: key))
    default:
      while let byte = peek, byte.isASCIIAlphanumeric || "+-.".utf8.contains(byte) { offset += 1 }
      let word = String(decoding: bytes[start..<offset], as: UTF8.self)
      guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
        throw ParseError(offset: start, message: "unexpected \(word.isEmpty ? "character" : word.debugDescription)")
      }
      nodes.append(Node(kind: .literal, raw: start..<offset, end: index + 1, key: key))
    }
  }

  /// Reads the string whose quote is at `offset` and returns its content's range; decodes it into
  /// `text` when `decoding`.
  @discardableResult
  private mutating func string(decoding: Bool = false, into text: inout DecodedText) throws(ParseError) -> Range<Int> {
    let quote = offset
    offset += 1
    while true {
      guard let byte = peek else { throw ParseError(offset: quote, message: "string never closed") }
      let start = offset
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return quote + 1..<start
      }
      if byte < 0x20 { throw ParseError(offset: offset, message: "control character in a string") }
      if byte != UInt8(ascii: "\\") {
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { offset += 1 }
        if decoding { text.append(verbatim: start..<offset, of: bytes) }
        continue
      }
      offset += 1
      guard let escaped = peek else { throw ParseError(offset: quote, message: "string never closed") }
      offset += 1
      if let scalar = Self.simpleEscapes[escaped] {
        if decoding { text.append(scalar, raw: start..<offset) }
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
      guard let scalar = Unicode.Scalar(value) else {
        throw ParseError(offset: start, message: "a lone surrogate in a string")
      }
      if decoding { text.append(scalar, raw: start..<offset) }
    }
  }

  private static let simpleEscapes: [UInt8: Unicode.Scalar] = [
    UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{8}",
    UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
  ]

  private mutating func hex4() -> UInt16? {
    guard offset + 4 <= bytes.count,
      let value = UInt16(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
    else { return nil }
    offset += 4
    return value
  }
}

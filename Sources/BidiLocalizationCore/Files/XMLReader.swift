/// A small XML reader for `.stringsdict` and Android's `strings.xml`: elements with their
/// attributes, and the text inside them decoded with where each character was written.
///
/// It reads what those files hold: a declaration, a document type, comments, processing
/// instructions, elements, attributes in either quote, the five named entities, numeric character
/// references and CDATA sections. Anything else malformed is an error at its offset, as `xmllint`
/// would report it.
struct XMLReader {
  /// One node of the tree.
  indirect enum Node {
    case element(Element)
    /// Text, decoded; `isCDATA` for a CDATA section, whose content takes no references.
    case text(DecodedText, isCDATA: Bool)
  }

  struct Element {
    var name: String
    var attributes: [String: String]
    var children: [Node]
    /// From `<` of the start tag to `>` of the end tag.
    var range: Range<Int>
    /// Between the start tag and the end tag.
    var content: Range<Int>
  }

  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The document's root element.
  mutating func root() throws(ParseError) -> Element {
    try skipProlog()
    guard peek == UInt8(ascii: "<") else { throw error("expected the root element") }
    let root = try element()
    try skipMisc()
    guard offset == bytes.count else { throw error("text after the root element") }
    return root
  }

  private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private func error(_ message: String, at position: Int? = nil) -> ParseError {
    ParseError(offset: position ?? offset, message: message)
  }

  private func starts(with literal: String, at position: Int? = nil) -> Bool {
    var index = position ?? offset
    for byte in literal.utf8 {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
    }
    return true
  }

  private mutating func skip(past terminator: String, from start: Int, what: String) throws(ParseError) {
    while offset < bytes.count && !starts(with: terminator) { offset += 1 }
    guard offset < bytes.count else { throw error("\(what) never closed", at: start) }
    offset += terminator.utf8.count
  }

  private mutating func skipSpace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
  }

  /// Comments, processing instructions and space, outside the root.
  private mutating func skipMisc() throws(ParseError) {
    while true {
      skipSpace()
      let start = offset
      if starts(with: "<!--") {
        try skip(past: "-->", from: start, what: "comment")
      } else if starts(with: "<?") {
        try skip(past: "?>", from: start, what: "processing instruction")
      } else {
        return
      }
    }
  }

  private mutating func skipProlog() throws(ParseError) {
    if starts(with: "\u{FEFF}") { offset += 3 }
    while true {
      try skipMisc()
      guard starts(with: "<!DOCTYPE") else { return }
      // A document type without an internal subset, as plist files have.
      let start = offset
      var depth = 0
      while let byte = peek {
        offset += 1
        if byte == UInt8(ascii: "[") { depth += 1 }
        if byte == UInt8(ascii: "]") { depth -= 1 }
        if byte == UInt8(ascii: ">") && depth == 0 { break }
      }
      guard offset <= bytes.count, bytes[offset - 1] == UInt8(ascii: ">") else {
        throw error("document type never closed", at: start)
      }
    }
  }

  private mutating func name() throws(ParseError) -> String {
    let start = offset
    while let byte = peek,
      byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte >= 0x80
    {
      offset += 1
    }
    guard offset > start else { throw error("expected a name") }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// The element whose start tag begins here.
  private mutating func element() throws(ParseError) -> Element {
    let start = offset
    offset += 1
    let elementName = try name()
    var attributes: [String: String] = [:]
    while true {
      skipSpace()
      guard let byte = peek else { throw error("start tag of <\(elementName)> never closed", at: start) }
      if byte == UInt8(ascii: "/") {
        guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: ">") else { throw error("expected '/>'") }
        offset += 2
        return Element(
          name: elementName, attributes: attributes, children: [], range: start..<offset, content: offset..<offset)
      }
      if byte == UInt8(ascii: ">") {
        offset += 1
        break
      }
      let attribute = try name()
      skipSpace()
      guard peek == UInt8(ascii: "=") else { throw error("expected '=' after attribute \(attribute)") }
      offset += 1
      skipSpace()
      guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw error("expected a quoted value for attribute \(attribute)")
      }
      offset += 1
      var value = DecodedText()
      while let byte = peek, byte != quote {
        if byte == UInt8(ascii: "<") { throw error("'<' in an attribute value") }
        try character(into: &value)
      }
      guard peek == quote else { throw error("attribute value never closed") }
      offset += 1
      attributes[attribute] = value.string
    }
    let contentStart = offset
    var children: [Node] = []
    var text = DecodedText()
    func flushText() {
      if !text.isEmpty { children.append(.text(text, isCDATA: false)) }
      text = DecodedText()
    }
    while true {
      guard let byte = peek else { throw error("<\(elementName)> never closed", at: start) }
      if byte == UInt8(ascii: "&") {
        try character(into: &text)
        continue
      }
      if byte != UInt8(ascii: "<") {
        let plain = offset
        while let byte = peek, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&") { offset += 1 }
        text.append(verbatim: plain..<offset, of: bytes)
        continue
      }
      if starts(with: "</") {
        flushText()
        let contentEnd = offset
        offset += 2
        let closing = try name()
        guard closing == elementName else { throw error("</\(closing)> closes <\(elementName)>", at: contentEnd) }
        skipSpace()
        guard peek == UInt8(ascii: ">") else { throw error("expected '>' after </\(closing)") }
        offset += 1
        return Element(
          name: elementName, attributes: attributes, children: children, range: start..<offset,
          content: contentStart..<contentEnd)
      }
      let markupStart = offset
      if starts(with: "<!--") {
        flushText()
        try skip(past: "-->", from: markupStart, what: "comment")
      } else if starts(with: "<![CDATA[") {
        flushText()
        offset += 9
        var cdata = DecodedText()
        let cdataStart = offset
        while offset < bytes.count && !starts(with: "]]>") { offset += 1 }
        cdata.append(verbatim: cdataStart..<min(offset, bytes.count), of: bytes)
        guard offset < bytes.count else { throw error("CDATA section never closed", at: markupStart) }
        offset += 3
        children.append(.text(cdata, isCDATA: true))
      } else if starts(with: "<?") {
        flushText()
        try skip(past: "?>", from: markupStart, what: "processing instruction")
      } else {
        flushText()
        children.append(.element(try element()))
      }
    }
  }

  /// One character of text or of an attribute value, a reference decoded.
  private mutating func character(into text: inout DecodedText) throws(ParseError) {
    let start = offset
    guard bytes[offset] == UInt8(ascii: "&") else {
      let (scalar, length) = bytes.scalar(at: offset)
      text.append(scalar, raw: offset..<offset + length)
      offset += length
      return
    }
    guard let semicolon = bytes[offset...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
      throw error("'&' begins no reference (write &amp;)")
    }
    let reference = String(decoding: bytes[offset + 1..<semicolon], as: UTF8.self)
    var value: UInt32?
    switch reference {
    case "amp": value = 0x26
    case "lt": value = 0x3C
    case "gt": value = 0x3E
    case "quot": value = 0x22
    case "apos": value = 0x27
    default:
      if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
        value = UInt32(reference.dropFirst(2), radix: 16)
      } else if reference.hasPrefix("#") {
        value = UInt32(reference.dropFirst(), radix: 10)
      }
    }
    guard let value, let scalar = Unicode.Scalar(value) else { throw error("unknown reference &\(reference);") }
    offset = semicolon + 1
    text.append(scalar, raw: start..<offset)
  }
}

extension XMLReader.Element {
  /// The child elements, in order.
  var elements: [XMLReader.Element] {
    children.compactMap {
      if case .element(let element) = $0 { element } else { nil }
    }
  }

  /// The element's text, its children's text included, decoded.
  var decodedText: DecodedText {
    var text = DecodedText()
    for child in children {
      switch child {
      case .text(let part, _): text.append(part)
      case .element(let element): text.append(element.decodedText)
      }
    }
    return text
  }
}

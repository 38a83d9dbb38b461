/// Android string resources (`res/values*/strings.xml`): `<string>`, `<plurals>` with an `<item>`
/// per quantity, and `<string-array>` with an `<item>` each, read as aapt2 reads them.
///
/// A value's text is its XML text with Android's escapes decoded (`\'`, `\"`, `\\`, `\n`, `\t`,
/// `\@`, `\?`, `\uXXXX`) and its unescaped double quotes, which only quote, left out; its child
/// elements (`<b>`, `<i>`, `<u>`, `<xliff:g>`, …) contribute their text. `translatable="false"`
/// values are not translations; `formatted="false"` ones hold no placeholders.
struct AndroidStringsParser {
  private let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func parse() throws(ParseError) -> [LocalizedValue] {
    var reader = XMLReader(bytes)
    let root = try reader.root()
    guard root.name == "resources" else {
      throw ParseError(offset: root.range.lowerBound, message: "expected <resources>, found <\(root.name)>")
    }
    var values: [LocalizedValue] = []
    for resource in root.elements {
      guard let name = resource.attributes["name"] else { continue }
      let translatable = resource.attributes["translatable"] != "false"
      let formatted = resource.attributes["formatted"] != "false"
      switch resource.name {
      case "string":
        values.append(Self.value(resource, key: name, variant: nil, translatable: translatable, formatted: formatted))
      case "plurals":
        for item in resource.elements where item.name == "item" {
          values.append(
            Self.value(
              item, key: name, variant: item.attributes["quantity"] ?? "?", translatable: translatable,
              formatted: formatted))
        }
      case "string-array":
        for (index, item) in resource.elements.filter({ $0.name == "item" }).enumerated() {
          values.append(
            Self.value(item, key: name, variant: "item \(index)", translatable: translatable, formatted: formatted))
        }
      default:
        continue
      }
    }
    return values
  }

  private static func value(
    _ element: XMLReader.Element, key: String, variant: String?, translatable: Bool, formatted: Bool
  ) -> LocalizedValue {
    var content = Content()
    content.read(element.children)
    content.finishEscape()
    return LocalizedValue(
      key: key, variant: variant, decoded: content.text, placeholderSyntax: formatted ? .java : nil,
      isTranslatable: translatable,
      start: element.content.lowerBound, end: element.content.upperBound, elementTags: content.tags,
      wrappers: content.wrappers, literalRanges: element.cdataRanges)
  }

  /// A value's content, decoded child by child.
  private struct Content {
    var text = DecodedText()
    var tags: [String] = []
    var wrappers: [(utf8: Range<Int>, raw: Range<Int>)] = []
    /// A backslash waiting for the character it escapes.
    private var pendingEscape: Range<Int>?
    /// `\u` and the hexadecimal digits read so far.
    private var pendingUnicode: (start: Int, digits: [UInt32])?

    mutating func read(_ children: [XMLReader.Node]) {
      for child in children {
        switch child {
        case .text(let part, _):
          part.forEachScalar { scalar, raw in read(scalar, raw) }
        case .element(let element):
          finishEscape()
          let first = text.utf8.count
          if element.name != "xliff:g" { tags.append("<\(element.name)>") }
          read(element.children)
          finishEscape()
          if element.name != "xliff:g" {
            tags.append("</\(element.name)>")
          } else {
            let inside = String(decoding: text.utf8[first...], as: UTF8.self)
            let placeholders = PlaceholderSyntax.java.placeholders(in: inside)
            if placeholders.count == 1, placeholders[0].text == inside {
              wrappers.append((first..<text.utf8.count, element.range))
            }
          }
        }
      }
    }

    private mutating func read(_ scalar: Unicode.Scalar, _ raw: Range<Int>) {
      if let unicode = pendingUnicode {
        if scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) {
          let digits = unicode.digits + [digit]
          if digits.count == 4 {
            let value = digits.reduce(0) { $0 << 4 | $1 }
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}", raw: unicode.start..<raw.upperBound)
            pendingUnicode = nil
          } else {
            pendingUnicode = (unicode.start, digits)
          }
          return
        }
        // `\u` without four digits, which aapt2 rejects: the digits read so far are dropped from the
        // text (the file keeps them).
        pendingUnicode = nil
      }
      if let escape = pendingEscape {
        pendingEscape = nil
        switch scalar {
        case "n": text.append("\n", raw: escape.lowerBound..<raw.upperBound)
        case "t": text.append("\t", raw: escape.lowerBound..<raw.upperBound)
        case "u": pendingUnicode = (escape.lowerBound, [])
        default: text.append(scalar, raw: escape.lowerBound..<raw.upperBound)
        }
        return
      }
      switch scalar {
      case "\\": pendingEscape = raw
      case "\"": break  // quotes the text around it; not part of the value
      default: text.append(scalar, raw: raw)
      }
    }

    mutating func finishEscape() {
      if let escape = pendingEscape { text.append("\\", raw: escape) }
      pendingEscape = nil
      pendingUnicode = nil
    }
  }
}

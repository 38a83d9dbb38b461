/// Apple `.stringsdict`: an XML property list mapping each key to a dictionary with the sentence
/// (`NSStringLocalizedFormatKey`, with variable references `%#@name@`) and, for each variable, a
/// dictionary of plural categories (`zero`, `one`, `two`, `few`, `many`, `other`).
///
/// Values are the sentence (variant `NSStringLocalizedFormatKey`) and each category's string
/// (variant `name.category`); the rule keys (`NSStringFormatSpecTypeKey`,
/// `NSStringFormatValueTypeKey`) are not text.
struct StringsDictParser {
  private let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func parse() throws(ParseError) -> [LocalizedValue] {
    var reader = XMLReader(bytes)
    let root = try reader.root()
    guard root.name == "plist", let top = root.elements.first, top.name == "dict" else {
      throw ParseError(offset: root.range.lowerBound, message: "expected <plist> holding a <dict>")
    }
    var values: [LocalizedValue] = []
    for (key, entry) in try Self.pairs(of: top) {
      guard entry.name == "dict" else {
        throw ParseError(
          offset: entry.range.lowerBound, message: "the value of \(key.debugDescription) is not a <dict>")
      }
      for (name, value) in try Self.pairs(of: entry) {
        if name == "NSStringLocalizedFormatKey" {
          values.append(try Self.value(value, key: key, variant: name))
        } else if value.name == "dict" {
          for (category, string) in try Self.pairs(of: value) where !category.hasPrefix("NSString") {
            values.append(try Self.value(string, key: key, variant: "\(name).\(category)"))
          }
        }
      }
    }
    return values
  }

  /// The key-value pairs of a property list `<dict>`.
  static func pairs(of dict: XMLReader.Element) throws(ParseError) -> [(String, XMLReader.Element)] {
    let elements = dict.elements
    var pairs: [(String, XMLReader.Element)] = []
    var index = 0
    while index < elements.count {
      let key = elements[index]
      guard key.name == "key", index + 1 < elements.count else {
        throw ParseError(offset: key.range.lowerBound, message: "expected <key> and its value in <dict>")
      }
      pairs.append((key.decodedText.string, elements[index + 1]))
      index += 2
    }
    return pairs
  }

  private static func value(
    _ element: XMLReader.Element, key: String, variant: String
  ) throws(ParseError) -> LocalizedValue {
    guard element.name == "string" else {
      throw ParseError(offset: element.range.lowerBound, message: "the value of \(variant) is not a <string>")
    }
    return LocalizedValue(
      key: key, variant: variant, decoded: element.decodedText, placeholderSyntax: .apple,
      start: element.content.lowerBound,
      end: element.content.upperBound, literalRanges: element.cdataRanges)
  }
}

extension XMLReader.Element {
  /// The raw ranges of the CDATA sections in the element, its children's included.
  var cdataRanges: [ClosedRange<Int>] {
    children.flatMap { child -> [ClosedRange<Int>] in
      switch child {
      case .text(let text, let isCDATA):
        guard isCDATA, let first = text.rawStart, let last = text.rawEnd else { return [] }
        return [first...last]
      case .element(let element):
        return element.cdataRanges
      }
    }
  }
}

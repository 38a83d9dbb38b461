/// Apple String Catalogs (`.xcstrings`): JSON with the source language, and for each key its
/// localizations, each a `stringUnit` or `variations` by plural category or device (nested), and
/// `substitutions` whose plural texts use `%arg` for their argument.
///
/// Every localization's texts are values (variant: the path below the localization, such as
/// `plural.one`, `device.iphone.plural.other` or `substitutions.count.plural.one`); the source
/// language's are not translations, and give each translation its source (the same path, else the
/// key).
struct StringCatalogParser {
  private let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func parse() throws(ParseError) -> (values: [LocalizedValue], language: String?) {
    var reader = JSONReader(bytes)
    let root = try reader.document()
    guard case .object = root, let strings = root["strings"] else {
      throw ParseError(offset: 0, message: "expected an object with \"strings\" (a String Catalog)")
    }
    let sourceLanguage = root["sourceLanguage"]?.string
    var values: [LocalizedValue] = []
    for (key, entry) in strings.members {
      let translatable = entry["shouldTranslate"]?.literal != "false"
      let localizations = entry["localizations"]?.members ?? []
      var sourceTexts: [String: String] = [:]
      if let sourceLanguage, let source = localizations.first(where: { $0.key == sourceLanguage })?.value {
        Self.collect(source, path: [], substitution: nil) { path, text, _, _ in sourceTexts[path] = text.string }
      }
      for (locale, localization) in localizations {
        let isSource = locale == sourceLanguage
        Self.collect(localization, path: [], substitution: nil) { path, text, content, substitution in
          let source = sourceTexts[path] ?? sourceTexts[Self.otherCategory(of: path)] ?? (path.isEmpty ? key : nil)
          values.append(
            LocalizedValue(
              key: key, variant: path.isEmpty ? nil : path, locale: locale, decoded: text, source: isSource ? nil : source,
              isTranslatable: !isSource && translatable,
              start: content.lowerBound, end: content.upperBound, substitution: substitution))
        }
      }
    }
    return (values, sourceLanguage)
  }

  /// The path with its last plural category replaced by `other`, the category every language has.
  private static func otherCategory(of path: String) -> String {
    var parts = path.split(separator: ".").map(String.init)
    guard parts.count >= 2, parts[parts.count - 2] == "plural" else { return path }
    parts[parts.count - 1] = "other"
    return parts.joined(separator: ".")
  }

  /// Calls `body` for every string unit's value under `node`, with its path.
  private static func collect(
    _ node: JSONReader.Value, path: [String], substitution: (number: Int, specifier: String)?,
    _ body: (String, DecodedText, Range<Int>, (number: Int, specifier: String)?) -> Void
  ) {
    if case .string(let text, let content)? = node["stringUnit"]?["value"] {
      body(path.joined(separator: "."), text, content, substitution)
    }
    for (kind, variations) in node["variations"]?.members ?? [] {
      for (name, variation) in variations.members {
        collect(variation, path: path + [kind, name], substitution: substitution, body)
      }
    }
    for (name, definition) in node["substitutions"]?.members ?? [] {
      let number = definition["argNum"]?.literal.flatMap { Int($0) } ?? 1
      let specifier = definition["formatSpecifier"]?.string ?? "@"
      collect(definition, path: path + ["substitutions", name], substitution: (number, specifier), body)
    }
  }
}

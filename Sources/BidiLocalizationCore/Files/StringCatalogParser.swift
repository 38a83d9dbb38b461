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
    let document = try JSONDocument(parsing: bytes)
    guard document.kind(document.root) == .object, let strings = document.member("strings", of: document.root) else {
      throw ParseError(offset: 0, message: "expected an object with \"strings\" (a String Catalog)")
    }
    let sourceLanguage = document.member("sourceLanguage", of: document.root).flatMap {
      document.text($0)
    }
    var values: [LocalizedValue] = []
    for entry in document.children(strings) {
      let key = document.key(of: entry) ?? ""
      let translatable = document.member("shouldTranslate", of: entry).flatMap(document.literal) != "false"
      let localizations = document.member("localizations", of: entry).map(document.children) ?? []
      var sourceTexts: [String: String] = [:]
      if let sourceLanguage, let source = localizations.first(where: { document.key(of: $0) == sourceLanguage }) {
        Self.collect(source, in: document, path: [], substitution: nil) { path, text, _, _ in
          sourceTexts[path] = text.string
        }
      }
      for localization in localizations {
        let locale = document.key(of: localization) ?? ""
        let isSource = locale == sourceLanguage
        Self.collect(localization, in: document, path: [], substitution: nil) { path, text, content, substitution in
          let source = sourceTexts[path] ?? sourceTexts[Self.otherCategory(of: path)] ?? (path.isEmpty ? key : nil)
          values.append(
            LocalizedValue(
              key: key, variant: path.isEmpty ? nil : path, locale: locale, decoded: text,
              source: isSource ? nil : source, placeholderSyntax: .apple,
              isTranslatable: !isSource && translatable,
              start: content.lowerBound, end: content.upperBound, substitution: substitution))
        }
      }
    }
    return (values, sourceLanguage)
  }

  /// The path with its last plural category replaced by `other`, the category every language has.
  private static func otherCategory(of path: String) -> String {
    guard path.contains("plural.") else { return path }
    var parts = path.split(separator: ".").map(String.init)
    guard parts.count >= 2, parts[parts.count - 2] == "plural" else { return path }
    parts[parts.count - 1] = "other"
    return parts.joined(separator: ".")
  }

  /// Calls `body` for every string unit's value under `node`, with its path.
  private static func collect(
    _ node: Int, in document: JSONDocument, path: [String], substitution: (number: Int, specifier: String)?,
    _ body: (String, DecodedText, Range<Int>, (number: Int, specifier: String)?) -> Void
  ) {
    if let unit = document.member("stringUnit", of: node), let value = document.member("value", of: unit),
      let (text, content) = document.string(value)
    {
      body(path.joined(separator: "."), text, content, substitution)
    }
    for kind in document.member("variations", of: node).map(document.children) ?? [] {
      for variation in document.children(kind) {
        collect(
          variation, in: document, path: path + [document.key(of: kind) ?? "", document.key(of: variation) ?? ""],
          substitution: substitution, body)
      }
    }
    for definition in document.member("substitutions", of: node).map(document.children) ?? [] {
      let number = document.member("argNum", of: definition).flatMap(document.literal).flatMap { Int($0) } ?? 1
      let specifier =
        document.member("formatSpecifier", of: definition).flatMap(document.text) ?? "@"
      collect(
        definition, in: document, path: path + ["substitutions", document.key(of: definition) ?? ""],
        substitution: (number, specifier), body)
    }
  }
}

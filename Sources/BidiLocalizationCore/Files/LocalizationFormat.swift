/// The translation file formats `bidi-fix strings` reads and fixes.
public enum LocalizationFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Apple `.strings`: an old-style property list of `"key" = "value";`, UTF-8 or UTF-16.
  case strings
  /// Apple `.stringsdict`: an XML property list of plural rules.
  case stringsdict
  /// Apple String Catalog `.xcstrings`: JSON, every locale in one file.
  case stringCatalog = "xcstrings"
  /// Android `res/values-*/strings.xml` (any `.xml` file of string resources).
  case androidStrings = "android"
  /// gettext `.po`.
  case gettext = "po"

  /// The format's short name: `strings`, `stringsdict`, `xcstrings`, `android` or `po`.
  public var description: String { rawValue }

  /// The format of a file, by its name: `Localizable.strings`, `values-ar/strings.xml`, `ar.po`.
  ///
  /// ```swift
  /// LocalizationFormat(path: "app/src/main/res/values-fa/strings.xml")   // .androidStrings
  /// LocalizationFormat(path: "po/he.po")                                 // .gettext
  /// ```
  public init?(path: String) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let lowercased = name.lowercased()
    if lowercased.hasSuffix(".strings") {
      self = .strings
    } else if lowercased.hasSuffix(".stringsdict") {
      self = .stringsdict
    } else if lowercased.hasSuffix(".xcstrings") {
      self = .stringCatalog
    } else if lowercased.hasSuffix(".po") {
      self = .gettext
    } else if lowercased.hasSuffix(".xml") {
      self = .androidStrings
    } else {
      return nil
    }
  }

  /// The placeholder syntax of the format's values.
  public var placeholderSyntax: PlaceholderSyntax {
    switch self {
    case .strings, .stringsdict, .stringCatalog: .apple
    case .androidStrings: .java
    case .gettext: .c
    }
  }

  /// FSI and PDI as the format writes them where a reviewer sees them in a diff: an escape, or the
  /// character itself in `.po`, which has no escape for it.
  var isolateMarkers: (open: String, close: String) {
    switch self {
    case .strings: ("\\U2068", "\\U2069")
    case .stringsdict: ("&#x2068;", "&#x2069;")
    case .stringCatalog, .androidStrings: ("\\u2068", "\\u2069")
    case .gettext: ("\u{2068}", "\u{2069}")
    }
  }
}

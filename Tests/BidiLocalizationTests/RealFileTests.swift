import Bidi
import BidiLocalization
import BidiTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Translation files of shipping open-source apps (Tests/Fixtures/localization/real, with their
/// sources and licences in SOURCE.md), and the files written for these tests
/// (Tests/Fixtures/localization/handwritten), read and fixed, with each format's own tools as judges.
@Suite("Real translation files")
struct RealFileTests {
  static let fixtures = fixturesDirectory.appendingPathComponent("localization")

  /// Each right-to-left file, and how many placeholders it holds that take an argument, counted
  /// apart from the code under test: by a regular expression per syntax over the value side of
  /// each entry (`python3`, recorded in SOURCE.md), not by these parsers.
  static let realFiles: [(String, Int)] = [
    ("firefox-ios/ar.lproj/Localizable.strings", 10), ("firefox-ios/he.lproj/Settings.strings", 13),
    ("sparkle/ar.lproj/Sparkle.strings", 14), ("wireguard-apple/fa.lproj/Localizable.strings", 26),
    ("wikipedia-ios/ar.lproj/Localizable.stringsdict", 18), ("wikipedia-ios/fa.lproj/Localizable.stringsdict", 19),
    ("wikipedia-ios/he.lproj/Localizable.stringsdict", 15), ("thunderbird-android/res/values-ar/strings.xml", 39),
    ("thunderbird-android/res/values-fa/strings.xml", 23), ("thunderbird-android/res/values-iw/strings.xml", 30),
    ("xz/po/ar.po", 30), ("audacious/po/he.po", 8), ("audacious/po/fa_IR.po", 8), ("xcodes/Localizable.xcstrings", 6),
    ("settings/Localizable.xcstrings", 0), ("gnome/glib/po/fa.po", 34), ("gnome/gtk4/po/fa.po", 18),
    ("gnome/gdk-pixbuf/po/he.po", 0), ("django/ar/django.po", 175), ("django/he/django.po", 141),
  ]

  static func load(_ path: String) throws -> (LocalizationFile, [UInt8]) {
    let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent(path)))
    let format = try #require(LocalizationFormat(path: path))
    return (try LocalizationFile(bytes: bytes, format: format), bytes)
  }

  @Test(
    "Every placeholder counted apart is found, isolated once, and the file stays byte for byte otherwise",
    arguments: realFiles)
  func fixesRealFiles(path: String, placeholders: Int) throws {
    let (file, bytes) = try Self.load("real/" + path)
    #expect(file.isolatingPlaceholders(where: { _ in false }) == bytes)
    let rightToLeft = { (value: LocalizedValue) in
      file.format != .stringCatalog || ["ar", "he", "fa"].contains(value.locale ?? "")
    }
    #expect(file.unisolatedPlaceholderCount(where: rightToLeft) == placeholders)
    let fixed = file.isolatingPlaceholders(where: rightToLeft)
    let again = try LocalizationFile(bytes: fixed, format: file.format)
    #expect(again.unisolatedPlaceholderCount(where: rightToLeft) == 0)
    #expect(again.isolatingPlaceholders(where: rightToLeft) == fixed)
    // Only isolates were added: taken out again, the file is what it was.
    let markers = [
      file.format.isolateMarkersForTests.open, file.format.isolateMarkersForTests.close, "\u{2068}", "\u{2069}",
    ]
    var stripped = String(decoding: fixed, as: UTF8.self)
    let original = String(decoding: bytes, as: UTF8.self)
    if !original.contains("\u{2068}") && !original.contains("\u{2069}") {
      for marker in markers { stripped = stripped.replacingOccurrences(of: marker, with: "") }
      #expect(stripped == original)
    }
    try Self.judge(fixed, format: file.format, name: path)
  }

  @Test("Foundation's own property list reader finds the same keys and values in every .strings and .stringsdict")
  func agreesWithFoundation() throws {
    for folder in ["real", "handwritten"] {
      let root = Self.fixtures.appendingPathComponent(folder)
      for path in try Self.files(under: root)
      where (path.hasSuffix(".strings") || path.hasSuffix(".stringsdict")) && !path.hasPrefix("Broken/") {
        let (file, bytes) = try Self.load("\(folder)/\(path)")
        if file.format == .strings {
          let decoded = try PropertyListDecoder().decode([String: String].self, from: Data(bytes))
          #expect(Dictionary(file.values.map { ($0.key, $0.text) }, uniquingKeysWith: { $1 }) == decoded, "\(path)")
        } else {
          let decoded = try PropertyListDecoder().decode([String: PropertyListValue].self, from: Data(bytes))
          for value in file.values {
            let parts = value.variant!.split(separator: ".").map(String.init)
            let found = parts.reduce(decoded[value.key]) { $0?[$1] }
            #expect(found == .string(value.text), "\(path): \(value.key) \(value.variant!)")
          }
        }
      }
    }
  }

  @Test("The mistakes in the real files, found by reading them: Arabic drops the count, and types ٪ for %")
  func realMistakes() throws {
    let siblings = [
      "firefox-ios/ar.lproj/Localizable.strings": "firefox-ios/en-US.lproj/Localizable.strings",
      "firefox-ios/he.lproj/Settings.strings": "firefox-ios/en-US.lproj/Settings.strings",
      "wireguard-apple/fa.lproj/Localizable.strings": "wireguard-apple/Base.lproj/Localizable.strings",
      "wikipedia-ios/ar.lproj/Localizable.stringsdict": "wikipedia-ios/en.lproj/Localizable.stringsdict",
      "wikipedia-ios/fa.lproj/Localizable.stringsdict": "wikipedia-ios/en.lproj/Localizable.stringsdict",
      "wikipedia-ios/he.lproj/Localizable.stringsdict": "wikipedia-ios/en.lproj/Localizable.stringsdict",
      "thunderbird-android/res/values-ar/strings.xml": "thunderbird-android/res/values/strings.xml",
      "thunderbird-android/res/values-fa/strings.xml": "thunderbird-android/res/values/strings.xml",
      "thunderbird-android/res/values-iw/strings.xml": "thunderbird-android/res/values/strings.xml",
    ]
    var found: [String] = []
    for (path, _) in Self.realFiles {
      let (file, _) = try Self.load("real/" + path)
      let source = try siblings[path].map { try Self.load("real/" + $0).0 }
      for finding in file.findings(isRightToLeft: { _ in true }, sourceFile: source)
      where finding.kind != .unisolatedPlaceholder {
        found.append("\(path):\(finding.line) \(finding.kind) \(finding.message.split(separator: " ")[0])")
      }
    }
    #expect(
      found.sorted()
        == ([
          // "%1$d articles" in English; the Arabic `other` form is just "مقالات" (articles).
          "wikipedia-ios/ar.lproj/Localizable.stringsdict:147 placeholder-mismatch %1$d",
          // "٪@ تم تنزيله": ARABIC PERCENT SIGN, so the version is never shown.
          "xcodes/Localizable.xcstrings:149 placeholder-mismatch ٪@",
          // Django's Hebrew "%(truncated_text)s…" puts an RLO before the ellipsis and never closes it.
          "django/he/django.po:1102 unbalanced-controls RLO",
        ] + Self.hebrewOpenEmbeddings.map { "gnome/gdk-pixbuf/po/he.po:\($0) unbalanced-controls RLE" }).sorted())
  }

  /// The lines of GdkPixbuf's Hebrew messages that open an RLE and never close it, once per RLE
  /// (read with `cat -A`, and by a stack of the openers and closers in each string, in Python).
  /// The Persian files' `%Id`, `%I.1f` and one-form plural entry hold no mistake, as `msgfmt -c` agrees.
  static let hebrewOpenEmbeddings = [20, 21, 27, 28, 32, 36, 41, 45, 51, 52, 56, 56, 60, 60, 60, 63, 69, 70]

  @Test("The GNOME translations' findings are the open embeddings alone")
  func gnomeFindings() throws {
    var kinds: [String: Int] = [:]
    for path in ["gnome/glib/po/fa.po", "gnome/gtk4/po/fa.po", "gnome/gdk-pixbuf/po/he.po"] {
      let (file, _) = try Self.load("real/" + path)
      for finding in file.findings(isRightToLeft: { _ in true }) { kinds["\(finding.kind)", default: 0] += 1 }
    }
    #expect(kinds == ["unisolated-placeholder": 52, "unbalanced-controls": Self.hebrewOpenEmbeddings.count])
  }

  @Test("The hand-written apps: each fixed file is the one written by hand, and every file is judged by its tool")
  func handwrittenFixes() throws {
    let expected: [(String, String)] = [
      ("Apple/ar.lproj/Localizable.strings", "Expected/ar.lproj/Localizable.strings"),
      ("Apple/he.lproj/Localizable.strings", "Expected/he.lproj/Localizable.strings"),
      ("Android/res/values-ar/strings.xml", "Expected/values-ar/strings.xml"),
      ("gettext/po/ar.po", "Expected/ar.po"),
    ]
    for (path, expectedPath) in expected {
      let (file, _) = try Self.load("handwritten/" + path)
      let want = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("handwritten/" + expectedPath)))
      #expect(file.isolatingPlaceholders() == want, "\(path)")
      try Self.judge(want, format: file.format, name: path)
    }
  }

  @Test("Through the engine: a real template with a Latin argument displays torn before the fix and whole after it")
  func displaysRightAfterTheFix() throws {
    // Sparkle's Arabic "%@ %@ is currently the newest version available." with an app name and a
    // version: unisolated, the space between them and the version's dots join the Arabic sentence.
    let (file, _) = try Self.load("real/sparkle/ar.lproj/Sparkle.strings")
    let value = try #require(file.values.first { $0.key == "%@ %@ is currently the newest version available." })
    let fixedFile = try LocalizationFile(bytes: file.isolatingPlaceholders(), format: .strings)
    let fixed = try #require(fixedFile.values.first { $0.key == value.key })
    let arguments: [any CVarArg] = ["Sparkle Test App", "2.0-beta.1"]
    let before = try display(String(format: value.text, arguments: arguments))
    let after = try display(String(format: fixed.text, arguments: arguments))
    // Each argument shows as written only once it is isolated.
    #expect(!before.contains("2.0-beta.1") || !before.contains("Sparkle Test App"))
    #expect(after.contains("2.0-beta.1") && after.contains("Sparkle Test App"))
  }

  /// Checks a fixed file with the format's own reader: Foundation's property list, JSON and XML
  /// parsers (and `msgfmt -c` for `.po` in a test of its own).
  static func judge(_ bytes: [UInt8], format: LocalizationFormat, name: String) throws {
    let data = Data(bytes)
    switch format {
    case .strings:
      _ = try PropertyListDecoder().decode([String: String].self, from: data)
    case .stringsdict:
      _ = try PropertyListDecoder().decode([String: PropertyListValue].self, from: data)
    case .stringCatalog:
      #expect(try JSONSerialization.jsonObject(with: data) is [String: Any], "\(name)")
    case .androidStrings:
      let parser = XMLParser(data: data)
      #expect(parser.parse(), "\(name): \(String(describing: parser.parserError))")
    case .gettext:
      // gettext's judge is a program of its own: `fixedPOFilesPassMsgfmt` runs it.
      break
    }
  }

  @Test("msgfmt -c accepts every fixed .po file, real and hand-written", .requires(.msgfmt))
  func fixedPOFilesPassMsgfmt() throws {
    let folder = try TemporaryFolder()
    let real = Self.realFiles.map { "real/" + $0.0 }.filter { $0.hasSuffix(".po") }
    #expect(real.count == 8)
    for path in real + ["handwritten/gettext/po/ar.po"] {
      let (file, _) = try Self.load(path)
      let name = path.replacingOccurrences(of: "/", with: "-")
      #expect(try Msgfmt.accepts(folder.file(name, contents: Data(file.isolatingPlaceholders()))), "\(path)")
    }
  }

  static func files(under root: URL) throws -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String { paths.append(path) }
    return paths.sorted()
  }
}

extension LocalizationFormat {
  /// The escapes `fix` writes, as the tests spell them out.
  var isolateMarkersForTests: (open: String, close: String) {
    switch self {
    case .strings: ("\\U2068", "\\U2069")
    case .stringsdict: ("&#x2068;", "&#x2069;")
    case .stringCatalog, .androidStrings: ("\\u2068", "\\u2069")
    case .gettext: ("\u{2068}", "\u{2069}")
    }
  }
}

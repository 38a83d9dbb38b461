import BidiLocalization
import BidiTestSupport
import Foundation
import Testing

/// Placeholders turned around or split by right-to-left editing (`reversed-placeholder`): found in
/// every format where the source has the intact placeholder, restored by `fix` where the source
/// leaves one reading, and never seen in text that only looks like one.
@Suite("Reversed placeholders")
struct ReversedPlaceholderTests {
  /// A `.strings` translation of `source` as `translation`, with its source beside it.
  static func strings(_ source: String, _ translation: String) throws -> (LocalizationFile, LocalizationFile) {
    func file(_ value: String) throws -> LocalizationFile {
      try LocalizationFile(bytes: Array("\"k\" = \"\(value)\";\n".utf8), format: .strings)
    }
    return (try file(translation), try file(source))
  }

  static func reversed(_ file: LocalizationFile, source: LocalizationFile? = nil) -> [LocalizationFinding] {
    file.findings(isRightToLeft: { _ in true }, sourceFile: source).filter { $0.kind == .reversedPlaceholder }
  }

  static func fixed(_ file: LocalizationFile, source: LocalizationFile? = nil) -> String {
    String(
      decoding: file.fixed(sourceFile: source, isolatingWhere: { _ in false }, restoringWhere: { _ in true }).bytes,
      as: UTF8.self)
  }

  @Test(
    "Each way right-to-left editing breaks a placeholder is found at its column and restored",
    arguments: [
      // source, translation, column of the broken placeholder (the value starts at 8, after `"k" = "`),
      // restored value
      ("Follow %@", "متابعة @%", 15, "متابعة %@"),
      ("%d files", "d% ملفات", 8, "%d ملفات"),
      ("%1$d of %2$d", "d$1% من %2$d", 8, "%1$d من %2$d"),
      ("%1$@ and %2$s", "%1$@ و s$2%", 15, "%1$@ و %2$s"),
      ("%1$s sent", "أرسل %1$ s", 13, "أرسل %1$s"),
      ("Hi %@", "مرحبا %\u{200F}@", 14, "مرحبا %@"),  // an RLM inside
      ("Hi %1$@", "مرحبا %1\u{2067}$@", 14, "مرحبا %1$@"),  // an RLI inside
      ("%lld photos", "dll% صور", 8, "%lld صور"),
      ("%12$@ left", "غادر @$12%", 13, "غادر %12$@"),  // the number as written
      ("%12$@ left", "غادر @$21%", 13, "غادر %12$@"),  // the number turned around too
      ("%.2f km", "f2.% كم", 8, "%.2f كم"),
      ("Hi %@", "مرحبا @\u{200F}%", 14, "مرحبا %@"),  // turned around, with an RLM inside
    ])
  func found(source: String, translation: String, column: Int, restored: String) throws {
    let (file, sourceFile) = try Self.strings(source, translation)
    let found = Self.reversed(file, source: sourceFile)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.column == column)
    #expect(found.first?.message.contains("fix: ") == true, "\(found)")
    // What the broken placeholder explains is not reported again as a mismatch.
    #expect(
      !file.findings(isRightToLeft: { _ in true }, sourceFile: sourceFile).contains { $0.kind == .placeholderMismatch })
    #expect(Self.fixed(file, source: sourceFile) == "\"k\" = \"\(restored)\";\n")
  }

  @Test(
    "Text that only looks like a broken placeholder is not one",
    arguments: [
      ("%d%% off", "خصم 50%d"),  // 50% then a placeholder: %d is there
      ("Install on %@", "ثبت على Android% %@"),  // a word ending in d before a percent sign
      ("Write to %@", "راسلنا على me@%@.com"),  // an e-mail's @, and %@ is there
      ("Write to %@", "راسلنا على user@%x"),  // letters on both sides
      ("Battery %d", "البطارية 100 % d"),  // a percent sign after a number
      ("Battery %d", "البطارية 100% d"),
      ("%d%% done", "تم ٪٥٠ و %d"),  // Arabic percent signs
      ("Rate: %@", "المعدل: %@ ٪"),
      ("Hello", "مرحبا @ %"),  // no placeholder in the source
      ("%@ and %d", "%@ و %d"),  // intact
      ("%1$@ and %2$@", "%2$@ و %1$@"),  // reordered, intact
    ])
  func nearMisses(source: String, translation: String) throws {
    let (file, sourceFile) = try Self.strings(source, translation)
    #expect(Self.reversed(file, source: sourceFile).isEmpty, "\(translation)")
  }

  @Test(
    "Reported but left as it is where the source leaves two readings",
    arguments: [
      // Two places look like the one %@ the translation lacks.
      ("Twice %@", "@% و @%"),
      // The source has a literal percent sign the translation lacks: the % may be it.
      ("%d%% off", "خصم d%"),
      // The source writes an @ as text.
      ("Mail @ %@", "راسلنا @%"),
      // `@%` turned around, or `%\u{200F}@` split: the two share the `%`.
      ("Hi %@", "مرحبا @%\u{200F}@"),
      // The PDI inside `%\u{2069}@` closes the FSI before it: taken out, the FSI would reach on.
      ("Hi %@", "\u{2068}مرحبا %\u{2069}@"),
    ])
  func ambiguous(source: String, translation: String) throws {
    let (file, sourceFile) = try Self.strings(source, translation)
    let found = Self.reversed(file, source: sourceFile)
    #expect(!found.isEmpty)
    #expect(found.allSatisfy { $0.message.contains("not fixed automatically") }, "\(found)")
    #expect(Self.fixed(file, source: sourceFile) == "\"k\" = \"\(translation)\";\n")
  }

  @Test("A restored placeholder takes the word it is written in, and a word may begin inside a broken one")
  func restoredThenIsolated() throws {
    // `%1$` then an RLM: the `d` after it begins the word of `%2$02d`, inside the broken `%1$d`.
    let (file, sourceFile) = try Self.strings("%1$d:%2$02d", "الوقت %1$\u{200F}d:%2$02d")
    let fix = file.fixed(sourceFile: sourceFile, isolatingWhere: { _ in true }, restoringWhere: { _ in true })
    #expect(String(decoding: fix.bytes, as: UTF8.self) == "\"k\" = \"الوقت \\U2068%1$d:%2$02d\\U2069\";\n")
    #expect(fix.restored == 1 && fix.isolated == 2)
    let again = try LocalizationFile(bytes: fix.bytes, format: .strings)
    #expect(
      again.fixed(sourceFile: sourceFile, isolatingWhere: { _ in true }, restoringWhere: { _ in true }).bytes
        == fix.bytes)
  }

  @Test("str.format: the braces of {{ and }} are no field turned around, even after a fix isolated a neighbour")
  func bracesAreNotAField() throws {
    func po(_ translation: String) -> String {
      """
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\\n"

      #, python-brace-format
      msgid "{} and {x}"
      msgstr "\(translation)"

      """
    }
    for translation in ["}}\u{200F}{{ {x}", "{x}}\u{200F}{{}"] {
      let file = try LocalizationFile(bytes: Array(po(translation).utf8), format: .gettext)
      #expect(Self.reversed(file).isEmpty, "\(translation.debugDescription)")
      let fixed = file.fixed(isolatingWhere: { _ in true }, restoringWhere: { _ in true })
      #expect(fixed.restored == 0, "\(translation.debugDescription)")
      #expect(Self.reversed(try LocalizationFile(bytes: fixed.bytes, format: .gettext)).isEmpty)
    }
    // A field split by a bidi control is one, and comes back whole.
    let split = try LocalizationFile(bytes: Array(po("שלום {\u{2068}} ו-{x}").utf8), format: .gettext)
    #expect(Self.reversed(split).count == 1)
    #expect(
      String(decoding: split.fixed(isolatingWhere: { _ in true }, restoringWhere: { _ in true }).bytes, as: UTF8.self)
        .contains("msgstr \"שלום \u{2068}{}\u{2069} ו-\u{2068}{x}\u{2069}\""))
  }

  @Test("Without a source there is nothing to compare with: nothing is reported")
  func noSource() throws {
    let file = try LocalizationFile(bytes: Array("\"k\" = \"متابعة @%\";\n".utf8), format: .strings)
    #expect(Self.reversed(file).isEmpty)
  }

  // MARK: Each format

  @Test("stringsdict: a plural form's d% against the source's %d, restored through its entity-encoded file")
  func stringsdict() throws {
    func plist(_ other: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>files</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key><string>d</string>
      <key>other</key><string>\(other)</string></dict></dict></dict></plist>

      """
    }
    let file = try LocalizationFile(bytes: Array(plist("d% ملفات").utf8), format: .stringsdict)
    let source = try LocalizationFile(bytes: Array(plist("%d files").utf8), format: .stringsdict)
    let found = Self.reversed(file, source: source)
    #expect(found.map { "\($0.line):\($0.column)" } == ["6:25"])  // after `<key>other</key><string>`
    #expect(Self.fixed(file, source: source) == plist("%d ملفات"))
    // Isolated as the format writes it, with the placeholder restored.
    let both = file.fixed(sourceFile: source, isolatingWhere: { _ in true }, restoringWhere: { _ in true })
    #expect(String(decoding: both.bytes, as: UTF8.self) == plist("&#x2068;%d&#x2069; ملفات"))
    #expect((both.isolated, both.restored) == (1, 1))
  }

  @Test("xcstrings: the catalog's source localization is the source; a split placeholder restored inside JSON escapes")
  func catalog() throws {
    func catalog(_ arabic: String) -> String {
      #"{"sourceLanguage":"en","strings":{"%1$@ sent %2$lld":{"localizations":{"#
        + #""ar":{"stringUnit":{"state":"translated","value":"\#(arabic)"}},"#
        + #""en":{"stringUnit":{"state":"translated","value":"%1$@ sent %2$lld"}}}}}}"#
    }
    // `%2$ lld` with the space written as \u0020, and an RLM inside %1$@ as \u200f.
    let file = try LocalizationFile(
      bytes: Array(catalog(#"أرسل %1\u200f$@ %2$\u0020lld"#).utf8), format: .stringCatalog)
    let found = Self.reversed(file)
    // The value starts at column 122: `%1` is 5 scalars in, `%2` 16 (the \u200f escape is 6).
    #expect(found.map(\.column) == [127, 138])
    #expect(Self.fixed(file) == catalog("أرسل %1$@ %2$lld"))
  }

  @Test("Android: s$1% against the source's %1$s, with Android's escapes around it")
  func android() throws {
    func resources(_ value: String) -> String {
      "<resources>\n  <string name=\"sent\">\(value)</string>\n</resources>\n"
    }
    let file = try LocalizationFile(bytes: Array(resources("أرسل s$1% \\'اليوم\\'").utf8), format: .androidStrings)
    let source = try LocalizationFile(bytes: Array(resources("%1$s sent \\'today\\'").utf8), format: .androidStrings)
    // After `  <string name="sent">أرسل `.
    #expect(Self.reversed(file, source: source).map { "\($0.line):\($0.column)" } == ["2:28"])
    #expect(Self.fixed(file, source: source) == resources("أرسل %1$s \\'اليوم\\'"))
  }

  @Test(
    "gettext: a c-format msgstr's s% against its msgid; the fixed file passes msgfmt -c",
    .requires(.msgfmt))
  func gettext() throws {
    func po(_ msgstr: String) -> String {
      """
      msgid ""
      msgstr ""
      "Content-Type: text/plain; charset=UTF-8\\n"
      "Language: ar\\n"

      #, c-format
      msgid "Hello %s, you have %d messages"
      msgstr "\(msgstr)"

      """
    }
    let file = try LocalizationFile(bytes: Array(po("مرحبا s%، لديك d% رسائل").utf8), format: .gettext)
    #expect(Self.reversed(file).map { "\($0.line):\($0.column)" } == ["8:15", "8:24"])
    let fixed = Self.fixed(file)
    #expect(fixed == po("مرحبا %s، لديك %d رسائل"))
    func msgfmtAccepts(_ text: String) throws -> Bool {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("reversed-\(UUID().uuidString).po")
      try Data(text.utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      return try Msgfmt.accepts(file)
    }
    #expect(try !msgfmtAccepts(po("مرحبا s%، لديك d% رسائل")), "msgfmt -c rejects the broken file")
    #expect(try msgfmtAccepts(fixed))
  }

  @Test("fix twice equals fix once, with isolates around what it restored")
  func idempotent() throws {
    let (file, source) = try Self.strings("%1$@ sent %2$d in 100%%", "أرسل @$1% عدد %2$ d في 100%%")
    let once = file.fixed(sourceFile: source, isolatingWhere: { _ in true }, restoringWhere: { _ in true })
    #expect(
      String(decoding: once.bytes, as: UTF8.self)
        == "\"k\" = \"أرسل \\U2068%1$@\\U2069 عدد \\U2068%2$d\\U2069 في 100%%\";\n")
    let again = try LocalizationFile(bytes: once.bytes, format: .strings)
    let twice = again.fixed(sourceFile: source, isolatingWhere: { _ in true }, restoringWhere: { _ in true })
    #expect(twice.bytes == once.bytes)
    #expect((twice.isolated, twice.restored) == (0, 0))
  }
}

import BidiLocalization
import Foundation
import Testing

/// Each format's edge cases: values read as the format's own tools read them, every untouched byte
/// kept, isolates inserted as the format writes escapes, and syntax errors reported at their place.
@Suite("Translation files")
struct LocalizationFileTests {
  /// `text` fixed as a right-to-left file.
  static func fixed(_ text: String, _ format: LocalizationFormat) throws -> String {
    String(
      decoding: try LocalizationFile(bytes: Array(text.utf8), format: format).isolatingPlaceholders(), as: UTF8.self)
  }

  static func values(_ text: String, _ format: LocalizationFormat) throws -> [String] {
    try LocalizationFile(bytes: Array(text.utf8), format: format).values.map(\.text)
  }

  // MARK: .strings

  @Test("strings: comments, unquoted tokens, the key-only form, braces and every escape")
  func stringsSyntax() throws {
    let text = #"""
      { /* a comment with "quotes" and = ; */
      // a line comment "x" = "y";
      key_1 = value.2;
      "only key";
      "escapes" = "a\"b\\c\nd\te\U2068f\101\uFEFF";
      }
      """#
    let file = try LocalizationFile(bytes: Array(text.utf8), format: .strings)
    #expect(file.values.map(\.key) == ["key_1", "only key", "escapes"])
    // A lowercase `\u` is no escape to CoreFoundation: the `u` and its digits are text.
    #expect(file.values.map(\.text) == ["value.2", "only key", "a\"b\\c\nd\te\u{2068}fAuFEFF"])
  }

  @Test("strings: isolates go in as \\U2068 and \\U2069; placeholders already isolated, %% and unquoted tokens stay")
  func stringsFix() throws {
    let text = "\"a\" = \"قال %@ و \\U2068%d\\U2069 و 50%% و %1$@\";\n\"b\" = token;\n"
    #expect(
      try Self.fixed(text, .strings)
        == "\"a\" = \"قال \\U2068%@\\U2069 و \\U2068%d\\U2069 و 50%% و \\U2068%1$@\\U2069\";\n\"b\" = token;\n")
  }

  @Test("strings: UTF-16 with either byte order, CR LF and no final newline come back byte for byte")
  func stringsEncodings() throws {
    let text = "/* note */\r\n\"Follow %@\" = \"متابعة %@\";"
    for bigEndian in [false, true] {
      var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      for unit in text.utf16 {
        bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
      let file = try LocalizationFile(bytes: bytes, format: .strings)
      #expect(file.isolatingPlaceholders(where: { _ in false }) == bytes)
      let fixed = file.isolatingPlaceholders()
      let expected = "/* note */\r\n\"Follow %@\" = \"متابعة \\U2068%@\\U2069\";"
      var expectedBytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      for unit in expected.utf16 {
        expectedBytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
      #expect(fixed == expectedBytes)
    }
    // UTF-8 with a byte-order mark keeps it.
    let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\"a\" = \"%@\";".utf8)
    #expect(
      try LocalizationFile(bytes: marked, format: .strings).isolatingPlaceholders() == [0xEF, 0xBB, 0xBF]
        + Array("\"a\" = \"\\U2068%@\\U2069\";".utf8))
  }

  @Test(
    "Syntax errors are reported at their line and column",
    arguments: [
      ("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";", LocalizationFormat.strings, 3, 1),
      ("\"a\" = \"never closed;\n", .strings, 1, 7),
      ("/* open comment\n\"a\" = \"b\";", .strings, 1, 1),
      ("\"a\" = \"\\U20\";", .strings, 1, 8),
      (
        "<plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>x</dict></dict></plist>",
        .stringsdict, 1, 78
      ),
      ("{\"strings\" : {\"a\" : {}}, }", .stringCatalog, 1, 26),
      ("{\"strings\" : {\"a\" : \"\\q\"}}", .stringCatalog, 1, 22),
      ("<resources>\n  <string name=\"a\">x &nbsp; y</string>\n</resources>", .androidStrings, 2, 22),
      ("<resources>\n  <string name=\"a\">x</strin>\n</resources>", .androidStrings, 2, 21),
      ("msgid \"a\"\nmsgstr \"b\nmsgid \"c\"\nmsgstr \"d\"\n", .gettext, 2, 8),
      ("msgid \"a\"\nmsgtxt \"b\"\n", .gettext, 2, 1),
    ])
  func syntaxErrors(text: String, format: LocalizationFormat, line: Int, column: Int) {
    do {
      _ = try LocalizationFile(bytes: Array(text.utf8), format: format)
      Issue.record("\(text.debugDescription) parsed")
    } catch {
      #expect((error.line, error.column) == (line, column), "\(error)")
    }
  }

  @Test("Bytes that are neither UTF-8 nor UTF-16 with a byte-order mark are an error at the bad byte, not a guess")
  func badEncoding() throws {
    // Line 2, after `"ب" = "` (7 characters): the lone 0xFF.
    let bytes = Array("\"a\" = \"b\";\n\"ب\" = \"".utf8) + [0xFF, 0x22, 0x3B]
    let error = try #require(throws: LocalizationFileError.self) {
      try LocalizationFile(bytes: bytes, format: .strings)
    }
    #expect((error.line, error.column) == (2, 8))
    #expect(error.message.contains("0xFF"))
    // A truncated sequence: the lead byte of ع (D8 B9) without its second byte, at line 1 column 1.
    let truncated = try #require(throws: LocalizationFileError.self) {
      try LocalizationFile(bytes: [0xD8, 0x22], format: .strings)
    }
    #expect((truncated.line, truncated.column) == (1, 1))
    // A three-byte lead cut off at the very end (EF, the first byte of the replacement character
    // too) is reported where it starts, not one past the end.
    for tail: [UInt8] in [[0xEF], [0xEF, 0xBF], [0xE2, 0x81], [0xF0, 0x9F, 0x98]] {
      let cut = try #require(throws: LocalizationFileError.self) {
        try LocalizationFile(bytes: Array("\"a\" = \"pix".utf8) + tail, format: .strings)
      }
      #expect((cut.line, cut.column) == (1, 11), "\(tail)")
      #expect(cut.message.contains(String(format: "0x%02X", tail[0])), "\(cut.message)")
    }
  }

  @Test("A plural form may show the number its source form leaves out, but not an argument no form has")
  func pluralFormsShowTheNumber() throws {
    func plist(_ one: String, _ other: String) -> [UInt8] {
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>years</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@v0@</string>
        <key>v0</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict>
        </dict></dict></plist>
        """.utf8)
    }
    let source = try LocalizationFile(bytes: plist("Last year", "%1$d years ago"), format: .stringsdict)
    let hebrew = try LocalizationFile(bytes: plist("לפני %1$d שנה", "לפני %1$d שנים"), format: .stringsdict)
    #expect(hebrew.findings(isRightToLeft: { _ in false }, sourceFile: source).isEmpty)
    let wrong = try LocalizationFile(bytes: plist("לפני %2$d שנה", "לפני %1$d שנים"), format: .stringsdict)
    let findings = wrong.findings(isRightToLeft: { _ in false }, sourceFile: source)
    #expect(findings.map(\.kind) == [.placeholderMismatch])
    #expect(findings.first?.message.hasPrefix("%2$d takes argument 2") == true)
  }

  @Test("A finding on a line of megabytes (a minified catalog) is at the right column")
  func longLineColumn() throws {
    var entries: [String] = []
    for number in 0..<400 {
      entries.append(
        #""key \#(number) ب" : {"localizations" : {"ar" : {"stringUnit" : {"state" : "translated", "value" : "نص \#(number)"}}}}"#
      )
    }
    entries.append(
      #""Follow %@" : {"localizations" : {"ar" : {"stringUnit" : {"state" : "translated", "value" : "تابع %@"}}}}"#)
    let json = #"{"sourceLanguage" : "en", "strings" : {"# + entries.joined(separator: ", ") + "}}"
    #expect(json.utf8.count > 40_000 && !json.contains("\n"))
    let file = try LocalizationFile(bytes: Array(json.utf8), format: .stringCatalog)
    let findings = file.findings(isRightToLeft: { _ in true })
    #expect(findings.count == 1)
    // The column counts characters (Unicode scalars) from the start of the line.
    let placeholder = try #require(json.range(of: "تابع %@")).lowerBound
    let expected = json.unicodeScalars[..<placeholder].count + "تابع ".unicodeScalars.count + 1
    #expect(findings.first.map { ($0.line, $0.column) }! == (1, expected))
  }

  // MARK: .stringsdict

  @Test("stringsdict: the sentence and each plural form; variables stay, placeholders go in &#x2068;")
  func stringsdict() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>files</key>
      \t<dict>
      \t\t<key>NSStringLocalizedFormatKey</key>
      \t\t<string>لدى %@ %#@files@ &amp; أكثر</string>
      \t\t<key>files</key>
      \t\t<dict>
      \t\t\t<key>NSStringFormatSpecTypeKey</key>
      \t\t\t<string>NSStringPluralRuleType</string>
      \t\t\t<key>NSStringFormatValueTypeKey</key>
      \t\t\t<string>d</string>
      \t\t\t<key>one</key>
      \t\t\t<string><![CDATA[ملف <واحد> %d]]></string>
      \t\t\t<key>other</key>
      \t\t\t<string>%d ملفات</string>
      \t\t</dict>
      \t</dict>
      </dict>
      </plist>

      """
    let file = try LocalizationFile(bytes: Array(text.utf8), format: .stringsdict)
    #expect(file.values.map(\.variant) == ["NSStringLocalizedFormatKey", "files.one", "files.other"])
    #expect(file.values.map(\.text) == ["لدى %@ %#@files@ & أكثر", "ملف <واحد> %d", "%d ملفات"])
    let fixed = try Self.fixed(text, .stringsdict)
    #expect(fixed.contains("<string>لدى &#x2068;%@&#x2069; %#@files@ &amp; أكثر</string>"))
    // In a CDATA section no reference is read: the characters themselves.
    #expect(fixed.contains("<string><![CDATA[ملف <واحد> \u{2068}%d\u{2069}]]></string>"))
    #expect(fixed.contains("<string>&#x2068;%d&#x2069; ملفات</string>"))
    // Foundation's own property list reader sees the isolates in the values.
    let plist = try PropertyListDecoder().decode([String: PropertyListValue].self, from: Data(fixed.utf8))
    #expect(plist["files"]?["NSStringLocalizedFormatKey"] == .string("لدى \u{2068}%@\u{2069} %#@files@ & أكثر"))
    #expect(plist["files"]?["files"]?["one"] == .string("ملف <واحد> \u{2068}%d\u{2069}"))
  }

  // MARK: .xcstrings

  @Test("xcstrings: stringUnits, device and plural variations, substitutions' %arg; the source language stays")
  func stringCatalog() throws {
    let text = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "%@ has %lld items\\n" : {
            "localizations" : {
              "ar" : {
                "stringUnit" : { "state" : "translated", "value" : "لدى %1$@ %#@items@\\n" },
                "substitutions" : {
                  "items" : {
                    "argNum" : 2,
                    "formatSpecifier" : "lld",
                    "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg عناصر" } } } }
                  }
                }
              },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ has %#@items@\\n" } },
              "he" : { "variations" : { "device" : { "mac" : { "stringUnit" : { "state" : "translated", "value" : "\\"%@\\" \\ud83d\\ude00" } } } } }
            }
          },
          "Skip" : { "shouldTranslate" : false, "localizations" : { "ar" : { "stringUnit" : { "state" : "new", "value" : "%@" } } } }
        },
        "version" : "1.0"
      }
      """
    let file = try LocalizationFile(bytes: Array(text.utf8), format: .stringCatalog)
    #expect(file.declaredLanguage == "en")
    let translated = file.values.filter(\.isTranslatable)
    #expect(translated.map(\.locale) == ["ar", "ar", "he"])
    #expect(translated.map(\.variant) == [nil, "substitutions.items.plural.other", "device.mac"])
    #expect(translated.map(\.text) == ["لدى %1$@ %#@items@\n", "%arg عناصر", "\"%@\" 😀"])
    let fixed = try Self.fixed(text, .stringCatalog)
    #expect(fixed.contains(#""value" : "لدى \u2068%1$@\u2069 %#@items@\n" }"#))
    #expect(fixed.contains(#""value" : "\u2068%arg\u2069 عناصر""#))
    #expect(fixed.contains(#""value" : "\"\u2068%@\u2069\" \ud83d\ude00""#))
    #expect(fixed.contains(#""value" : "%1$@ has %#@items@\n""#))
    #expect(
      fixed.contains(
        #""Skip" : { "shouldTranslate" : false, "localizations" : { "ar" : { "stringUnit" : { "state" : "new", "value" : "%@" } } } }"#
      ))
    // Only inserted bytes differ: the layout is Xcode's as it was.
    #expect(fixed.replacingOccurrences(of: "\\u2068", with: "").replacingOccurrences(of: "\\u2069", with: "") == text)
    #expect(try JSONSerialization.jsonObject(with: Data(fixed.utf8)) is [String: Any])
  }

  // MARK: Android

  @Test("Android: quotes, escapes, entities, CDATA, xliff:g, plurals, arrays, translatable and formatted")
  func android() throws {
    let text = #"""
      <?xml version="1.0" encoding="utf-8"?>
      <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
          <string name="a">قال \"%1$s\" \'مرحبًا\' \u0041 \@ &amp; &lt;</string>
          <string name="b">"  مسافات %2$d "</string>
          <string name="c">اسم <xliff:g id="n" example="Bob">%1$s</xliff:g> و <xliff:g id="m">الآن %2$s</xliff:g></string>
          <string name="d"><![CDATA[<b>%1$s</b>]]></string>
          <string name="e" translatable="false">%1$s</string>
          <string name="f" formatted="false">100% %d</string>
          <plurals name="p"><item quantity="one">واحد</item><item quantity="other">%d أشياء</item></plurals>
          <string-array name="r"><item>أ %s</item><item>ب</item></string-array>
          <!-- <string name="commented">%s</string> -->
      </resources>
      """#
    let file = try LocalizationFile(bytes: Array(text.utf8), format: .androidStrings)
    #expect(file.values.map(\.key) == ["a", "b", "c", "d", "e", "f", "p", "p", "r", "r"])
    #expect(file.values.map(\.variant) == [nil, nil, nil, nil, nil, nil, "one", "other", "item 0", "item 1"])
    #expect(file.values[0].text == "قال \"%1$s\" 'مرحبًا' A @ & <")
    #expect(file.values[1].text == "  مسافات %2$d ")
    #expect(file.values[2].text == "اسم %1$s و الآن %2$s")
    #expect(!file.values[4].isTranslatable && !file.values[5].hasPlaceholders)
    let fixed = try Self.fixed(text, .androidStrings)
    #expect(fixed.contains(#"<string name="a">قال \"\u2068%1$s\u2069\" \'مرحبًا\' \u0041 \@ &amp; &lt;</string>"#))
    #expect(fixed.contains(#"<string name="b">"  مسافات \u2068%2$d\u2069 "</string>"#))
    // An element that holds just the placeholder goes whole into the isolate; otherwise the
    // isolate goes inside it.
    #expect(
      fixed.contains(
        #"اسم \u2068<xliff:g id="n" example="Bob">%1$s</xliff:g>\u2069 و <xliff:g id="m">الآن \u2068%2$s\u2069</xliff:g>"#
      ))
    #expect(fixed.contains("<![CDATA[<b>\u{2068}%1$s\u{2069}</b>]]>"))
    #expect(fixed.contains(#"<string name="e" translatable="false">%1$s</string>"#))
    #expect(fixed.contains(#"<string name="f" formatted="false">100% %d</string>"#))
    #expect(fixed.contains(#"<item quantity="other">\u2068%d\u2069 أشياء</item>"#))
    #expect(fixed.contains(#"<item>أ \u2068%s\u2069</item>"#))
    #expect(fixed.contains(#"<!-- <string name="commented">%s</string> -->"#))
  }

  @Test(
    "The word a placeholder is written in goes into one isolate, across escapes and xliff:g, with an address's slashes"
  )
  func placeholderWords() throws {
    let text = "השעה %d:%02d (%d%%)"
    let placeholders = PlaceholderSyntax.apple.placeholders(in: text)
    let tokens = PlaceholderToken.tokens(in: text, placeholders: placeholders) { $0.takesArgument }
    #expect(tokens.map { String(text[$0.range]) } == ["%d:%02d", "%d%%"])
    #expect(tokens.map { $0.placeholders.map(\.text) } == [["%d", "%02d"], ["%d"]])
    let strings = #"""
      "t" = "השעה %d:%02d, הושלם %d%% (%@).";
      "a" = "الوقت %d:%02d، اكتمل %d%% من %@:%@، تم %d% من";
      "u" = "زر https://example.com/%@/ الآن";
      "p" = "الملف /home/%@ أو ~/%@/docs/، و %@/ أو /%@";

      """#
    #expect(
      try Self.fixed(strings, .strings)
        == #"""
        "t" = "השעה \U2068%d:%02d\U2069, הושלם \U2068%d%%\U2069 (\U2068%@\U2069).";
        "a" = "الوقت \U2068%d:%02d\U2069، اكتمل \U2068%d\U2069%% من \U2068%@\U2069:\U2068%@\U2069، تم \U2068%d\U2069% من";
        "u" = "زر \U2068https://example.com/%@/\U2069 الآن";
        "p" = "الملف \U2068/home/%@\U2069 أو \U2068~/%@/docs/\U2069، و \U2068%@\U2069/ أو /\U2068%@\U2069";

        """#)
    let android = #"""
      <resources><string name="a">הושלם <xliff:g id="p">%1$d</xliff:g>%% ו-\$%2$s ו-<xliff:g id="w">%3$d</xliff:g>x<xliff:g id="h">%4$d</xliff:g>.</string></resources>
      """#
    #expect(
      try Self.fixed(android, .androidStrings)
        == #"""
        <resources><string name="a">הושלם \u2068<xliff:g id="p">%1$d</xliff:g>%%\u2069 ו-\u2068\$%2$s\u2069 ו-\u2068<xliff:g id="w">%3$d</xliff:g>x<xliff:g id="h">%4$d</xliff:g>\u2069.</string></resources>
        """#)
    let po = "#, c-format\nmsgid \"Size %ux%u, option -%c\"\nmsgstr \"الحجم %ux%u، الخيار -%c\"\n"
    #expect(
      try Self.fixed(po, .gettext)
        == "#, c-format\nmsgid \"Size %ux%u, option -%c\"\nmsgstr \"الحجم \u{2068}%ux%u\u{2069}، الخيار \u{2068}-%c\u{2069}\"\n"
    )
    // Each isolated placeholder is counted, however many share an isolate.
    let file = try LocalizationFile(bytes: Array(strings.utf8), format: .strings)
    #expect(file.isolatingPlaceholdersCounted().isolated == 15)
  }

  @Test("Words do not overlap, cut a % construct or join across a neutral, and fixing twice is fixing once")
  func placeholderWordEdges() throws {
    let text = #"""
      "a" = "הקובץ %2$dx%@ נשלח";
      "b" = "סה״כ %d%2$d+%@%d";
      "c" = "תמונה %u×%u";
      "d" = "קוד %1$@_+x%+%1$@$";
      "e" = "קובץ \U2068%@\U2069%d%%";
      "f" = "קובץ \U2068%@\U2069\U2068%d\U2069%%";

      """#
    let fixed = try Self.fixed(text, .strings)
    #expect(
      fixed == #"""
        "a" = "הקובץ \U2068%2$dx\U2069\U2068%@\U2069 נשלח";
        "b" = "סה״כ \U2068%d%2$d\U2069+\U2068%@\U2069\U2068%d\U2069";
        "c" = "תמונה \U2068%u\U2069×\U2068%u\U2069";
        "d" = "קוד \U2068%1$@_+x\U2069%+%1$@$";
        "e" = "קובץ \U2068%@\U2069\U2068%d%%\U2069";
        "f" = "קובץ \U2068%@\U2069\U2068%d%%\U2069";

        """#)
    #expect(try Self.fixed(fixed, .strings) == fixed)
  }

  @Test("An FSI that holds a placeholder apart from the rest of its word is reported, and replaced by the word's")
  func tornWords() throws {
    let text = #"""
      "a" = "הושלם \U2068%d\U2069%%";
      "b" = "הורדה \U2068%1$d\U2069/\U2068%2$d\U2069";
      "c" = "الوقت \U2068%d\U2069:%02d";
      "d" = "مرحبا \U2068%@\U2069! (\U2068%d\U2069) \U2068%d\U2069%%";
      "e" = "הושלם \U2066%d\U2069%%";

      """#
    let fixed = try Self.fixed(text, .strings)
    #expect(
      fixed == #"""
        "a" = "הושלם \U2068%d%%\U2069";
        "b" = "הורדה \U2068%1$d/%2$d\U2069";
        "c" = "الوقت \U2068%d:%02d\U2069";
        "d" = "مرحبا \U2068%@\U2069! (\U2068%d\U2069) \U2068%d\U2069%%";
        "e" = "הושלם \U2066%d\U2069%%";

        """#)
    #expect(try Self.fixed(fixed, .strings) == fixed)
    let file = try LocalizationFile(bytes: Array(text.utf8), format: .strings)
    #expect(
      file.findings(isRightToLeft: { _ in true }).map(\.description) == [
        "1:20: unisolated-placeholder: %d is isolated apart from the rest of its word, %d%%, which displays torn apart (fix: one FSI … PDI around %d%%)",
        "2:20: unisolated-placeholder: %1$d is isolated apart from the rest of its word, %1$d/%2$d, which displays torn apart (fix: one FSI … PDI around %1$d/%2$d)",
        "2:37: unisolated-placeholder: %2$d is isolated apart from the rest of its word, %1$d/%2$d, which displays torn apart (fix: one FSI … PDI around %1$d/%2$d)",
        "3:20: unisolated-placeholder: %d is isolated apart from the rest of its word, %d:%02d, which displays torn apart (fix: one FSI … PDI around %d:%02d)",
        "3:29: unisolated-placeholder: %02d is not isolated: a Latin name or -5 in it displays torn apart (fix: FSI … PDI around it)",
      ])
    #expect(file.unisolatedPlaceholderCount() == 5)
    #expect(file.isolatingPlaceholdersCounted().isolated == 5)
  }

  @Test("A placeholder inside an HTML tag fills an attribute: left as it is, and not reported")
  func placeholdersInTags() throws {
    let strings = #"""
      "a" = "افتح <a href=\"https://example.com/%@/about\">%@</a> و <b>%d</b>";

      """#
    #expect(
      try Self.fixed(strings, .strings)
        == #"""
        "a" = "افتح <a href=\"https://example.com/%@/about\">\U2068%@\U2069</a> و <b>\U2068%d\U2069</b>";

        """#)
    let file = try LocalizationFile(bytes: Array(strings.utf8), format: .strings)
    #expect(file.findings(isRightToLeft: { _ in true }).map(\.column) == [54, 66])
    // A `<` that begins no tag is text: `a < %d` is isolated.
    #expect(try Self.fixed(#""b" = "א < %d > ב";"#, .strings) == #""b" = "א < \U2068%d\U2069 > ב";"#)
  }

  @Test("po: php-format, python-format and python-brace-format entries, each read in its own syntax")
  func gettextSyntaxes() throws {
    let po = #"""
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\nLanguage: he\n"

      #, python-format
      msgid "%(count)d of %(total)d"
      msgstr "%(count)d מתוך %(total)d"

      #, python-brace-format
      msgid "Hello {name}"
      msgstr "שלום {name}"

      #, php-format
      msgid "%1$s liked %2$s"
      msgstr "%2$s אהב את %1$s"

      #, python-format, no-python-format
      msgid "100%(sic)s"
      msgstr "100%(sic)s"

      msgid "Use {name} and %s"
      msgstr "{name} ו-%s"

      """#
    let file = try LocalizationFile(bytes: Array(po.utf8), format: .gettext)
    #expect(file.values.map(\.placeholderSyntax) == [.python, .pythonBrace, .php, nil, nil])
    #expect(
      try Self.fixed(po, .gettext).contains(
        "msgstr \"\u{2068}%(count)d\u{2069} מתוך \u{2068}%(total)d\u{2069}\"\n"))
    #expect(try Self.fixed(po, .gettext).contains("msgstr \"שלום \u{2068}{name}\u{2069}\"\n"))
    #expect(try Self.fixed(po, .gettext).contains("msgstr \"{name} ו-%s\"\n"))
  }

  @Test("po: qt-format and kde-format entries: %1 isolated with the word it is written in, restored when turned around")
  func gettextQtAndKDE() throws {
    let po = #"""
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\nLanguage: he\n"

      #, kde-format
      msgid "Deleted %1 files from %2"
      msgstr "נמחקו %1 קבצים מ-%2"

      #, qt-format
      msgid "Time: %1:%2, %3% done"
      msgstr "שעה: %1:%2, %3% הושלמו"

      #, kde-format
      msgid "Move %1 to %2"
      msgstr "העבר 1% אל %2"

      #, kde-format
      msgid "Rename %1"
      msgstr "שנה שם %1 %3"

      """#
    let file = try LocalizationFile(bytes: Array(po.utf8), format: .gettext)
    #expect(file.values.map(\.placeholderSyntax) == [.kde, .qt, .kde, .kde])
    let findings = file.findings(isRightToLeft: { _ in true })
    #expect(findings.filter { $0.kind == .reversedPlaceholder }.map(\.line) == [14])
    #expect(findings.filter { $0.kind == .placeholderMismatch }.map(\.line) == [18])
    let fixed = try Self.fixed(po, .gettext)
    #expect(fixed.contains("msgstr \"נמחקו \u{2068}%1\u{2069} קבצים מ-\u{2068}%2\u{2069}\"\n"))
    // A time is one word; so is a number with the percent sign after it, in Hebrew.
    #expect(fixed.contains("msgstr \"שעה: \u{2068}%1:%2\u{2069}, \u{2068}%3%\u{2069} הושלמו\"\n"))
    let restored = String(
      decoding: file.fixed(isolatingWhere: { _ in true }, restoringWhere: { _ in true }).bytes, as: UTF8.self)
    #expect(restored.contains("msgstr \"העבר \u{2068}%1\u{2069} אל \u{2068}%2\u{2069}\"\n"))
  }

  @Test("Markup the source leaves open is not a mistake of the translation")
  func markupOpenInTheSource() throws {
    let po = #"""
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\n"

      msgid "Use <a rel=\"noreferrer\" …> for links."
      msgstr "השתמשו ב-<a rel=\"noreferrer\" …> לקישורים."

      msgid "Use <b>bold</b>."
      msgstr "השתמשו ב-<b>מודגש."

      """#
    let file = try LocalizationFile(bytes: Array(po.utf8), format: .gettext)
    let findings = file.findings(isRightToLeft: { _ in true })
    #expect(findings.map(\.line) == [8])
    #expect(findings.map(\.message) == ["<b> is not balanced in the translation"])
  }

  @Test("Android: an isolate never comes between a backslash and what it escapes")
  func androidDanglingBackslash() throws {
    let text = #"<resources><string name="a">\<xliff:g>%d</xliff:g></string></resources>"#
    #expect(
      try Self.fixed(text, .androidStrings)
        == #"<resources><string name="a">\u2068\<xliff:g>%d</xliff:g>\u2069</string></resources>"#)
  }

  // MARK: .po

  @Test("po: header, context, multi-line strings, plurals, flags, and obsolete entries untouched")
  func gettext() throws {
    let text = """
      # comment
      msgid ""
      msgstr ""
      "Language: fa\\n"
      "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

      #, fuzzy, c-format
      msgctxt "menu"
      msgid "Open %s"
      msgstr ""
      "باز "
      "کردن %s\\t\\"x\\""

      #, c-format
      msgid "%d file"
      msgid_plural "%d files"
      msgstr[0] "%d پرونده"
      msgstr[1] "%d پرونده‌ها"

      msgid "No format %s"
      msgstr "بدون %s"

      #~ msgid "Old %s"
      #~ msgstr "قدیمی %s"

      """
    let file = try LocalizationFile(bytes: Array(text.utf8), format: .gettext)
    #expect(file.declaredLanguage == "fa")
    #expect(file.values.map(\.key) == ["menu\u{4}Open %s", "%d file", "%d file", "No format %s"])
    #expect(file.values.map(\.text) == ["باز کردن %s\t\"x\"", "%d پرونده", "%d پرونده‌ها", "بدون %s"])
    // Each form of a plural entry translates msgid_plural, as msgfmt -c compares them.
    #expect(file.values.map(\.source) == ["Open %s", "%d files", "%d files", "No format %s"])
    #expect(file.values.map(\.hasPlaceholders) == [true, true, true, false])
    let fixed = try Self.fixed(text, .gettext)
    #expect(fixed.contains("\"کردن \u{2068}%s\u{2069}\\t\\\"x\\\"\""))
    #expect(fixed.contains("msgstr[0] \"\u{2068}%d\u{2069} پرونده\""))
    #expect(fixed.contains("msgstr \"بدون %s\""))
    #expect(fixed.contains("#~ msgstr \"قدیمی %s\""))
  }

  // MARK: Checks

  @Test("Findings: each kind, at its line and column")
  func findings() throws {
    let source = #"""
      "a" = "Follow %@";
      "b" = "%1$@ has %2$lld";
      "c" = "**New** movies";
      "d" = "Tap <b>%@</b>";
      "e" = "Saved %@";
      """#
    let translation = #"""
      "a" = "متابعة %@";
      "b" = "لدى %1$@ %2$d";
      "c" = "أفلام **جديدة";
      "d" = "انقر <i>%@</i>";
      "e" = "تم حفظ ٪@";
      "f" = "نص \U202Eمقلوب";
      """#
    let sourceFile = try LocalizationFile(bytes: Array(source.utf8), format: .strings)
    let file = try LocalizationFile(bytes: Array(translation.utf8), format: .strings)
    let findings = file.findings(isRightToLeft: { _ in true }, sourceFile: sourceFile)
    let summary = findings.map { "\($0.line):\($0.column) \($0.kind) \($0.key)" }
    #expect(
      summary == [
        "1:15 unisolated-placeholder a", "2:12 unisolated-placeholder b", "2:17 unisolated-placeholder b",
        "2:17 placeholder-mismatch b", "3:8 markup-mismatch c", "4:8 markup-mismatch d",
        "4:16 unisolated-placeholder d",
        "5:15 placeholder-mismatch e", "6:11 unbalanced-controls f",
      ])
    // Left to right, only what is wrong in any direction.
    let ltr = file.findings(isRightToLeft: { _ in false }, sourceFile: sourceFile)
    #expect(ltr.allSatisfy { $0.kind != .unisolatedPlaceholder } && ltr.count == 5)
  }

  /// UAX #9 (X8) ends every embedding, override and isolate at a paragraph separator, so only a
  /// control still open at the string's end reaches the text around it. Hebrew translations of
  /// GNOME libraries start messages with RLE and end some of them with a newline.
  @Test(
    "An embedding left open is reported only when it reaches past the string",
    arguments: [
      ("\u{202B}שלום", [0]), ("\u{202B}שלום\n", []), ("\u{202B}שלום\nעוד", []),
      ("\u{202B}שלום\r\nעוד", []), ("\u{202B}שלום\u{2029}עוד", []), ("שלום\n\u{202B}עוד", [6]),
      ("\u{202B}א\n\u{202B}ב", [4]), ("\u{2067}שלום\n", []), ("שלום\u{202C}\n", [4]),
    ])
  func openEmbeddings(text: String, offsets: [Int]) throws {
    var bytes = Array("msgid \"a\"\nmsgstr \"".utf8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": bytes += Array("\\n".utf8)
      case "\r": bytes += Array("\\r".utf8)
      default: bytes += Array(String(scalar).utf8)
      }
    }
    bytes += Array("\"\n".utf8)
    let file = try LocalizationFile(bytes: bytes, format: .gettext)
    let found = file.findings(isRightToLeft: { _ in true }).filter { $0.kind == .unbalancedControls }
    // Columns of the file: 9 is the string's first character, after `msgstr "`, and `\n` is two.
    #expect(found.map { $0.column - 9 } == offsets, "\(text.debugDescription)")
  }

  /// An FSI the translator never closed holds the isolate `fix` puts around `%@`: that isolate
  /// must still count, or a second `fix` would add another.
  @Test("An isolate closed inside one never closed still isolates its placeholder, and fix is idempotent")
  func isolateInsideAnUnclosedOne() throws {
    let text = "פוני \u{2068}\u{2068}%@\u{2069}:"
    let placeholder = try #require(PlaceholderSyntax.apple.placeholders(in: text).first)
    #expect(IsolatedRanges(text).contains(placeholder.range))
    let strings = Array(#""a" = "פוני \U2068%@:";"#.utf8)
    let once = try LocalizationFile(bytes: strings, format: .strings).isolatingPlaceholders()
    #expect(String(decoding: once, as: UTF8.self) == #""a" = "פוני \U2068\U2068%@\U2069:";"#)
    #expect(try LocalizationFile(bytes: once, format: .strings).isolatingPlaceholders() == once)
  }

  @Test("A .po file in another charset is an error that says how to convert it, not a misreading")
  func poCharset() throws {
    // Hebrew in ISO-8859-8, as GNU grep's translation is installed: שלום is F9 EC E5 ED.
    let header = Array(
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-8\\n\"\n\nmsgid \"Hello\"\nmsgstr \"".utf8)
    let bytes = header + [0xF9, 0xEC, 0xE5, 0xED] + Array("\"\n".utf8)
    let error = try #require(throws: LocalizationFileError.self) {
      try LocalizationFile(bytes: bytes, format: .gettext)
    }
    #expect((error.line, error.column) == (5, 9))
    #expect(error.message.contains("ISO-8859-8") && error.message.contains("msgconv"))
    // Bytes that happen to be UTF-8 (ׁש is D7 A9 in UTF-8; msgfmt reads them as two ISO-8859-8 letters).
    let lookalike = header + [0xD7, 0xA9] + Array("\"\n".utf8)
    #expect(throws: LocalizationFileError.self) { try LocalizationFile(bytes: lookalike, format: .gettext) }
    // ASCII text reads the same in any of them; the template's CHARSET and utf8 are UTF-8.
    let ascii = String(decoding: header, as: UTF8.self) + "Shalom\"\n"
    #expect(try LocalizationFile(bytes: Array(ascii.utf8), format: .gettext).values.map(\.text) == ["Shalom"])
    // A message that quotes a charset is not the header's.
    let quoting =
      "msgid \"\"\nmsgstr \"Language: he\\n\"\n\nmsgid \"Use text/html; charset=iso-8859-1\"\nmsgstr \"שלום\"\n"
    #expect(try LocalizationFile(bytes: Array(quoting.utf8), format: .gettext).values.map(\.text) == ["שלום"])
    for charset in ["CHARSET", "utf8", "UTF-8"] {
      let text =
        "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=\(charset)\\n\"\n\nmsgid \"a\"\nmsgstr \"שלום\"\n"
      #expect(try LocalizationFile(bytes: Array(text.utf8), format: .gettext).values.map(\.text) == ["שלום"])
    }
  }
}

/// A property list of strings and dictionaries, as Foundation's decoder reads it.
enum PropertyListValue: Decodable, Equatable {
  case string(String)
  case dictionary([String: PropertyListValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      self = .string(string)
    } else {
      self = .dictionary(try container.decode([String: PropertyListValue].self))
    }
  }

  subscript(key: String) -> PropertyListValue? {
    if case .dictionary(let values) = self { values[key] } else { nil }
  }
}

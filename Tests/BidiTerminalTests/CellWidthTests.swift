import BidiTerminal
import BidiTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct CellWidthTests {
  // MARK: Widths written down by hand, from the Unicode charts, not from the code under test.

  @Test(arguments: [
    ScalarExample(0x0061, 1, "LATIN SMALL LETTER A"),
    ScalarExample(0x0020, 1, "SPACE"),
    ScalarExample(0x0000, 0, "NULL, a control: callers escape controls"),
    ScalarExample(0x001B, 0, "ESCAPE, a control"),
    ScalarExample(0x007F, 0, "DELETE, a control"),
    ScalarExample(0x0085, 0, "NEXT LINE, a C1 control"),
    ScalarExample(0x00E9, 1, "LATIN SMALL LETTER E WITH ACUTE"),
    ScalarExample(0x0301, 0, "COMBINING ACUTE ACCENT"),
    ScalarExample(0x00AD, 1, "SOFT HYPHEN, a format character that terminals draw"),
    ScalarExample(0x05D0, 1, "HEBREW LETTER ALEF"),
    ScalarExample(0x05B8, 0, "HEBREW POINT QAMATS"),
    ScalarExample(0x0627, 1, "ARABIC LETTER ALEF"),
    ScalarExample(0x064E, 0, "ARABIC FATHA"),
    ScalarExample(0x0600, 1, "ARABIC NUMBER SIGN, a prepended concatenation mark that is drawn"),
    ScalarExample(0x061C, 0, "ARABIC LETTER MARK"),
    ScalarExample(0x200B, 0, "ZERO WIDTH SPACE"),
    ScalarExample(0x200D, 0, "ZERO WIDTH JOINER"),
    ScalarExample(0x200F, 0, "RIGHT-TO-LEFT MARK"),
    ScalarExample(0x2067, 0, "RIGHT-TO-LEFT ISOLATE"),
    ScalarExample(0x2069, 0, "POP DIRECTIONAL ISOLATE"),
    ScalarExample(0xFEFF, 0, "ZERO WIDTH NO-BREAK SPACE"),
    ScalarExample(0xFE0F, 0, "VARIATION SELECTOR-16"),
    ScalarExample(0x1100, 2, "HANGUL CHOSEONG KIYEOK, a leading consonant"),
    ScalarExample(0x1160, 0, "HANGUL JUNGSEONG FILLER, a medial vowel"),
    ScalarExample(0x11A8, 0, "HANGUL JONGSEONG KIYEOK, a final consonant"),
    ScalarExample(0xD7B0, 0, "HANGUL JUNGSEONG O-YEO, Jamo Extended-B"),
    ScalarExample(0xAC00, 2, "HANGUL SYLLABLE GA"),
    ScalarExample(0x6211, 2, "CJK UNIFIED IDEOGRAPH-6211 (我)"),
    ScalarExample(0x3042, 2, "HIRAGANA LETTER A"),
    ScalarExample(0x30A2, 2, "KATAKANA LETTER A"),
    ScalarExample(0xFF71, 1, "HALFWIDTH KATAKANA LETTER A"),
    ScalarExample(0xFF21, 2, "FULLWIDTH LATIN CAPITAL LETTER A"),
    ScalarExample(0x3000, 2, "IDEOGRAPHIC SPACE"),
    ScalarExample(0x1F600, 2, "GRINNING FACE"),
    ScalarExample(0x1F3FD, 2, "EMOJI MODIFIER FITZPATRICK TYPE-4"),
    ScalarExample(0x2764, 1, "HEAVY BLACK HEART, text presentation by default"),
    ScalarExample(0x20000, 2, "CJK UNIFIED IDEOGRAPH-20000, plane 2"),
    ScalarExample(0x2FFFD, 2, "unassigned in plane 2, which Unicode reserves as wide"),
    ScalarExample(0xFAFF, 2, "unassigned in CJK Compatibility Ideographs, reserved as wide"),
    ScalarExample(0x2FFFE, 1, "noncharacter, outside the wide reservation"),
    ScalarExample(0xE0001, 0, "LANGUAGE TAG"),
    ScalarExample(0xE0100, 0, "VARIATION SELECTOR-17"),
    ScalarExample(0xE000, 1, "private use"),
    ScalarExample(0x10FFFF, 1, "the last code point, a noncharacter"),
  ])
  func widthOfScalar(_ example: ScalarExample) {
    #expect(CellWidth.of(example.scalar) == example.width)
  }

  @Test(arguments: [
    StringExample("", 0),
    StringExample("hello", 5),
    StringExample("a\tb", 2),  // the tab is a control: 0, callers escape it
    StringExample("مرحبا @我", 9),  // 5 Arabic letters + space + "@" + a 2-cell ideograph
    StringExample("שלום", 4),
    StringExample("بِسْمِ", 3),  // 3 letters, each with a 0-cell haraka
    StringExample("e\u{301}", 1),
    StringExample("日本語", 6),
    StringExample("ｱｲｳ", 3),  // halfwidth katakana
    StringExample("ＡＢ", 4),  // fullwidth Latin
    StringExample("한국어", 6),
    StringExample("\u{1100}\u{1161}\u{11A8}", 2),  // 각 spelled with conjoining jamo
    StringExample("a\u{200B}b", 2),
    StringExample("\u{2067}@דני\u{2069} hi", 7),  // isolates take no cell
    StringExample("ab我cd", 6),  // ASCII on both sides of the first non-ASCII scalar
    StringExample("👍🏽", 4),  // wcswidth counts each scalar: 2 + 2
    StringExample("👨\u{200D}👩\u{200D}👧", 6),  // 2 + 0 + 2 + 0 + 2
    StringExample("❤\u{FE0F}", 1),
  ])
  func widthOfString(_ example: StringExample) {
    #expect(CellWidth.of(example.text) == example.width)
  }

  @Test func substringsAreMeasuredFromTheirOwnStart() {
    let line = "名前: Dana"
    #expect(CellWidth.of(line.dropFirst(1)) == 8)  // "前: Dana"
    #expect(CellWidth.of(line.dropLast(4)) == 6)  // "名前: "
  }

  /// The string path reads ASCII bytes without decoding scalars; it must agree with the scalar path
  /// on every ASCII byte, alone and in front of a non-ASCII scalar.
  @Test func asciiFastPathAgreesWithScalarPath() {
    for value in UInt32(0)...0x7F {
      let scalar = Unicode.Scalar(value)!
      #expect(CellWidth.of(String(scalar)) == CellWidth.of(scalar), "U+\(hex(value))")
      #expect(CellWidth.of(String(scalar) + "我") == CellWidth.of(scalar) + 2, "U+\(hex(value))")
    }
  }

  /// The widths of a whole range, read run by run for the display's tables, against the search per
  /// scalar: ranges that start and end inside runs and on their bounds, the first two planes and the
  /// last.
  @Test(
    arguments: [
      0..<0x2_0000, 0x300..<0x3F0, 0x1F300..<0x1F400, 0x10_0000..<0x11_0000, 0x7F..<0x81, 0x4E00..<0x4E00,
    ] as [Range<UInt32>])
  func widthsOfARangeAgreeWithEachScalar(range: Range<UInt32>) {
    let widths = CellWidth.widths(of: range)
    #expect(widths.count == range.count)
    var differing: [String] = []
    for (index, value) in range.enumerated() {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      if Int(widths[index]) != CellWidth.of(scalar) { differing.append("U+\(hex(value))") }
    }
    #expect(differing.isEmpty, "\(differing.prefix(10))")
  }

  // MARK: Every code point against glibc's wcwidth.

  /// Compares all 1,114,112 code points with glibc's `wcwidth` in C.UTF-8, which terminals lay
  /// text out with. Every difference must have a reason read from the Unicode data (General_Category,
  /// Age), or be one of glibc's two hand-made wide ranges: anything else fails the test.
  @Test(.requires(.glibc))
  func everyCodePointAgreesWithGlibcWcwidthOrDiffersForAKnownReason() throws {
    let ucd = try UnicodeCharacterData.load()
    #expect(
      ucd.version == CellWidth.unicodeVersion,
      """
      Tests/Fixtures/unicode holds Unicode \(ucd.version), the cell width table \
      \(CellWidth.unicodeVersion): run Scripts/gen-cell-width-table
      """)
    #if canImport(Glibc)
      compareWithGlibc(ucd)
    #else
      Issue.record("glibc's wcwidth is Linux's")
    #endif
  }
}

#if canImport(Glibc)
  /// Every code point's width against glibc's, each difference explained or recorded.
  private func compareWithGlibc(_ ucd: UnicodeCharacterData) {
    guard let locale = unsafe newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else {
      Issue.record("glibc has no C.UTF-8 locale (it ships with Debian's libc-bin since glibc 2.35)")
      return
    }
    // uselocale changes only this thread's locale, so tests running beside this one keep theirs.
    // The test never suspends, so it stays on this thread until the defer puts the locale back.
    let previousLocale = unsafe uselocale(locale)
    defer {
      unsafe uselocale(previousLocale)
      unsafe freelocale(locale)
    }

    guard let wcwidth = glibcWcwidth() else {
      Issue.record("glibc's wcwidth cannot be found with dlsym")
      return
    }
    let glibcWidths = (0..<codePointCount).map { Int(wcwidth(wchar_t($0))) }
    guard let glibcUnicode = glibcUnicodeVersion(glibcWidths: glibcWidths, ucd: ucd) else {
      Issue.record("glibc's wcwidth knows no assigned character of Unicode 1.1; is the locale UTF-8?")
      return
    }

    var counts: [Difference: Int] = [:]
    var agreeing = 0
    var unexplained: [String] = []
    for codePoint in 0..<codePointCount {
      let ours = Unicode.Scalar(UInt32(codePoint)).map { CellWidth.of($0) } ?? surrogateWidth
      let glibc = glibcWidths[codePoint]
      if ours == glibc {
        agreeing += 1
        continue
      }
      let category = ucd.categories[codePoint]
      let reason: Difference? =
        switch (glibc, category) {
        case (-1, .unassigned): .unassigned
        case (-1, .control): .control
        case (-1, .surrogate): .surrogate
        case (-1, .lineOrParagraphSeparator): .lineOrParagraphSeparator
        case (-1, _) where ucd.ages[codePoint] > glibcUnicode.ageIndex: .newerThanGlibcUnicode
        case (2, _) where ours == 1 && glibcWideOverrides.contains(where: { $0.contains(codePoint) }):
          .glibcWideOverride
        default: nil
        }
      if let reason {
        counts[reason, default: 0] += 1
      } else {
        unexplained.append(
          "U+\(hex(UInt32(codePoint))) (\(category), Unicode \(ucd.ageName(codePoint))): "
            + "ours \(ours), glibc \(glibc)")
      }
    }

    let differing = codePointCount - agreeing
    let explained = Difference.allCases.map { "\($0.label(glibcUnicode.name)) \(counts[$0, default: 0])" }
    print(
      """
      cell widths vs glibc wcwidth (\(glibcVersion()), Unicode \(glibcUnicode.name) by experiment): \
      \(codePointCount) compared, \(agreeing) agree, \(differing) differ \
      (explained: \(explained.joined(separator: ", ")); unexplained \(unexplained.count))
      """)
    if !unexplained.isEmpty {
      Issue.record(
        """
        \(unexplained.count) code points differ from glibc's wcwidth for no known reason, e.g.:
        \(unexplained.prefix(40).joined(separator: "\n"))
        """)
    }
    // Each reason must show up, or the classification has gone stale (say glibc moved to a newer
    // Unicode) and is explaining nothing.
    for reason in Difference.allCases where reason != .newerThanGlibcUnicode {
      #expect(counts[reason, default: 0] > 0, "no difference was \(reason.label(glibcUnicode.name))")
    }
  }
#endif

// MARK: - Examples

struct ScalarExample: Sendable, CustomTestStringConvertible {
  let scalar: Unicode.Scalar
  let width: Int
  let name: String

  init(_ value: UInt32, _ width: Int, _ name: String) {
    self.scalar = Unicode.Scalar(value)!
    self.width = width
    self.name = name
  }

  var testDescription: String { "U+\(hex(scalar.value)) \(name) → \(width)" }
}

struct StringExample: Sendable, CustomTestStringConvertible {
  let text: String
  let width: Int

  init(_ text: String, _ width: Int) {
    self.text = text
    self.width = width
  }

  var testDescription: String {
    let scalars = text.unicodeScalars.map { "U+\(hex($0.value))" }.joined(separator: " ")
    return "\"\(text)\" [\(scalars)] → \(width)"
  }
}

// MARK: - Comparison with glibc

private let codePointCount = 0x110000

/// Unicode.Scalar cannot hold a surrogate, so `CellWidth` never answers for one; the table's width
/// for them is 0, like the controls'.
private let surrogateWidth = 0

/// Code points that glibc's localedata/unicode-gen/utf8_gen.py makes wide by hand, against Unicode's
/// East_Asian_Width: U+3248..U+324F (circled numbers on black squares, "A") and U+4DC0..U+4DFF
/// (Yijing hexagram symbols, "N"). The table takes widths from Unicode data only, so these stay 1.
private let glibcWideOverrides: [ClosedRange<Int>] = [0x3248...0x324F, 0x4DC0...0x4DFF]

/// Why a code point's width differs from glibc's `wcwidth`.
private enum Difference: CaseIterable, Hashable {
  /// General_Category Cn: glibc answers -1, the table 1 or, where Unicode reserves it, 2.
  case unassigned
  /// Cc: glibc answers -1, the table 0.
  case control
  /// Cs: glibc answers -1, the table 0.
  case surrogate
  /// Zl and Zp (U+2028, U+2029): glibc does not count them printable and answers -1.
  case lineOrParagraphSeparator
  /// Assigned after the Unicode version glibc's locale data was built from: glibc answers -1.
  case newerThanGlibcUnicode
  /// See ``glibcWideOverrides``.
  case glibcWideOverride

  func label(_ glibcUnicode: String) -> String {
    switch self {
    case .unassigned: "unassigned"
    case .control: "controls"
    case .surrogate: "surrogates"
    case .lineOrParagraphSeparator: "line/paragraph separators"
    case .newerThanGlibcUnicode: "newer than glibc's Unicode \(glibcUnicode)"
    case .glibcWideOverride: "glibc's own wide overrides"
    }
  }
}

/// The newest Unicode version all of whose printable characters glibc's `wcwidth` knows (answers
/// something other than -1 for): the version its locale data was generated from.
private func glibcUnicodeVersion(
  glibcWidths: [Int], ucd: UnicodeCharacterData
) -> (name: String, ageIndex: UInt8)? {
  var unknownByAge = [Int](repeating: 0, count: ucd.ageNames.count + 1)
  for codePoint in 0..<codePointCount where glibcWidths[codePoint] == -1 {
    switch ucd.categories[codePoint] {
    case .unassigned, .control, .surrogate, .lineOrParagraphSeparator: continue
    case .other: unknownByAge[Int(ucd.ages[codePoint])] += 1
    }
  }
  var newestKnown: UInt8?
  for ageIndex in 1...ucd.ageNames.count {
    guard unknownByAge[ageIndex] == 0 else { break }
    newestKnown = UInt8(ageIndex)
  }
  return newestKnown.map { (ucd.ageNames[Int($0) - 1], $0) }
}

#if canImport(Glibc)
  /// glibc's `wcwidth`, which the Glibc module leaves out: wchar.h declares it only for X/Open.
  private func glibcWcwidth() -> (@convention(c) (wchar_t) -> Int32)? {
    guard let program = unsafe dlopen(nil, RTLD_NOW), let symbol = unsafe dlsym(program, "wcwidth") else { return nil }
    return unsafe unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
  }

  private func glibcVersion() -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    guard unsafe confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return "glibc" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
#endif

// MARK: - The Unicode Character Database

/// What the comparison needs to know about each code point, read from the Unicode Character Database.
private struct UnicodeCharacterData {
  enum Category: UInt8, CustomStringConvertible {
    case other, unassigned, control, surrogate, lineOrParagraphSeparator

    var description: String {
      switch self {
      case .other: "assigned"
      case .unassigned: "Cn"
      case .control: "Cc"
      case .surrogate: "Cs"
      case .lineOrParagraphSeparator: "Zl/Zp"
      }
    }
  }

  /// The Unicode version of the files, from DerivedGeneralCategory.txt's first line.
  var version: String
  var categories: [Category]
  /// Index into ``ageNames`` plus 1, in ascending order of version; 0 for unassigned.
  var ages: [UInt8]
  /// "1.1", "2.0", ... "15.0".
  var ageNames: [String]

  func ageName(_ codePoint: Int) -> String {
    ages[codePoint] == 0 ? "unassigned" : ageNames[Int(ages[codePoint]) - 1]
  }

  /// Reads DerivedGeneralCategory.txt and DerivedAge.txt of `Tests/Fixtures/unicode`.
  static func load() throws -> UnicodeCharacterData {
    let categoryText = try unicodeDataFile("extracted/DerivedGeneralCategory.txt")
    let ageText = try unicodeDataFile("DerivedAge.txt")

    var categories = [Category](repeating: .unassigned, count: codePointCount)
    for (range, value) in propertyLines(categoryText) {
      let category: Category =
        switch value {
        case "Cn": .unassigned
        case "Cc": .control
        case "Cs": .surrogate
        case "Zl", "Zp": .lineOrParagraphSeparator
        default: .other
        }
      for codePoint in range { categories[codePoint] = category }
    }

    let ageLines = propertyLines(ageText).filter { $0.value != "Unassigned" }
    let ageNames = Set(ageLines.map(\.value)).sorted { versionParts($0).lexicographicallyPrecedes(versionParts($1)) }
    var ages = [UInt8](repeating: 0, count: codePointCount)
    for (range, value) in ageLines {
      let ageIndex = UInt8(ageNames.firstIndex(of: value)! + 1)
      for codePoint in range { ages[codePoint] = ageIndex }
    }

    let version = categoryText.prefix { $0 != "\n" }
      .replacing("# DerivedGeneralCategory-", with: "").replacing(".txt", with: "")
    return UnicodeCharacterData(
      version: String(version), categories: categories, ages: ages, ageNames: ageNames)
  }

  private static func versionParts(_ version: String) -> [Int] {
    version.split(separator: ".").map { Int($0)! }
  }

  /// `LOW..HIGH; VALUE` of the data lines, and of the `# @missing:` lines first so data overrides them.
  private static func propertyLines(_ text: String) -> [(range: ClosedRange<Int>, value: String)] {
    var missing: [(ClosedRange<Int>, String)] = []
    var data: [(ClosedRange<Int>, String)] = []
    for line in text.split(separator: "\n") {
      let isMissing = line.hasPrefix("# @missing:")
      let content = isMissing ? line.dropFirst("# @missing:".count) : line.prefix { $0 != "#" }
      let fields = content.split(separator: ";").map { $0.trimmingWhitespace() }
      guard fields.count >= 2, let range = codePointRange(fields[0]) else { continue }
      let entry = (range, String(fields[1]))
      if isMissing { missing.append(entry) } else { data.append(entry) }
    }
    return (missing + data).map { (range: $0.0, value: $0.1) }
  }

  private static func codePointRange(_ text: Substring) -> ClosedRange<Int>? {
    let bounds = text.split(separator: ".", omittingEmptySubsequences: true).compactMap { Int($0, radix: 16) }
    switch bounds.count {
    case 1: return bounds[0]...bounds[0]
    case 2: return bounds[0]...bounds[1]
    default: return nil
    }
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}

private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

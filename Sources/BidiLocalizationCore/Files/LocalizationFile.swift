/// A translation file read as its own tools read it, down to where each value is written, so that
/// values can be checked and isolates inserted with every other byte kept.
///
/// ```swift
/// let bytes = Array(#""Follow %@" = "متابعة %@";"#.utf8)
/// let file = try LocalizationFile(bytes: bytes, format: .strings)
/// file.values[0].key    // "Follow %@"
/// file.values[0].text   // "متابعة %@"
/// String(decoding: file.isolatingPlaceholders(), as: UTF8.self)
/// // "Follow %@" = "متابعة \U2068%@\U2069";
/// ```
public struct LocalizationFile: Sendable {
  /// The file's format.
  public let format: LocalizationFormat
  /// The file's translatable values, in the order they are written.
  public let values: [LocalizedValue]
  /// The language the file declares: a `.po` header's `Language:`, a catalog's `sourceLanguage`.
  public let declaredLanguage: String?
  let text: FileText

  /// Reads a file's bytes.
  ///
  /// - Throws: ``LocalizationFileError`` with the line and column of the first syntax error, or for
  ///   bytes that are not UTF-8 (or UTF-16 with a byte-order mark), or for a `.po` file that declares
  ///   another charset and holds bytes outside ASCII.
  /// - Complexity: O(*n*) in the length of the file.
  public init(bytes: [UInt8], format: LocalizationFormat) throws(LocalizationFileError) {
    if format == .gettext, let charset = GettextParser.declaredCharset(in: bytes), !GettextParser.isUTF8(charset),
      let first = bytes.firstIndex(where: { $0 >= 0x80 })
    {
      // Hebrew in ISO-8859-8, Arabic in Windows-1256: bytes that could even pass for UTF-8 but mean
      // other characters to msgfmt.
      throw Self.error(
        at: first, in: bytes, byteOrderMark: false,
        "the file declares charset \(charset); bidi-fix reads .po files in UTF-8 only: convert it first (msgconv --to-code=UTF-8)"
      )
    }
    guard let text = FileText(decoding: bytes) else {
      let hasMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
      let body = Array(bytes.dropFirst(hasMark ? 3 : 0))
      guard let bad = FileText.invalidUTF8Offset(in: body), !bytes.starts(with: [0xFF, 0xFE]),
        !bytes.starts(with: [0xFE, 0xFF])
      else {
        throw LocalizationFileError(line: 1, column: 1, message: "not well-formed UTF-16 (after its byte-order mark)")
      }
      throw Self.error(
        at: bad, in: body, byteOrderMark: hasMark,
        "byte 0x\(String(body[bad], radix: 16, uppercase: true)) is not UTF-8 (nor is the file UTF-16 with a byte-order mark)"
      )
    }
    self.format = format
    self.text = text
    let parsed: (values: [LocalizedValue], language: String?)
    do throws(ParseError) {
      switch format {
      case .strings:
        var parser = StringsFileParser(text.bytes)
        parsed = (try parser.parse(), nil)
      case .stringsdict: parsed = (try StringsDictParser(text.bytes).parse(), nil)
      case .stringCatalog: parsed = try StringCatalogParser(text.bytes).parse()
      case .androidStrings: parsed = (try AndroidStringsParser(text.bytes).parse(), nil)
      case .gettext: parsed = try GettextParser(text.bytes).parse()
      }
    } catch {
      let (line, column) = text.position(of: error.offset)
      throw LocalizationFileError(line: line, column: column, message: error.message)
    }
    values = parsed.values.map { value in
      var value = value
      (value.line, value.column) = text.position(of: value.decoded.rawStart ?? value.start)
      return value
    }
    declaredLanguage = parsed.language
  }

  /// An error at `offset` of `bytes`, whose bytes before it are well-formed UTF-8, so a line and
  /// column can be counted in them.
  private static func error(
    at offset: Int, in bytes: [UInt8], byteOrderMark: Bool, _ message: String
  )
    -> LocalizationFileError
  {
    let before = FileText(encoding: .utf8(byteOrderMark: byteOrderMark), bytes: Array(bytes[..<offset]))
    let (line, column) = before.position(of: offset)
    return LocalizationFileError(line: line, column: column, message: message)
  }

  /// The file's bytes with every value's placeholders that no isolate holds yet wrapped in FSI …
  /// PDI, written as the format writes escapes; the values `shouldFix` accepts are the ones
  /// changed. Every other byte is kept, and so is the encoding.
  ///
  /// - Complexity: O(*n*) in the length of the file.
  public func isolatingPlaceholders(where shouldFix: (LocalizedValue) -> Bool = { _ in true }) -> [UInt8] {
    isolatingPlaceholdersCounted(where: shouldFix).bytes
  }

  /// ``isolatingPlaceholders(where:)``, and how many placeholders it isolated.
  public func isolatingPlaceholdersCounted(
    where shouldFix: (LocalizedValue) -> Bool = { _ in true }
  ) -> (bytes: [UInt8], isolated: Int) {
    let fix = fixed(isolatingWhere: shouldFix, restoringWhere: { _ in false })
    return (fix.bytes, fix.isolated)
  }

  /// The file's bytes with its placeholders broken by right-to-left editing restored where the
  /// source leaves one way to read them (`@%` back to `%@`, `%1$ s` to `%1$s`), and every
  /// placeholder no isolate holds wrapped in FSI … PDI, written as the format writes escapes.
  /// Every other byte is kept, and so is the encoding.
  ///
  /// - Parameters:
  ///   - sourceFile: the source-language file, for the formats that hold one language per file;
  ///     without it, the source is what the file holds (``LocalizedValue/source``).
  ///   - shouldIsolate: the values whose placeholders are isolated: right-to-left ones.
  ///   - shouldRestore: the values whose broken placeholders are restored.
  /// - Complexity: O(*n*) in the length of the file, and of the source file.
  public func fixed(
    sourceFile: LocalizationFile? = nil, isolatingWhere shouldIsolate: (LocalizedValue) -> Bool,
    restoringWhere shouldRestore: (LocalizedValue) -> Bool
  ) -> LocalizationFix {
    fixed(sourceFile: sourceFile, isolatingWhere: shouldIsolate, restoringWhere: shouldRestore, rounds: 4)
  }

  /// ``fixed(sourceFile:isolatingWhere:restoringWhere:)``, restoring in up to `rounds` rounds: a
  /// placeholder restored can leave another with one reading (the source's `%@` back, `%1$ @` is
  /// what remains of `%1$@`), which fixing again would restore.
  private func fixed(
    sourceFile: LocalizationFile?, isolatingWhere shouldIsolate: (LocalizedValue) -> Bool,
    restoringWhere shouldRestore: (LocalizedValue) -> Bool, rounds: Int
  ) -> LocalizationFix {
    // Broken placeholders are restored first and the file read again, so that each isolate is
    // planned around the placeholders as the fix leaves them: a word may begin inside a broken one
    // (`%(na\u{200F}me)s٪%s`), and a restored one takes the word it is written in.
    var restorations: [(range: Range<Int>, text: String)] = []
    var edits: [(range: Range<Int>, text: String)] = []
    var isolated = 0
    for check in valueChecks(isRightToLeft: shouldIsolate, sourceFile: sourceFile) where check.value.isTranslatable {
      if shouldRestore(check.value) {
        for broken in check.brokenPlaceholders() where broken.isRestorable {
          if let raw = check.value.rawRange(of: broken.range) { restorations.append((raw, broken.intact)) }
        }
      }
      // The isolates, planned here while no placeholder is restored (most files).
      guard restorations.isEmpty && check.isRightToLeft else { continue }
      let (insertions, removals, placeholders) = check.value.isolateEdits(format: format)
      for insertion in insertions {
        let offset = insertion.offset - danglingBackslashes(before: insertion.offset)
        edits.append((offset..<offset, insertion.text))
      }
      isolated += placeholders
      for removal in removals { edits.append((removal, "")) }
    }
    if !restorations.isEmpty,
      let restoredFile = try? LocalizationFile(bytes: text.encoded(replacing: restorations), format: format)
    {
      let rest = restoredFile.fixed(
        sourceFile: sourceFile, isolatingWhere: shouldIsolate,
        restoringWhere: rounds > 1 ? shouldRestore : { _ in false }, rounds: rounds - 1)
      return LocalizationFix(bytes: rest.bytes, isolated: rest.isolated, restored: restorations.count + rest.restored)
    }
    // Restored text the format cannot read back (no placeholder of a source should make it so):
    // isolated as it is.
    if !restorations.isEmpty {
      return fixed(sourceFile: sourceFile, isolatingWhere: shouldIsolate, restoringWhere: { _ in false }, rounds: 0)
    }
    return LocalizationFix(bytes: text.encoded(replacing: edits), isolated: isolated, restored: 0)
  }

  /// 1 when the bytes before `offset` end in a backslash that escapes what follows (an odd run of
  /// them), which an insertion must not come between: Android's `\<xliff:g>` escapes the element's
  /// first character, and an isolate put after the backslash would be escaped instead.
  private func danglingBackslashes(before offset: Int) -> Int {
    guard format != .stringsdict else { return 0 }
    var run = 0
    while offset - run > 0 && text.bytes[offset - run - 1] == UInt8(ascii: "\\") { run += 1 }
    return run % 2
  }

  /// How many placeholders ``isolatingPlaceholders(where:)`` would isolate.
  public func unisolatedPlaceholderCount(where shouldFix: (LocalizedValue) -> Bool = { _ in true }) -> Int {
    var count = 0
    for value in values where value.isTranslatable && shouldFix(value) {
      let placeholders = value.placeholders()
      for isolate in value.plannedIsolates(format: format, placeholders: placeholders) {
        count += isolate.unisolated.count + isolate.torn.count
      }
    }
    return count
  }

  /// The 1-based line and column of a position in a value's text.
  public func position(of offset: Int, in value: LocalizedValue) -> (line: Int, column: Int) {
    let scalars = value.text.unicodeScalars
    guard let index = scalars.index(scalars.startIndex, offsetBy: offset, limitedBy: scalars.endIndex),
      index < scalars.endIndex
    else { return text.position(of: value.end) }
    let utf8Offset = value.text.utf8.distance(from: value.text.startIndex, to: index)
    return text.position(of: value.decoded.rawStart(ofUTF8: utf8Offset) ?? value.end)
  }
}

/// A file that cannot be read: where, and why.
public struct LocalizationFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line of the error, 1-based.
  public let line: Int
  /// The column of the error, 1-based, in Unicode scalars.
  public let column: Int
  /// What the reader expected or found.
  public let message: String

  /// `LINE:COLUMN: message`.
  public var description: String { "\(line):\(column): \(message)" }
}

/// A syntax error at a byte offset, from a parser.
package struct ParseError: Error {
  package var offset: Int
  package var message: String
}

/// One translatable string of a file.
public struct LocalizedValue: Sendable {
  /// The entry's key: the `.strings` key, the Android `name`, the `.po` msgid (with its context
  /// before it and U+0004 between, as gettext keys them), the catalog's key.
  public let key: String
  /// Which string of the entry, when it has several: a plural category (`one`), a catalog's
  /// variation path (`plural.one`, `device.iphone`), `msgstr[1]`, an array's `item 2`; `nil` for
  /// the one string of a plain entry.
  public let variant: String?
  /// The localization of a catalog's value; `nil` in the formats that hold one locale per file.
  public let locale: String?
  /// The value, with escapes and entities decoded.
  public let text: String
  /// The source-language text this value translates, where the same file holds it: a `.po`
  /// entry's msgid (msgid_plural for each form of a plural entry, as msgfmt compares them), a
  /// catalog's source localization (or its key).
  public let source: String?
  /// The syntax of the value's placeholders: its format's, but none for Android's
  /// `formatted="false"`, and in `.po` the one its entry's flag names (`c-format`, `php-format`,
  /// `python-format`, `python-brace-format`), none for an entry with no such flag.
  public let placeholderSyntax: PlaceholderSyntax?
  /// Whether the value has placeholders to read: whether it has a ``placeholderSyntax``.
  public var hasPlaceholders: Bool { placeholderSyntax != nil }
  /// Whether the value is a translation to check and fix: not Android's `translatable="false"`, a
  /// catalog's source localization, or a `.po` header.
  public let isTranslatable: Bool
  /// Where the value begins in the file, 1-based.
  public internal(set) var line = 1
  /// The column where the value begins, 1-based, in Unicode scalars.
  public internal(set) var column = 1

  let decoded: DecodedText
  /// The raw offsets where the value's content starts and ends, for an empty value.
  let start: Int
  let end: Int
  /// Markup elements of an Android value: their tag names, opening and closing, in order.
  let elementTags: [String]
  /// Android `<xliff:g>` elements that hold just a placeholder: the placeholder's range in the text's UTF-8 and
  /// the element's raw range, so the isolate goes around the whole element.
  let wrappers: [(utf8: Range<Int>, raw: Range<Int>)]
  /// CDATA sections of an XML value, where no escape or reference is read: an isolate inserted in
  /// one is the characters themselves.
  let literalRanges: [ClosedRange<Int>]
  /// In a String Catalog substitution's text, the argument `%arg` stands for and its format
  /// specifier.
  let substitution: (number: Int, specifier: String)?
  /// A `.po` plural form that must show every argument of msgid_plural: the only form, or one
  /// serving many numbers (``PluralForms``).
  let keepsEveryArgument: Bool

  init(
    key: String, variant: String? = nil, locale: String? = nil, decoded: DecodedText, source: String? = nil,
    placeholderSyntax: PlaceholderSyntax?, isTranslatable: Bool = true, start: Int, end: Int,
    elementTags: [String] = [],
    wrappers: [(utf8: Range<Int>, raw: Range<Int>)] = [], literalRanges: [ClosedRange<Int>] = [],
    substitution: (number: Int, specifier: String)? = nil, keepsEveryArgument: Bool = false
  ) {
    self.key = key
    self.variant = variant
    self.locale = locale
    self.decoded = decoded
    self.text = decoded.string
    self.source = source
    self.placeholderSyntax = placeholderSyntax
    self.isTranslatable = isTranslatable
    self.start = start
    self.end = end
    self.elementTags = elementTags
    self.wrappers = wrappers
    self.literalRanges = literalRanges
    self.substitution = substitution
    self.keepsEveryArgument = keepsEveryArgument
  }

  /// The value's placeholders, in its ``placeholderSyntax``; none when it has no syntax.
  public func placeholders() -> [FormatPlaceholder] { placeholders(in: text) }

  /// The placeholders of `text` (the value's, its source's, or either with something changed) as the
  /// value's syntax reads them, with a String Catalog substitution's `%arg`.
  func placeholders(in text: String) -> [FormatPlaceholder] {
    guard let placeholderSyntax else { return [] }
    if let substitution { return placeholderSyntax.placeholders(in: text, substitutionArgument: substitution) }
    return placeholderSyntax.placeholders(in: text)
  }

  /// The edits that put each placeholder in one isolate with the word it is written in
  /// (``plannedIsolates(format:placeholders:)``): FSI and PDI inserted, and the FSIs and PDIs that held a
  /// placeholder apart from its word removed; and how many placeholders they isolate.
  func isolateEdits(
    format: LocalizationFormat
  ) -> (
    insertions: [(offset: Int, text: String)], removals: [Range<Int>], isolated: Int
  ) {
    var insertions: [(offset: Int, text: String)] = []
    var removals: [Range<Int>] = []
    var isolated = 0
    for isolate in plannedIsolates(format: format, placeholders: placeholders()) {
      let (start, end) = (isolate.utf8.lowerBound, isolate.utf8.upperBound)
      // An element that wraps the word's first or last placeholder (`<xliff:g>`) goes inside the
      // isolate whole.
      let rawStart =
        wrappers.first { $0.utf8.lowerBound == start && $0.utf8.upperBound <= end }?.raw.lowerBound
        ?? decoded.rawStart(ofUTF8: start)
      let rawEnd =
        wrappers.first { $0.utf8.upperBound == end && $0.utf8.lowerBound >= start }?.raw.upperBound
        ?? decoded.rawEnd(ofUTF8: end)
      guard let rawStart, let rawEnd else { continue }
      for control in isolate.torn.flatMap({ [$0.initiator, $0.pdi] }) {
        if let from = decoded.rawStart(ofUTF8: control), let to = decoded.rawEnd(ofUTF8: control + 3) {
          removals.append(from..<to)
        }
      }
      insertions += isolateMarkers(format: format, around: rawStart..<rawEnd)
      isolated += isolate.unisolated.count + isolate.torn.count
    }
    return (insertions, removals, isolated)
  }

  /// FSI before the raw bytes `raw` and PDI after them, as the format writes them there: the
  /// characters themselves inside a CDATA section, where no escape is read.
  func isolateMarkers(format: LocalizationFormat, around raw: Range<Int>) -> [(offset: Int, text: String)] {
    let (open, close) = format.isolateMarkers
    func marker(_ escaped: String, _ literal: String, at offset: Int) -> (offset: Int, text: String) {
      (offset, literalRanges.contains { $0.contains(offset) } ? literal : escaped)
    }
    return [marker(open, "\u{2068}", at: raw.lowerBound), marker(close, "\u{2069}", at: raw.upperBound)]
  }

  /// Where the text's `range` was written in the file.
  func rawRange(of range: Range<String.Index>) -> Range<Int>? {
    let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let end = text.utf8.distance(from: text.startIndex, to: range.upperBound)
    guard let rawStart = decoded.rawStart(ofUTF8: start), let rawEnd = decoded.rawEnd(ofUTF8: end) else { return nil }
    return rawStart..<rawEnd
  }
}

/// What ``LocalizationFile/fixed(sourceFile:isolatingWhere:restoringWhere:)`` made of a file.
public struct LocalizationFix: Sendable {
  /// The fixed file.
  public let bytes: [UInt8]
  /// How many placeholders it isolated.
  public let isolated: Int
  /// How many placeholders broken by right-to-left editing it restored.
  public let restored: Int
}

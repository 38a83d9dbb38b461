import BidiIsolator

/// Something wrong with a translation, at a place in its file.
public struct LocalizationFinding: Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A placeholder of a right-to-left translation in no isolate: an argument with a Latin name,
    /// a domain or `-5` in it displays torn apart. Or one that an FSI holds apart from the rest of
    /// the word it is written in (`\u{2068}%d\u{2069}%%`), which tears the word (`50%` shows
    /// `%50`). `bidi-fix strings fix` puts it in one FSI … PDI with its word.
    case unisolatedPlaceholder = "unisolated-placeholder"
    /// The translation's placeholders differ from the source's: missing, extra, of another type or
    /// position, mixed positional and sequential, or a look-alike typed on a translator's keyboard
    /// (`٪@`). At run time: a crash, or the wrong text.
    case placeholderMismatch = "placeholder-mismatch"
    /// A placeholder of the source turned around or split by right-to-left editing: its characters
    /// in reverse order (`@%` for `%@`, `d$1%` for `%1$d`), or a space or bidi control inside it
    /// (`%1$ s`). The argument goes missing, or the app crashes. `bidi-fix strings fix` restores
    /// it where the source leaves one way to read the text.
    case reversedPlaceholder = "reversed-placeholder"
    /// Bidi controls in the translation that are unmatched, or open at its end, reaching past it.
    case unbalancedControls = "unbalanced-controls"
    /// `**`, `*` or HTML tags (`<b>`, `<i>`) unbalanced, or different from the source's.
    case markupMismatch = "markup-mismatch"

    /// The kind's name in reports, such as `unisolated-placeholder`.
    public var description: String { rawValue }
  }

  /// What is wrong.
  public let kind: Kind
  /// The entry's key.
  public let key: String
  /// The string of the entry, when it has several (see ``LocalizedValue/variant``).
  public let variant: String?
  /// The localization, in a catalog.
  public let locale: String?
  /// Where in the file, 1-based.
  public let line: Int
  /// The column in that line, 1-based, in Unicode scalars.
  public let column: Int
  /// What is wrong with this entry, in a sentence.
  public let message: String

  /// `LINE:COLUMN: KIND: message`.
  public var description: String { "\(line):\(column): \(kind): \(message)" }
}

/// The checks of one translated value against its source.
struct ValueCheck {
  let file: LocalizationFile
  let value: LocalizedValue
  let isRightToLeft: Bool
  /// The source's text, and its markup elements when it comes from a sibling Android file.
  let source: (text: String, elementTags: [String])?
  /// For a plural form, the source's `other` form: a translation's `one` may show the number
  /// ("לפני %1$d שנה") where the source's `one` does not ("Last year"); the argument is there all
  /// the same.
  var otherFormSource: String? = nil

  private var syntax: PlaceholderSyntax { value.placeholderSyntax ?? file.format.placeholderSyntax }

  func findings() -> [LocalizationFinding] {
    // An empty translation is an untranslated one (gettext shows the msgid): nothing to check.
    guard value.isTranslatable, !value.text.isEmpty else { return [] }
    var findings: [LocalizationFinding] = []
    let text = value.text
    func add(_ kind: LocalizationFinding.Kind, at offset: Int, _ message: String) {
      let (line, column) = file.position(of: offset, in: value)
      findings.append(
        LocalizationFinding(
          kind: kind, key: value.key, variant: value.variant, locale: value.locale, line: line, column: column,
          message: message))
    }
    func offset(of index: String.Index) -> Int { text.unicodeScalars.distance(from: text.startIndex, to: index) }

    let placeholders = value.placeholders()
    if isRightToLeft {
      for isolate in value.plannedIsolates(format: file.format, placeholders: placeholders) {
        for placeholder in isolate.unisolated {
          add(
            .unisolatedPlaceholder, at: offset(of: placeholder.range.lowerBound),
            "\(placeholder.text) is not isolated: a Latin name or -5 in it displays torn apart (fix: FSI … PDI around it)"
          )
        }
        for (placeholder, _, _) in isolate.torn {
          add(
            .unisolatedPlaceholder, at: offset(of: placeholder.range.lowerBound),
            "\(placeholder.text) is isolated apart from the rest of its word, \(isolate.word), which displays torn apart (fix: one FSI … PDI around \(isolate.word))"
          )
        }
      }
    }

    let audit = BidiControlAudit(text)
    // An initiator left open before a paragraph separator in the string is closed there (UAX #9,
    // X8): only one still open at the string's end reaches the text around it. Looked for only
    // when an initiator is left open, which few strings have.
    let lastParagraphStart =
      audit.issues.contains { $0.kind == .unclosedInitiator }
      ? text.unicodeScalars.lastIndex { Self.separatesParagraphs($0) }.map { offset(of: $0) + 1 } ?? 0 : 0
    for issue in audit.issues
    where issue.kind == .unmatchedTerminator
      || (issue.kind == .unclosedInitiator && issue.scalarOffset >= lastParagraphStart)
    {
      let what = issue.kind == .unmatchedTerminator ? "closes nothing" : "is never closed: it reaches past the string"
      add(
        .unbalancedControls, at: issue.scalarOffset,
        "\(issue.control.abbreviation) (U+\(Self.hex(issue.control.rawValue))) \(what)")
    }

    if let source = source?.text, let sourcePlaceholders {
      for (index, kind, message) in PlaceholderComparison(
        translation: placeholders, source: sourcePlaceholders, text: text, sourceText: source, syntax: syntax,
        allowsDroppedArguments: value.isPluralVariant && !value.keepsEveryArgument, parse: parse
      ).mismatches() {
        add(kind, at: index.map(offset) ?? 0, message)
      }
    } else if value.hasPlaceholders {
      if let mixed = Self.mixing(placeholders, syntax: syntax) {
        add(
          .placeholderMismatch, at: offset(of: mixed.range.lowerBound), Self.mixingMessage(mixed, among: placeholders))
      }
    }

    for message in MarkupComparison(translation: value, source: source).mismatches() {
      add(.markupMismatch, at: 0, message)
    }
    // In the order they are written, as a compiler lists its errors; same place, order found.
    return findings.enumerated()
      .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
      .map(\.element)
  }

  /// The placeholders of a text in the value's syntax, `%arg` of a catalog substitution included.
  func parse(_ text: String) -> [FormatPlaceholder] { value.placeholders(in: text) }

  /// The source's placeholders, when the value has placeholders and a source: for a plural form,
  /// with those of the source's `other` form it does not give.
  var sourcePlaceholders: [FormatPlaceholder]? {
    guard let source = source?.text, value.hasPlaceholders else { return nil }
    var placeholders = parse(source)
    if let other = otherFormSource, other != source {
      let given = Set(placeholders.compactMap(\.argument))
      placeholders += parse(other).filter { $0.takesArgument && $0.argument.map { !given.contains($0) } == true }
    }
    return placeholders
  }

  /// The value's placeholders broken by right-to-left editing (see ``BrokenPlaceholder``).
  func brokenPlaceholders() -> [BrokenPlaceholder] {
    guard value.isTranslatable, !value.text.isEmpty, let source = source?.text, let sourcePlaceholders else {
      return []
    }
    return BrokenPlaceholder.find(
      in: value.text, placeholders: value.placeholders(), source: sourcePlaceholders, sourceText: source)
  }

  /// The first placeholder that takes the next argument in a text whose other placeholders name
  /// theirs, where the syntax cannot tell the arguments apart: in C and Apple's syntax (`%1$s` and
  /// `%s`), Java's, Python's (`%(name)s` and `%s`); and `{}` with `{0}` in `str.format`. PHP counts
  /// the two apart, and `{}` goes with `{name}`.
  static func mixing(_ placeholders: [FormatPlaceholder], syntax: PlaceholderSyntax) -> FormatPlaceholder? {
    let taking = placeholders.filter {
      $0.takesArgument && $0.kind != .variable
        && (syntax != .pythonBrace || $0.name.map { $0.utf8.allSatisfy { $0 &- 0x30 < 10 } } ?? true)
    }
    guard syntax != .php, taking.contains(where: \.isPositional) else { return nil }
    return taking.first { !$0.isPositional }
  }

  /// What a finding says of ``mixing(_:syntax:)``'s placeholder, among the text's `placeholders`.
  static func mixingMessage(_ placeholder: FormatPlaceholder, among placeholders: [FormatPlaceholder]) -> String {
    if placeholder.conversion == "}" { return "\(placeholder.text) mixes automatic and numbered fields" }
    let named = placeholders.contains { $0.name != nil }
    return "\(placeholder.text) mixes \(named ? "named" : "numbered") and unnumbered placeholders"
  }

  /// Bidi_Class B: line feed, carriage return, U+001C–U+001E, NEL and U+2029.
  static func separatesParagraphs(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: true
    default: false
    }
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension LocalizedValue {
  /// Whether the value is one plural form of several, which may leave out the number (Arabic's
  /// `one` and `two`, say): not the `other` form every language has.
  var isPluralVariant: Bool {
    guard let variant else { return false }
    let last = variant.split(separator: ".").last.map(String.init) ?? variant
    if ["zero", "one", "two", "few", "many"].contains(last) { return true }
    // `.po`: any msgstr[N], since which one is `other` depends on the language's Plural-Forms.
    if variant.hasPrefix("msgstr[") { return true }
    return false
  }
}

extension LocalizationFile {
  /// What is wrong with the file's translations.
  ///
  /// - Parameters:
  ///   - isRightToLeft: whether a value's language is written right to left; only such values'
  ///     placeholders need isolating.
  ///   - sourceFile: the source-language file, for the formats that hold one language per file
  ///     (a sibling `en.lproj` or `values/` file): its value of the same key and variant is each
  ///     value's source. Without it, the source is what the file holds (``LocalizedValue/source``).
  /// - Complexity: O(*n*) in the length of the file, and of the source file.
  public func findings(
    isRightToLeft: (LocalizedValue) -> Bool, sourceFile: LocalizationFile? = nil
  ) -> [LocalizationFinding] {
    valueChecks(isRightToLeft: isRightToLeft, sourceFile: sourceFile).flatMap { $0.findings() }
  }

  /// Each value with its source, ready to be checked.
  func valueChecks(isRightToLeft: (LocalizedValue) -> Bool, sourceFile: LocalizationFile?) -> [ValueCheck] {
    var sources: [String: LocalizedValue] = [:]
    for value in sourceFile?.values ?? [] { sources[value.key + "\u{0}" + (value.variant ?? "")] = value }
    // The plural forms of the source language, for each translated form's `other`: a sibling
    // file's, or a catalog's source localization. (A `.po` file's plural forms are compared with
    // msgid_plural, as msgfmt does.)
    var pluralSources = sources
    if format == .stringCatalog {
      for value in values where value.locale == declaredLanguage && value.variant != nil {
        pluralSources[value.key + "\u{0}" + (value.variant ?? "")] = value
      }
    }
    return values.map { value in
      let source: (text: String, elementTags: [String])?
      if let sibling = sources[value.key + "\u{0}" + (value.variant ?? "")] {
        source = (sibling.text, sibling.elementTags)
      } else if sourceFile != nil, let other = Self.otherForm(of: value, in: sources) {
        source = (other.text, other.elementTags)
      } else {
        source = value.source.map { ($0, []) }
      }
      let otherForm =
        value.isPluralVariant && format != .gettext ? Self.otherForm(of: value, in: pluralSources)?.text : nil
      return ValueCheck(
        file: self, value: value, isRightToLeft: isRightToLeft(value), source: source, otherFormSource: otherForm)
    }
  }

  /// For a plural form the source language does not have (Arabic's `few`, `many`), the source's
  /// `other` form.
  private static func otherForm(of value: LocalizedValue, in sources: [String: LocalizedValue]) -> LocalizedValue? {
    guard let variant = value.variant else { return nil }
    var parts = variant.split(separator: ".").map(String.init)
    parts[parts.count - 1] = "other"
    return sources[value.key + "\u{0}" + parts.joined(separator: ".")]
  }
}

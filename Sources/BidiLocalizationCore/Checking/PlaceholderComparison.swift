/// A translation's placeholders against its source's: what would crash or show the wrong text.
struct PlaceholderComparison {
  let translation: [FormatPlaceholder]
  let source: [FormatPlaceholder]
  let text: String
  /// The source's text, for what it writes as text (a `%%`, an `@`).
  let sourceText: String
  let syntax: PlaceholderSyntax
  /// A plural form may leave the number out (Arabic's `one` form says "a file", not "1 file").
  let allowsDroppedArguments: Bool

  /// The percent signs translators' keyboards type in place of `%`: Arabic (U+066A), full width
  /// (U+FF05) and small (U+FE6A).
  static let lookAlikePercentSigns: Set<Unicode.Scalar> = ["\u{066A}", "\u{FF05}", "\u{FE6A}"]

  /// How the syntax reads a text's placeholders (a String Catalog substitution's `%arg` too).
  let parse: (String) -> [FormatPlaceholder]

  /// Each mismatch, with where in the translation it is when it is at a place. Placeholders broken
  /// by right-to-left editing (``BrokenPlaceholder``) are reported as such, and the translation is
  /// compared as if they were restored: a `%@` turned around leaves no other mismatch, and the
  /// unnumbered placeholders after it keep their arguments.
  func mismatches() -> [(String.Index?, LocalizationFinding.Kind, String)] {
    let broken = BrokenPlaceholder.find(in: text, placeholders: translation, source: source, sourceText: sourceText)
    guard !broken.isEmpty else { return compare() }
    let found: [(String.Index?, LocalizationFinding.Kind, String)] = broken.map {
      ($0.range.lowerBound, .reversedPlaceholder, $0.message(in: text))
    }
    // The text with each broken placeholder written as the source writes it, and for each, where
    // it is in both texts, in scalars.
    var restored = String.UnicodeScalarView()
    var places: [(original: Range<Int>, restored: Range<Int>)] = []
    var copied = text.startIndex
    var originalOffset = 0
    // Of two readings of the same characters, the first stands for them.
    for placeholder in broken where placeholder.range.lowerBound >= copied {
      let before = text.unicodeScalars[copied..<placeholder.range.lowerBound]
      restored.append(contentsOf: before)
      originalOffset += before.count
      let length = text.unicodeScalars[placeholder.range].count
      let start = restored.count
      restored.append(contentsOf: placeholder.intact.unicodeScalars)
      places.append((originalOffset..<originalOffset + length, start..<restored.count))
      originalOffset += length
      copied = placeholder.range.upperBound
    }
    restored.append(contentsOf: text.unicodeScalars[copied...])
    let restoredText = String(restored)
    let comparison = PlaceholderComparison(
      translation: parse(restoredText), source: source, text: restoredText, sourceText: sourceText, syntax: syntax,
      allowsDroppedArguments: allowsDroppedArguments, parse: parse)
    // A place in the restored text, back in the translation: inside a restored placeholder, the
    // broken one's start.
    func original(_ index: String.Index) -> String.Index {
      let offset = restoredText.unicodeScalars.distance(from: restoredText.startIndex, to: index)
      var mapped = offset
      for place in places where place.restored.lowerBound <= offset {
        mapped =
          offset < place.restored.upperBound
          ? place.original.lowerBound : place.original.upperBound + (offset - place.restored.upperBound)
      }
      return text.unicodeScalars.index(text.startIndex, offsetBy: mapped)
    }
    return found + comparison.compare().map { ($0.0.map(original), $0.1, $0.2) }
  }

  /// The mismatches of a translation with no broken placeholder.
  private func compare() -> [(String.Index?, LocalizationFinding.Kind, String)] {
    var found: [(String.Index?, LocalizationFinding.Kind, String)] = []
    func add(_ index: String.Index?, _ message: String) { found.append((index, .placeholderMismatch, message)) }
    let taking = translation.filter(\.takesArgument)
    let sourceTaking = source.filter(\.takesArgument)

    for placeholder in translation where placeholder.kind == .invalid {
      if !source.contains(where: { $0.kind == .invalid && $0.text == placeholder.text }) {
        let literal = syntax == .pythonBrace ? "write {{ for a brace" : "write %% for a percent sign"
        add(placeholder.range.lowerBound, "\(placeholder.text.debugDescription) is not a placeholder (\(literal))")
      }
    }
    if let mixed = ValueCheck.mixing(translation, syntax: syntax), ValueCheck.mixing(source, syntax: syntax) == nil {
      add(
        mixed.range.lowerBound,
        "\(ValueCheck.mixingMessage(mixed, among: translation)): the arguments cannot be told apart")
    }

    // Variables of a `.stringsdict` sentence are matched by name, the rest by argument number.
    let variables = Set(taking.compactMap(\.variableName))
    let sourceVariables = Set(sourceTaking.compactMap(\.variableName))
    for name in variables.subtracting(sourceVariables).sorted() {
      let placeholder = taking.first { $0.variableName == name }
      add(placeholder?.range.lowerBound, "%#@\(name)@ names a variable the source does not have")
    }
    for name in sourceVariables.subtracting(variables).sorted() {
      add(nil, "%#@\(name)@ of the source is missing")
    }

    var kinds: [Argument: FormatPlaceholder] = [:]
    for placeholder in taking where placeholder.kind != .variable {
      if let argument = Argument(placeholder) { kinds[argument] = kinds[argument] ?? placeholder }
    }
    var sourceKinds: [Argument: FormatPlaceholder] = [:]
    for placeholder in sourceTaking where placeholder.kind != .variable {
      if let argument = Argument(placeholder) { sourceKinds[argument] = sourceKinds[argument] ?? placeholder }
    }

    for (argument, placeholder) in kinds.sorted(by: { $0.key < $1.key }) {
      guard let expected = sourceKinds[argument] else {
        add(
          placeholder.range.lowerBound,
          "\(placeholder.text) takes argument \(argument), which the source does not give (\(Self.list(sourceTaking)))")
        continue
      }
      if !compatible(placeholder, expected) {
        add(
          placeholder.range.lowerBound,
          "\(placeholder.text) takes argument \(argument) as \(Self.describe(placeholder.kind)), the source as \(Self.describe(expected.kind)) (\(expected.text))"
        )
      }
    }
    let missing = sourceKinds.filter { kinds[$0.key] == nil }
    let lookAlikes = missing.isEmpty ? [] : lookAlikePlaceholders()
    for (argument, expected) in missing.sorted(by: { $0.key < $1.key }) {
      if let lookAlike = lookAlikes.first(where: {
        Argument($0) == argument || (!$0.isPositional && lookAlikes.count == 1)
      }) {
        add(
          lookAlike.range.lowerBound,
          "\(String(text[lookAlike.range])) looks like \(expected.text) typed with another percent sign: the argument is not shown"
        )
      } else if !allowsDroppedArguments {
        add(nil, "\(expected.text) of the source (argument \(argument)) is missing")
      }
    }
    return found
  }

  /// Placeholders written with a look-alike percent sign: the text read again with them as `%`.
  private func lookAlikePlaceholders() -> [FormatPlaceholder] {
    guard text.unicodeScalars.contains(where: { $0 == "\u{066A}" || $0 == "\u{FF05}" || $0 == "\u{FE6A}" }) else {
      return []
    }
    var replaced = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      replaced.append(Self.lookAlikePercentSigns.contains(scalar) ? "%" : scalar)
    }
    let retyped = String(replaced)
    let before = Set(translation.map { text.unicodeScalars.distance(from: text.startIndex, to: $0.range.lowerBound) })
    return syntax.placeholders(in: retyped).compactMap { placeholder in
      let offset = retyped.unicodeScalars.distance(from: retyped.startIndex, to: placeholder.range.lowerBound)
      guard placeholder.takesArgument, !before.contains(offset) else { return nil }
      // The same place in the translation's own text.
      let start = text.unicodeScalars.index(text.startIndex, offsetBy: offset)
      let end = text.unicodeScalars.index(start, offsetBy: placeholder.text.unicodeScalars.count)
      return FormatPlaceholder(
        range: start..<end, text: String(text[start..<end]), argument: placeholder.argument,
        isPositional: placeholder.isPositional, kind: placeholder.kind, length: placeholder.length,
        conversion: placeholder.conversion)
    }
  }

  /// Whether two placeholders may take the same argument: the same kind and, for integers, the
  /// same signedness and size, as `msgfmt -c` requires in C (`%d` and `%ld`, `%d` and `%u` differ).
  /// Apple's `%ld`, `%lld`, `%qd` and `%zd` are all 64 bits; Java's integers have no size, PHP's,
  /// Python's and JavaScript's neither size nor sign (`%u` and `%x` take what `%d` takes); a
  /// `str.format` field and Qt's and KDE's `%1` take any value.
  private func compatible(_ a: FormatPlaceholder, _ b: FormatPlaceholder) -> Bool {
    guard a.kind == b.kind else { return false }
    guard a.kind == .integer else { return true }
    let signed: Set<Character> = ["d", "i", "D"]
    switch syntax {
    case .c: return signed.contains(a.conversion) == signed.contains(b.conversion) && a.length == b.length
    case .apple:
      return signed.contains(a.conversion) == signed.contains(b.conversion)
        && Self.appleSize(a.length) == Self.appleSize(b.length)
    case .java: return signed.contains(a.conversion) == signed.contains(b.conversion)
    case .php, .python, .pythonBrace, .javascript, .qt, .qtPlural, .kde: return true
    }
  }

  private static func appleSize(_ length: String) -> Int {
    ["l", "ll", "q", "z", "t", "j"].contains(length) ? 64 : 32
  }

  private static func describe(_ kind: FormatPlaceholder.Kind) -> String {
    switch kind {
    case .object: "an object"
    case .any: "any value"
    case .integer: "an integer"
    case .floatingPoint: "a floating-point number"
    case .string: "a string"
    default: "a \(kind.rawValue)"
    }
  }

  /// The argument a placeholder takes, by number or by name, as a message names it.
  private enum Argument: Hashable, Comparable, CustomStringConvertible {
    case number(Int)
    case name(String)

    init?(_ placeholder: FormatPlaceholder) {
      if let name = placeholder.name {
        self = .name(name)
      } else if let number = placeholder.argument {
        self = .number(number)
      } else {
        return nil
      }
    }

    var description: String {
      switch self {
      case .number(let number): "\(number)"
      case .name(let name): "'\(name)'"
      }
    }
  }

  private static func list(_ placeholders: [FormatPlaceholder]) -> String {
    placeholders.isEmpty ? "it has no placeholders" : "it has " + placeholders.map(\.text).joined(separator: ", ")
  }
}

/// A translation's markup against its source's: `**bold**` and `*italic*` markers, HTML tags, and
/// Android's markup elements.
struct MarkupComparison {
  let translation: LocalizedValue
  /// The source's text and its markup elements (Android's, from a sibling file).
  let source: (text: String, elementTags: [String])?

  func mismatches() -> [String] {
    let text = translation.text
    var found: [String] = []
    let tags = translation.elementTags + Self.tags(in: text)
    let stars = Self.starRuns(in: text)
    let sourceTags = source.map { $0.elementTags + Self.tags(in: $0.text) } ?? []
    let sourceStars = source.map { Self.starRuns(in: $0.text) } ?? (double: 0, single: 0)
    // A source that leaves the same tag or marker open (text about `<a rel="noreferrer">`) is not
    // markup the translation broke.
    if let unbalanced = Self.unbalanced(tags), source == nil || Self.unbalanced(sourceTags) != unbalanced {
      found.append("\(unbalanced) is not balanced in the translation")
    }
    if stars.double % 2 == 1 && (source == nil || sourceStars.double % 2 == 0) {
      found.append("** is not balanced in the translation (\(stars.double) markers)")
    }
    guard source != nil, found.isEmpty else { return found }
    if tags.sorted() != sourceTags.sorted() {
      found.append("the tags \(Self.show(tags)) differ from the source's \(Self.show(sourceTags))")
    }
    if stars.double != sourceStars.double {
      found.append("\(stars.double) ** markers where the source has \(sourceStars.double)")
    } else if stars.single != sourceStars.single && sourceStars.single > 0 {
      found.append("\(stars.single) * markers where the source has \(sourceStars.single)")
    }
    return found
  }

  /// The HTML tags translations style words with; `<PRIu64>` and other angle brackets are not.
  static let htmlTags: Set<String> = [
    "a", "b", "big", "br", "code", "em", "font", "i", "li", "ol", "p", "s", "small", "span", "strike", "strong",
    "sub", "sup", "tt", "u", "ul",
  ]

  /// The opening and closing HTML tags of a text, by name: `<b>`, `</b>`, `<a>`.
  static func tags(in text: String) -> [String] {
    guard text.utf8.contains(UInt8(ascii: "<")) else { return [] }
    var tags: [String] = []
    var index = text.startIndex
    while let open = text[index...].firstIndex(of: "<") {
      let afterOpen = text.index(after: open)
      let closing = text[afterOpen...].first == "/"
      let nameStart = closing ? text.index(after: afterOpen) : afterOpen
      let name = text[nameStart...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
      guard Self.htmlTags.contains(name.lowercased()), let close = text[nameStart...].firstIndex(of: ">"),
        !text[nameStart..<close].contains("<")
      else {
        index = afterOpen
        continue
      }
      if text[text.index(before: close)] != "/" {
        tags.append(closing ? "</\(name.lowercased())>" : "<\(name.lowercased())>")
      }
      index = text.index(after: close)
    }
    return tags
  }

  /// The first tag that is not closed in order, if any.
  static func unbalanced(_ tags: [String]) -> String? {
    var open: [String] = []
    for tag in tags {
      if tag.hasPrefix("</") {
        guard open.last == "<" + tag.dropFirst(2) else { return tag }
        open.removeLast()
      } else if !["<br>", "<img>", "<p>", "<hr>"].contains(tag) {
        open.append(tag)
      }
    }
    return open.last
  }

  /// The `**` and lone `*` markers of a text (a `*` between spaces or digits, as in `2 * 3`, is not one).
  static func starRuns(in text: String) -> (double: Int, single: Int) {
    guard text.utf8.contains(UInt8(ascii: "*")) else { return (0, 0) }
    var double = 0
    var single = 0
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "*" else {
        index += 1
        continue
      }
      var end = index
      while end < scalars.count && scalars[end] == "*" { end += 1 }
      let before = index > 0 ? scalars[index - 1] : " "
      let after = end < scalars.count ? scalars[end] : " "
      let isMarker = !(before.properties.isWhitespace && after.properties.isWhitespace)
      if isMarker {
        if end - index == 2 { double += 1 } else if end - index == 1 { single += 1 }
      }
      index = end
    }
    return (double, single)
  }

  private static func show(_ tags: [String]) -> String { tags.isEmpty ? "(none)" : tags.joined() }
}

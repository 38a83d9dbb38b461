@_spi(BidiCore) import BidiCore

/// The placeholder syntaxes of the formats translators edit.
///
/// - ``apple``: `String(format:)` and `NSString`, in `.strings`, `.stringsdict` and `.xcstrings`:
///   `%@`, `%d`, `%ld`, `%lld`, `%1$@`, `%.2f`, `%%`, and `.stringsdict` variable references
///   `%#@name@`.
/// - ``java``: `java.util.Formatter`, in Android's `strings.xml`: `%s`, `%d`, `%1$s`, `%.2f`, `%b`,
///   `%tY`, `%%`, `%n` (a line separator), `%<s` (the previous argument again).
/// - ``c``: `printf`, in gettext `.po` entries flagged `c-format`: `%s`, `%d`, `%1$s`, `%zu`, `%lld`,
///   glibc's `%Id` (the locale's digits), and gettext's `%<PRIu64>`.
/// - ``php``: PHP's `sprintf`, in `.po` entries flagged `php-format`: `%s`, `%d`, `%1$s`, `%'.10d`
///   (a padding character after `'`), `%.2f`, `%%`.
/// - ``python``: Python's `%` operator, in `.po` entries flagged `python-format`: `%s`, `%d`, `%r`,
///   `%(name)s` (an argument taken by name), `%.2f`, `%%`.
/// - ``pythonBrace``: Python's `str.format`, in `.po` entries flagged `python-brace-format`: `{}`,
///   `{0}`, `{name}`, `{user.name}`, `{name!r}`, `{count:>5}`, and `{{` and `}}` for braces.
/// - ``javascript``: the `sprintf` of JavaScript's gettext libraries, in `.po` entries flagged
///   `javascript-format`: `%s`, `%d`, `%2$s`, `%.2f`, `%j` (a value as JSON), `%%`.
/// - ``qt``: Qt's `QString::arg`, in `.po` entries flagged `qt-format`: `%1` to `%99`, `%0`, and
///   `%L1` (the number in the locale's digits). A `%` before anything else is text; `%%` is two.
/// - ``qtPlural``: Qt's `tr` with a count, in `.po` entries flagged `qt-plural-format`: `%n` and
///   `%Ln`, the count; every other `%` is text.
/// - ``kde``: KDE's `i18n`, in `.po` entries flagged `kde-format`: `%1`, `%2`, … with no upper
///   bound; `%0` and `%L1` are text, as every other `%`.
///
/// ```swift
/// PlaceholderSyntax.java.placeholders(in: "%1$s of %2$d, 100%%").map(\.text)   // ["%1$s", "%2$d", "%%"]
/// PlaceholderSyntax.apple.placeholders(in: "%#@files@ in %@").map(\.kind)      // [.variable, .object]
/// ```
public enum PlaceholderSyntax: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case apple
  case java
  case c
  case php
  case python
  case pythonBrace = "python-brace"
  case javascript
  case qt
  case qtPlural = "qt-plural"
  case kde

  /// The syntax's name: `apple`, `java`, `c`, `php`, `python`, `python-brace`, `javascript`, `qt`,
  /// `qt-plural` or `kde`.
  public var description: String { rawValue }

  /// Every `%` construct of `text` (every `{` field in ``pythonBrace``), in order: placeholders,
  /// `%%`, and ``FormatPlaceholder/Kind/invalid`` ones for a `%` that begins nothing this syntax
  /// knows (a `{` that no `}` closes). In ``qt``, ``qtPlural`` and ``kde``, where a `%` that
  /// begins no placeholder is text, the placeholders alone.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func placeholders(in text: String) -> [FormatPlaceholder] {
    // Most strings of a translation file have no placeholder.
    guard text.utf8.contains(UInt8(ascii: self == .pythonBrace ? "{" : "%")) else { return [] }
    var parser = Parser(syntax: self, text: text)
    return parser.parse()
  }

  /// The placeholders of a String Catalog substitution's text, where `%arg` stands for the
  /// substitution's argument, of the kind its format specifier gives (`%lld` → ``FormatPlaceholder/Kind/integer``).
  func placeholders(in text: String, substitutionArgument: (number: Int, specifier: String)) -> [FormatPlaceholder] {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return [] }
    let specifier = PlaceholderSyntax.apple.placeholders(in: "%" + substitutionArgument.specifier).first
    var parser = Parser(syntax: self, text: text)
    parser.substitution = (substitutionArgument.number, specifier?.kind ?? .object)
    return parser.parse()
  }

  private static let appleFlags: Set<Unicode.Scalar> = ["-", "+", " ", "#", "0", "'"]
  /// glibc's `I` too: the locale's own digits, which Arabic and Persian translations ask for
  /// (`%Id`, `%I.1f`) and `msgfmt -c` accepts.
  private static let cFlags: Set<Unicode.Scalar> = appleFlags.union(["I"])
  private static let javaFlags: Set<Unicode.Scalar> = ["-", "#", "+", " ", "0", ",", "("]
  /// PHP's `'` is followed by the padding character, which the parser reads with it.
  private static let phpFlags: Set<Unicode.Scalar> = ["-", "+", " ", "0", "'"]
  private static let pythonFlags: Set<Unicode.Scalar> = ["-", "+", " ", "#", "0"]
  private static let javascriptFlags: Set<Unicode.Scalar> = ["-", "+", " ", "0"]

  fileprivate var flags: Set<Unicode.Scalar> {
    switch self {
    case .apple: Self.appleFlags
    case .c: Self.cFlags
    case .java: Self.javaFlags
    case .php: Self.phpFlags
    case .python, .pythonBrace: Self.pythonFlags
    case .javascript: Self.javascriptFlags
    case .qt, .qtPlural, .kde: []
    }
  }

  /// Whether a placeholder may name its argument by number, `%2$s`.
  fileprivate var takesNumberedArguments: Bool { self != .python && self != .pythonBrace }

  /// Whether `*` may stand for the width or precision, taking an argument of its own.
  fileprivate var takesStarArguments: Bool { self == .apple || self == .c || self == .python }

  /// The length modifiers the syntax reads: C's, Apple's and Python's (which ignores them), and
  /// PHP's `l`.
  fileprivate func isLengthModifier(_ scalar: Unicode.Scalar) -> Bool {
    switch self {
    case .apple: "hlqLztj".unicodeScalars.contains(scalar)
    case .c: "hlqLztjZ".unicodeScalars.contains(scalar)
    case .python: "hlL".unicodeScalars.contains(scalar)
    case .php: scalar == "l"
    case .java, .pythonBrace, .javascript, .qt, .qtPlural, .kde: false
    }
  }

  fileprivate func kind(of conversion: Unicode.Scalar) -> FormatPlaceholder.Kind? {
    switch self {
    case .php:
      // PHP 8's conversions; `%i` is not one.
      switch conversion {
      case "b", "d", "o", "u", "x", "X": return .integer
      case "e", "E", "f", "F", "g", "G", "h", "H": return .floatingPoint
      case "c": return .character
      case "s": return .string
      default: return nil
      }
    case .python:
      switch conversion {
      case "d", "i", "o", "u", "x", "X": return .integer
      case "e", "E", "f", "F", "g", "G": return .floatingPoint
      case "c": return .character
      case "s", "r", "a": return .string
      default: return nil
      }
    case .javascript:
      switch conversion {
      case "b", "d", "o", "x", "X": return .integer
      case "e", "f": return .floatingPoint
      case "c": return .character
      case "s": return .string
      case "j": return .object
      default: return nil
      }
    case .apple, .java, .c, .pythonBrace, .qt, .qtPlural, .kde: break
    }
    return switch (self, conversion) {
    case (_, "d"), (_, "i"), (_, "o"), (_, "x"), (_, "X"): .integer
    case (.apple, "D"), (.apple, "U"), (.apple, "O"), (.apple, "u"), (.c, "u"): .integer
    case (_, "e"), (_, "E"), (_, "f"), (_, "g"), (_, "G"), (_, "a"), (_, "A"): .floatingPoint
    case (.apple, "F"), (.c, "F"): .floatingPoint
    case (_, "c"), (_, "C"): .character
    case (_, "s"), (_, "S"): .string
    case (.apple, "@"): .object
    case (.apple, "p"), (.c, "p"): .pointer
    case (.apple, "n"), (.c, "n"): .count
    case (.java, "n"): .lineSeparator
    case (.java, "b"), (.java, "B"): .boolean
    case (.java, "h"), (.java, "H"): .hashCode
    case (.java, "t"), (.java, "T"): .dateTime
    default: nil
    }
  }
}

/// One pass over the scalars of a text.
private struct Parser {
  let syntax: PlaceholderSyntax
  let text: String
  let scalars: String.UnicodeScalarView
  var found: [FormatPlaceholder] = []
  var nextSequential = 1
  /// The last argument taken, for Java's `%<s`.
  var lastArgument: Int?
  /// In a String Catalog substitution, `%arg`: the argument's number and kind.
  var substitution: (argument: Int, kind: FormatPlaceholder.Kind)?

  init(syntax: PlaceholderSyntax, text: String) {
    self.syntax = syntax
    self.text = text
    self.scalars = text.unicodeScalars
  }

  mutating func parse() -> [FormatPlaceholder] {
    var index = scalars.startIndex
    let brace = syntax == .pythonBrace
    let numbered = syntax == .qt || syntax == .qtPlural || syntax == .kde
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if brace && (scalar == "{" || scalar == "}") {
        index = field(at: index)
      } else if numbered && scalar == "%" {
        index = numberedPlaceholder(at: index)
      } else if !brace && scalar == "%" {
        index = placeholder(at: index)
      } else {
        index = scalars.index(after: index)
      }
    }
    return found
  }

  /// Reads the `str.format` field that starts at `start` (a `{`, or a `}` that a second one
  /// escapes) and returns where the text goes on: `{name.attribute[key]!conversion:spec}`, where
  /// the spec may hold fields of its own (`{value:{width}}`), read as part of this one.
  private mutating func field(at start: String.Index) -> String.Index {
    let next = scalars.index(after: start)
    // `{{` and `}}` are a brace; a `}` alone is text, as gettext reads it.
    if scalar(at: next) == scalars[start] { return scalars.index(after: next) }
    guard scalars[start] == "{" else { return next }
    func invalid() -> String.Index {
      add(start..<next, argument: nil, positional: false, kind: .invalid, length: "", conversion: "{")
      return next
    }
    // The field's name, up to a conversion, a spec or the end; `[key]` may hold any of them. A
    // bidi control anywhere in a field is right-to-left editing's, in no name or spec the code
    // passes (`{\u{2068}name}`).
    var index = next
    while let scalar = scalar(at: index), scalar != "!", scalar != ":", scalar != "}" {
      if scalar == "{" || BidiControl(value: scalar.value) != nil { return invalid() }
      if scalar == "[" {
        while let inside = self.scalar(at: index), inside != "]" {
          if BidiControl(value: inside.value) != nil { return invalid() }
          index = scalars.index(after: index)
        }
        guard index < scalars.endIndex else { return invalid() }
      }
      index = scalars.index(after: index)
    }
    let nameEnd = index
    if scalar(at: index) == "!" {
      index = scalars.index(after: index)
      guard let conversion = scalar(at: index), "rsa".unicodeScalars.contains(conversion) else { return invalid() }
      index = scalars.index(after: index)
    }
    if scalar(at: index) == ":" {
      var depth = 0
      index = scalars.index(after: index)
      while let scalar = scalar(at: index), scalar != "}" || depth > 0 {
        if BidiControl(value: scalar.value) != nil { return invalid() }
        if scalar == "{" { depth += 1 } else if scalar == "}" { depth -= 1 }
        index = scalars.index(after: index)
      }
    }
    guard scalar(at: index) == "}" else { return invalid() }
    let end = scalars.index(after: index)
    let name = String(text.unicodeScalars[next..<nameEnd])
    if name.isEmpty {
      // `{}`: the next argument.
      add(start..<end, argument: take(nil), positional: false, kind: .any, length: "", conversion: "}")
    } else {
      add(start..<end, argument: nil, positional: true, kind: .any, length: "", conversion: "}", name: name)
    }
    return end
  }

  /// Reads what starts at `start` (a `%`) in ``PlaceholderSyntax/qt``, ``PlaceholderSyntax/qtPlural``
  /// or ``PlaceholderSyntax/kde`` and returns where the text goes on: after the placeholder, or after
  /// the `%` when it begins none. As gettext reads them: Qt's is `%`, an optional `L`, and one or two
  /// digits (`%05` is argument 5, `%100` argument 10 and a `0`), or `n` for the count in
  /// `qt-plural-format`; KDE's is `%` and a number that does not start with 0.
  private mutating func numberedPlaceholder(at start: String.Index) -> String.Index {
    let next = scalars.index(after: start)
    var index = next
    if syntax != .kde && scalar(at: index) == "L" { index = scalars.index(after: index) }
    if syntax == .qtPlural {
      guard scalar(at: index) == "n" else { return next }
      let end = scalars.index(after: index)
      add(start..<end, argument: 1, positional: true, kind: .integer, length: "", conversion: "n")
      return end
    }
    var number = 0
    var digitCount = 0
    while let scalar = scalar(at: index), ("0"..."9").contains(scalar) {
      if syntax == .kde && digitCount == 0 && scalar == "0" { break }
      if syntax == .qt && digitCount == 2 { break }
      number = min(number * 10 + Int(scalar.value - 0x30), 1_000_000)
      digitCount += 1
      index = scalars.index(after: index)
    }
    guard digitCount > 0 else { return next }
    add(start..<index, argument: number, positional: true, kind: .any, length: "", conversion: "%")
    return index
  }

  private func scalar(at index: String.Index) -> Unicode.Scalar? {
    index < scalars.endIndex ? scalars[index] : nil
  }

  private func digits(from index: String.Index) -> (value: Int?, end: String.Index) {
    var end = index
    var value = 0
    while let scalar = scalar(at: end), ("0"..."9").contains(scalar) {
      value = min(value * 10 + Int(scalar.value - 0x30), 1_000_000)
      end = scalars.index(after: end)
    }
    return (end == index ? nil : value, end)
  }

  /// Reads the placeholder that starts at `start` (a `%`) and returns where the text goes on.
  private mutating func placeholder(at start: String.Index) -> String.Index {
    var index = scalars.index(after: start)
    func invalid(through end: String.Index) -> String.Index {
      add(start..<end, argument: nil, positional: false, kind: .invalid, length: "", conversion: "%")
      return end
    }
    guard let first = scalar(at: index) else { return invalid(through: index) }
    if first == "%" {
      let end = scalars.index(after: index)
      add(start..<end, argument: nil, positional: false, kind: .percent, length: "", conversion: "%")
      return end
    }
    if let substitution, scalars[index...].starts(with: "arg".unicodeScalars) {
      let end = scalars.index(index, offsetBy: 3)
      add(
        start..<end, argument: substitution.argument, positional: true, kind: substitution.kind, length: "",
        conversion: "@")
      return end
    }
    // An argument number: digits followed by `$`.
    var position: Int? = nil
    let number = digits(from: index)
    if syntax.takesNumberedArguments, let value = number.value, scalar(at: number.end) == "$", value > 0 {
      position = value
      index = scalars.index(after: number.end)
    }
    // Python's mapping key, `%(name)s`, which may hold parentheses of its own in pairs.
    var name: String? = nil
    if syntax == .python, scalar(at: index) == "(" {
      var depth = 1
      let nameStart = scalars.index(after: index)
      index = nameStart
      while let scalar = scalar(at: index) {
        if scalar == "(" { depth += 1 } else if scalar == ")" { depth -= 1 }
        if depth == 0 || BidiControl(value: scalar.value) != nil { break }
        index = scalars.index(after: index)
      }
      guard index < scalars.endIndex else { return invalid(through: index) }
      // A bidi control in the key, as in a field's name, makes no placeholder: `%(` is read alone.
      guard scalars[index] == ")" else { return invalid(through: nameStart) }
      name = String(text.unicodeScalars[nameStart..<index])
      index = scalars.index(after: index)
    }
    if syntax == .java, position == nil, scalar(at: index) == "<" {
      // The previous argument again.
      guard let lastArgument else { return invalid(through: scalars.index(after: index)) }
      position = lastArgument
      index = scalars.index(after: index)
    }
    var flags = ""
    while let scalar = scalar(at: index), syntax.flags.contains(scalar) {
      flags.unicodeScalars.append(scalar)
      index = scalars.index(after: index)
      // PHP's padding character, which may be any.
      if syntax == .php && scalar == "'" {
        guard index < scalars.endIndex else { return invalid(through: index) }
        index = scalars.index(after: index)
      }
    }
    // A `.stringsdict` variable reference: `%#@name@`.
    if syntax == .apple, flags.contains("#"), scalar(at: index) == "@" {
      let nameStart = scalars.index(after: index)
      var nameEnd = nameStart
      while let scalar = scalar(at: nameEnd), scalar != "@",
        scalar.properties.isAlphabetic || scalar == "_" || scalar.properties.numericType != nil
      {
        nameEnd = scalars.index(after: nameEnd)
      }
      guard nameEnd > nameStart, scalar(at: nameEnd) == "@" else { return invalid(through: nameStart) }
      let end = scalars.index(after: nameEnd)
      add(
        start..<end, argument: take(position), positional: position != nil, kind: .variable, length: "",
        conversion: "@", variableName: String(text.unicodeScalars[nameStart..<nameEnd]))
      return end
    }
    var stars = 0
    // The width: digits, or `*` (an argument of its own, in Apple's, C's and Python's syntax).
    if syntax.takesStarArguments, scalar(at: index) == "*" {
      stars += 1
      index = scalars.index(after: index)
    } else {
      index = digits(from: index).end
    }
    // The precision.
    if scalar(at: index) == "." {
      index = scalars.index(after: index)
      if syntax.takesStarArguments, scalar(at: index) == "*" {
        stars += 1
        index = scalars.index(after: index)
      } else {
        index = digits(from: index).end
      }
    }
    // A `*` takes the next arguments, which only a sequential placeholder has.
    if stars > 0 && (position != nil || name != nil) { return invalid(through: index) }
    var length = ""
    // The length: hh, ll, h, l, q, L, z, t, j, and C's Z.
    if let first = scalar(at: index), syntax.isLengthModifier(first) {
      index = scalars.index(after: index)
      length = String(first)
      if first == "h" || first == "l", scalar(at: index) == first {
        index = scalars.index(after: index)
        length += String(first)
      }
    }
    // gettext's `%<PRIu64>` and the like: a macro of <inttypes.h> in place of the conversion.
    if syntax == .c, length.isEmpty, scalar(at: index) == "<" {
      let nameStart = scalars.index(after: index)
      var nameEnd = nameStart
      while let scalar = scalar(at: nameEnd), scalar != ">", scalar.isASCII,
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
      {
        nameEnd = scalars.index(after: nameEnd)
      }
      let name = String(text.unicodeScalars[nameStart..<nameEnd])
      guard scalar(at: nameEnd) == ">", name.hasPrefix("PRI"), name.count > 3 else {
        return invalid(through: nameStart)
      }
      let end = scalars.index(after: nameEnd)
      let conversion = name.unicodeScalars[name.unicodeScalars.index(name.unicodeScalars.startIndex, offsetBy: 3)]
      guard "diouxX".unicodeScalars.contains(conversion) else { return invalid(through: end) }
      add(
        start..<end, argument: take(position, stars: stars), positional: position != nil, kind: .integer,
        length: String(name.dropFirst(4)), conversion: Character(conversion), starArguments: stars)
      return end
    }
    guard let conversion = scalar(at: index), let kind = syntax.kind(of: conversion) else {
      return invalid(through: index < scalars.endIndex ? scalars.index(after: index) : index)
    }
    var end = scalars.index(after: index)
    if kind == .dateTime {
      // `%tY`: the date conversion is followed by the field it shows.
      guard let field = scalar(at: end), field.properties.isAlphabetic else { return invalid(through: end) }
      end = scalars.index(after: end)
    }
    if kind == .lineSeparator {
      add(start..<end, argument: nil, positional: false, kind: kind, length: "", conversion: Character(conversion))
      return end
    }
    if let name {
      add(
        start..<end, argument: nil, positional: true, kind: kind, length: length, conversion: Character(conversion),
        name: name)
      return end
    }
    add(
      start..<end, argument: take(position, stars: stars), positional: position != nil, kind: kind, length: length,
      conversion: Character(conversion), starArguments: stars)
    return end
  }

  /// The argument a placeholder takes: its own number, or the next in order after any `*`'s.
  private mutating func take(_ position: Int?, stars: Int = 0) -> Int {
    if let position {
      lastArgument = position
      return position
    }
    nextSequential += stars
    let argument = nextSequential
    nextSequential += 1
    lastArgument = argument
    return argument
  }

  private mutating func add(
    _ range: Range<String.Index>, argument: Int?, positional: Bool, kind: FormatPlaceholder.Kind, length: String,
    conversion: Character, variableName: String? = nil, starArguments: Int = 0, name: String? = nil
  ) {
    found.append(
      FormatPlaceholder(
        range: range, text: String(text[range]), argument: argument, isPositional: positional, kind: kind,
        length: length, conversion: conversion, variableName: variableName, starArguments: starArguments, name: name))
  }
}

/// The placeholder syntaxes of the formats translators edit.
///
/// - ``apple``: `String(format:)` and `NSString`, in `.strings`, `.stringsdict` and `.xcstrings`:
///   `%@`, `%d`, `%ld`, `%lld`, `%1$@`, `%.2f`, `%%`, and `.stringsdict` variable references
///   `%#@name@`.
/// - ``java``: `java.util.Formatter`, in Android's `strings.xml`: `%s`, `%d`, `%1$s`, `%.2f`, `%b`,
///   `%tY`, `%%`, `%n` (a line separator), `%<s` (the previous argument again).
/// - ``c``: `printf`, in gettext `.po` entries flagged `c-format`: `%s`, `%d`, `%1$s`, `%zu`, `%lld`,
///   glibc's `%Id` (the locale's digits), and gettext's `%<PRIu64>`.
///
/// ```swift
/// PlaceholderSyntax.java.placeholders(in: "%1$s of %2$d, 100%%").map(\.text)   // ["%1$s", "%2$d", "%%"]
/// PlaceholderSyntax.apple.placeholders(in: "%#@files@ in %@").map(\.kind)      // [.variable, .object]
/// ```
public enum PlaceholderSyntax: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case apple
  case java
  case c

  /// The syntax's name: `apple`, `java` or `c`.
  public var description: String { rawValue }

  /// Every `%` construct of `text`, in order: placeholders, `%%`, and ``FormatPlaceholder/Kind/invalid``
  /// ones for a `%` that begins nothing this syntax knows.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func placeholders(in text: String) -> [FormatPlaceholder] {
    // Most strings of a translation file have no placeholder.
    guard text.utf8.contains(UInt8(ascii: "%")) else { return [] }
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

  fileprivate var flags: Set<Unicode.Scalar> {
    switch self {
    case .apple: Self.appleFlags
    case .c: Self.cFlags
    case .java: Self.javaFlags
    }
  }

  fileprivate func kind(of conversion: Unicode.Scalar) -> FormatPlaceholder.Kind? {
    switch (self, conversion) {
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
    while index < scalars.endIndex {
      if scalars[index] == "%" {
        index = placeholder(at: index)
      } else {
        index = scalars.index(after: index)
      }
    }
    return found
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
    if let value = number.value, scalar(at: number.end) == "$", value > 0 {
      position = value
      index = scalars.index(after: number.end)
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
    // The width: digits, or `*` (an argument of its own, in Apple's and C's syntax).
    if syntax != .java, scalar(at: index) == "*" {
      stars += 1
      index = scalars.index(after: index)
    } else {
      index = digits(from: index).end
    }
    // The precision.
    if scalar(at: index) == "." {
      index = scalars.index(after: index)
      if syntax != .java, scalar(at: index) == "*" {
        stars += 1
        index = scalars.index(after: index)
      } else {
        index = digits(from: index).end
      }
    }
    // A `*` takes the next arguments, which only a sequential placeholder has.
    if stars > 0 && position != nil { return invalid(through: index) }
    var length = ""
    // The length: hh, ll, h, l, q, L, z, t, j, and C's Z.
    if syntax != .java, let first = scalar(at: index),
      "hlqLztj".unicodeScalars.contains(first) || (syntax == .c && first == "Z")
    {
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
    conversion: Character, variableName: String? = nil, starArguments: Int = 0
  ) {
    found.append(
      FormatPlaceholder(
        range: range, text: String(text[range]), argument: argument, isPositional: positional, kind: kind,
        length: length, conversion: conversion, variableName: variableName, starArguments: starArguments))
  }
}

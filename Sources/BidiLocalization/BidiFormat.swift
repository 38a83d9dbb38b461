import BidiIsolator
import BidiLocalizationCore
import Foundation

extension String {
  /// `String(format:)` with every argument isolated, and an error instead of a crash when the
  /// template does not fit the arguments.
  ///
  /// Each placeholder goes in FSI … PDI (U+2068 … U+2069), as Unicode MessageFormat 2 and Fluent
  /// place every placeable, so an argument displays as one unit whatever its direction: a Latin
  /// name in an Arabic sentence keeps its `@` and its punctuation, and an argument at the start no
  /// longer decides the direction of the whole line. The isolate holds the word the placeholder is
  /// written in (`%d:%02d`, `%ux%u`, and in Hebrew `%d%%` and `$%.2f`), which would fall apart
  /// around an isolate of the placeholder alone (see `PlaceholderToken` in `BidiLocalizationCore`
  /// for the rule). A placeholder the template already isolates is left as it is. Text
  /// arguments are sanitised first (`BidiSanitizer`, `close`), so a stray PDI or RLO in a user's
  /// name cannot end the isolate early or reach past it.
  ///
  /// ```swift
  /// try String(bidiFormat: "متابعة %@", "@alice")          // "متابعة \u{2068}@alice\u{2069}"
  /// try String(bidiFormat: "%2$@ أعجب بـ %1$lld صورة", 3, "Bob")
  /// try String(bidiFormat: "مرحبا %d", "Bob")              // throws .wrongArgumentType
  /// ```
  ///
  /// Placeholders: Apple's printf syntax (`PlaceholderSyntax.apple`) with `%@`, the integer,
  /// floating-point and character conversions, their flags, widths (`*` too), precisions and
  /// length modifiers, positional arguments (`%2$@`) and `%%`. `%s`, `%p`, `%n` and `%#@name@` are
  /// refused (``BidiFormatError/unsupportedPlaceholder(_:)``).
  ///
  /// - Throws: ``BidiFormatError`` when a placeholder has no argument, an argument of another kind,
  ///   when numbered and unnumbered placeholders are mixed, or when a `%` begins no placeholder.
  /// - Complexity: O(*n*) in the length of the template and the arguments.
  public init(bidiFormat template: String, locale: Locale? = nil, _ arguments: any CVarArg...) throws(BidiFormatError) {
    try self.init(bidiFormat: template, locale: locale, arguments: arguments)
  }

  /// ``init(bidiFormat:locale:_:)`` with the arguments in an array.
  public init(bidiFormat template: String, locale: Locale? = nil, arguments: [any CVarArg]) throws(BidiFormatError) {
    let placeholders = PlaceholderSyntax.apple.placeholders(in: template)
    var arguments = arguments
    try BidiFormatCheck.check(placeholders, in: template, against: &arguments)
    let isolated = IsolatedRanges(template)
    var wrapped = ""
    var copied = template.startIndex
    for token in PlaceholderToken.tokens(
      in: template, placeholders: placeholders,
      isolating: {
        $0.takesArgument && !isolated.contains($0.range)
      })
    {
      wrapped += template[copied..<token.range.lowerBound]
      wrapped += "\u{2068}" + template[token.range] + "\u{2069}"
      copied = token.range.upperBound
    }
    wrapped += template[copied...]
    self.init(format: wrapped, locale: locale, arguments: arguments)
  }
}

/// The checks that keep `String(format:)` from reading an argument it was not given or reading one
/// as another type.
enum BidiFormatCheck {
  static func check(
    _ placeholders: [FormatPlaceholder], in template: String, against arguments: inout [any CVarArg]
  ) throws(BidiFormatError) {
    let taking = placeholders.filter { $0.kind != .percent }
    if let invalid = taking.first(where: { $0.kind == .invalid }) {
      throw .invalidPlaceholder(
        placeholder: invalid.text,
        offset: template.unicodeScalars.distance(from: template.startIndex, to: invalid.range.lowerBound))
    }
    if let unsupported = taking.first(where: { [.string, .pointer, .count, .variable].contains($0.kind) }) {
      throw .unsupportedPlaceholder(unsupported.text)
    }
    let positional = taking.filter(\.isPositional)
    if !positional.isEmpty && positional.count != taking.count {
      throw .mixedPositionalAndSequential(template: template)
    }
    var kinds: [Int: (FormatPlaceholder.Kind, String)] = [:]
    for placeholder in taking {
      guard let argument = placeholder.argument else { continue }
      // A `*` width or precision takes an integer before the value.
      for star in 0..<placeholder.starArguments {
        kinds[argument - placeholder.starArguments + star] = (.integer, placeholder.text)
      }
      kinds[argument] = (placeholder.kind, placeholder.text)
    }
    if let highest = kinds.keys.max(), !positional.isEmpty {
      for argument in 1...highest where kinds[argument] == nil { throw .skippedArgument(argument, template: template) }
    }
    for (argument, (kind, text)) in kinds.sorted(by: { $0.key < $1.key }) {
      guard argument <= arguments.count else {
        throw .missingArgument(placeholder: text, argument: argument, given: arguments.count)
      }
      let value = arguments[argument - 1]
      let fits: Bool =
        switch kind {
        // An object: a String, or an instance of a class. `is NSObject` would also take an `Int`,
        // which bridges to NSNumber, though String(format:) receives it as an integer.
        case .object: value is String || Swift.type(of: value) is AnyClass
        case .integer, .character: value is any BinaryInteger
        case .floatingPoint: value is any BinaryFloatingPoint
        default: false
        }
      guard fits else {
        throw .wrongArgumentType(
          placeholder: text, argument: argument, expected: kind, given: String(describing: type(of: value)))
      }
      if kind == .object, let text = value as? String {
        // Balanced and closed, so that nothing in it ends the isolate or reaches past it.
        arguments[argument - 1] = BidiSanitizer(policy: .close).sanitize(text)
      }
    }
  }
}

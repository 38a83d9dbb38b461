import BidiLocalizationCore

/// Why ``Swift/String/init(bidiFormat:locale:_:)`` could not format: a template that does not fit
/// its arguments, which `String(format:)` would have read past or misread, usually crashing.
public enum BidiFormatError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A placeholder takes an argument that was not given: `%2$@` with one argument.
  case missingArgument(placeholder: String, argument: Int, given: Int)
  /// A placeholder's kind does not fit its argument: `%d` with a `String`, `%@` with an `Int`.
  case wrongArgumentType(placeholder: String, argument: Int, expected: FormatPlaceholder.Kind, given: String)
  /// The template numbers some placeholders (`%1$@`) and not others (`%@`).
  case mixedPositionalAndSequential(template: String)
  /// Numbered placeholders skip an argument (`%1$@ %3$@`): its type cannot be known.
  case skippedArgument(Int, template: String)
  /// A `%` that begins no placeholder (`%y`, a `%` at the end).
  case invalidPlaceholder(placeholder: String, offset: Int)
  /// A placeholder this formatter does not fill: `%s` and `%p` take C pointers, `%n` writes through
  /// one, and `%#@name@` needs a `.stringsdict`.
  case unsupportedPlaceholder(String)

  /// What went wrong, with the format string's placeholder where one is to blame.
  public var description: String {
    switch self {
    case .missingArgument(let placeholder, let argument, let given):
      "\(placeholder) takes argument \(argument), but \(given) argument\(given == 1 ? " was" : "s were") given"
    case .wrongArgumentType(let placeholder, let argument, let expected, let given):
      "\(placeholder) takes \(Self.article(expected)) for argument \(argument), not a \(given)"
    case .mixedPositionalAndSequential(let template):
      "\(template.debugDescription) mixes numbered placeholders (%1$@) with unnumbered ones (%@)"
    case .skippedArgument(let argument, let template):
      "\(template.debugDescription) numbers its placeholders but none takes argument \(argument)"
    case .invalidPlaceholder(let placeholder, let offset):
      "\(placeholder.debugDescription) at offset \(offset) is not a placeholder (write %% for a percent sign)"
    case .unsupportedPlaceholder(let placeholder):
      "\(placeholder) is not supported: use %@ for text"
    }
  }

  private static func article(_ kind: FormatPlaceholder.Kind) -> String {
    switch kind {
    case .object: "an object or a String"
    case .integer: "an integer"
    case .floatingPoint: "a floating-point number"
    case .character: "a character code (an integer)"
    default: "a \(kind.rawValue)"
    }
  }
}

/// One placeholder of a format string: where it is, which argument it takes and what kind of value.
///
/// ```swift
/// let placeholders = PlaceholderSyntax.apple.placeholders(in: "%2$@ liked %1$lld photos")
/// placeholders.map(\.text)       // ["%2$@", "%1$lld"]
/// placeholders.map(\.argument)   // [2, 1]
/// placeholders.map(\.kind)       // [.object, .integer]
/// ```
public struct FormatPlaceholder: Sendable, Hashable {
  /// What a placeholder does with its argument.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// `%@`: an object, such as a `String` (Apple); JavaScript's `%j`, a value written as JSON.
    case object
    /// `%d`, `%i`, `%ld`, `%lld`, `%u`, `%x`, `%o` and their lengths: an integer.
    case integer
    /// `%f`, `%e`, `%g`, `%a`: a floating-point number.
    case floatingPoint
    /// `%c`: a character code.
    case character
    /// `%s`: a C string in Apple's and C's syntax, any value in Java's, PHP's, Python's (`%r` and
    /// `%a` too) and JavaScript's.
    case string
    /// `%p`: a pointer.
    case pointer
    /// `%n` in C and Apple's syntax: writes the count so far through a pointer.
    case count
    /// `%b` (Java): a boolean.
    case boolean
    /// `%h` (Java): a hash code.
    case hashCode
    /// `%tY` and the like (Java): a date or time.
    case dateTime
    /// `%#@name@` (a `.stringsdict` variable): replaced by the variable's plural text, and takes the
    /// number that chooses it.
    case variable
    /// `%%`: a percent sign; takes no argument.
    case percent
    /// `%n` (Java): a line separator; takes no argument.
    case lineSeparator
    /// A `%` that begins no valid placeholder, such as `%y` or a `%` at the end.
    case invalid
    /// Any value, as often a number as text: a Python `{}` field, and Qt's and KDE's `%1`, whose
    /// syntax says nothing of the argument's type.
    case any
  }

  /// The placeholder's range in the string it was found in.
  public let range: Range<String.Index>
  /// The placeholder as written, such as `%1$@`.
  public let text: String
  /// The 1-based argument it takes; `nil` for `%%`, Java's `%n`, an invalid placeholder and one
  /// that takes its argument by ``name``.
  public let argument: Int?
  /// The name of the argument it takes, for Python's `%(count)d` and `{count}` (`{0}` and
  /// `{user.name}` too, as gettext names them); `nil` otherwise.
  public let name: String?
  /// Whether it names its argument (`%2$@`, `%(count)d`) rather than taking the next one.
  public let isPositional: Bool
  /// What it does with its argument.
  public let kind: Kind
  /// The length modifier (`l`, `ll`, `hh`, `z`, …), empty when there is none.
  public let length: String
  /// The conversion character (`@`, `d`, `s`, …).
  public let conversion: Character
  /// The variable's name, for ``Kind/variable``.
  public let variableName: String?
  /// Arguments taken by `*` for the width or precision, before the value's own.
  public let starArguments: Int

  /// Whether the placeholder stands for an argument's value in the text (not `%%` or a line break).
  public var takesArgument: Bool { argument != nil || name != nil }

  /// Creates a placeholder; the parsers are what normally make them.
  public init(
    range: Range<String.Index>, text: String, argument: Int?, isPositional: Bool, kind: Kind, length: String,
    conversion: Character, variableName: String? = nil, starArguments: Int = 0, name: String? = nil
  ) {
    self.range = range
    self.text = text
    self.argument = argument
    self.name = name
    self.isPositional = isPositional
    self.kind = kind
    self.length = length
    self.conversion = conversion
    self.variableName = variableName
    self.starArguments = starArguments
  }
}

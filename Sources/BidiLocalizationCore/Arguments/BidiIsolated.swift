import BidiIsolator

/// A value that displays as one unit inside text of either direction: its description is the
/// value's own, sanitised, between an isolate initiator and PDI (FSI … PDI unless a direction is
/// given).
///
/// Interpolated into a localized string on Apple's systems (with `import BidiLocalization`, which
/// adds that interpolation on Foundation), it keeps the localization key the same as the bare value
/// would (an interpolated object becomes `%@` in the key), while the translation shows the value
/// isolated:
///
/// ```swift
/// let name = "@alice"
/// Text(String(localized: "Follow \(BidiIsolated(name))"))   // key "Follow %@"
/// "\(BidiIsolated(name))"                                    // "\u{2068}@alice\u{2069}"
/// BidiIsolated("+1 555", direction: .leftToRight).description // "\u{2066}+1 555\u{2069}"
/// ```
///
/// A control of the value's own is sanitised (`BidiSanitizer`, `close`): a stray PDI cannot end
/// the isolate early, and an RLO cannot reach past it.
public struct BidiIsolated: Sendable, Hashable, CustomStringConvertible {
  /// The value's text, as the value describes itself.
  public let value: String
  /// The direction of the isolate: `nil` for first strong (FSI).
  public let direction: TextDirection?

  /// Isolates `value`, in the direction given or by its first strong character.
  ///
  /// - Complexity: O(*n*) in the length of the value's description.
  public init(_ value: some CustomStringConvertible, direction: TextDirection? = nil) {
    self.value = value.description
    self.direction = direction
  }

  /// The value between its initiator and PDI.
  public var description: String {
    let initiator: BidiControl = direction.map(\.isolate) ?? .firstStrongIsolate
    return String(initiator.scalar) + BidiSanitizer(policy: .close).sanitize(value) + "\u{2069}"
  }
}

/// How a message's direction is estimated when nobody stored it.
///
/// ```swift
/// DirectionDetector(heuristic: .wordMajority).direction(of: "HTML و CSS: تصميم و إنشاء مواقع الويب")
/// // .rightToLeft: six right-to-left words against two
/// ```
public enum DirectionHeuristic: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The direction of the first strong character outside entities and isolates: UAX #9's rules
  /// P2–P3, except that a leading `@alice` or `#tag` does not decide.
  case firstStrong
  /// The direction most words outside entities read in, each word counting by its first strong
  /// character; first-strong breaks a tie. A message that starts with an explicit mark (LRM, RLM,
  /// ALM) takes the mark's direction.
  case wordMajority

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

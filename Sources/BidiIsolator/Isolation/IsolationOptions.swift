/// How the message's own direction is made explicit in the output, so a renderer that uses the
/// first-strong rule lays it out as the isolator judged it.
///
/// ```swift
/// var options = IsolationOptions()
/// options.explicitDirection = .mark
/// BidiIsolator(options).isolate("@alice مرحبا")   // "\u{200F}\u{2066}@alice\u{2069} مرحبا"
/// ```
public enum ExplicitDirection: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Insert nothing.
  case none
  /// Put an RLM or LRM of the message's direction at the start of each paragraph that does not
  /// already start with it.
  case mark
  /// Wrap each paragraph in RLI…PDI or LRI…PDI (FSI…PDI when the message has no strong character),
  /// as when inserting the message into a template of the other direction.
  case isolate

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

/// Everything ``BidiIsolator`` can be told.
///
/// ```swift
/// let options = IsolationOptions(
///   strategy: .embed, kinds: [.mentions, .urls], existingControls: .strip,
///   memberNames: ["张三", "李四"], explicitDirection: .mark)
/// ```
public struct IsolationOptions: Sendable, Hashable {
  /// How entities are set apart.
  public var strategy: IsolationStrategy
  /// Which entities are looked for.
  public var kinds: EntityKinds
  /// What happens to bidi controls already in the text.
  public var existingControls: ControlPolicy
  /// The room's member names, without sigils: a mention is the longest that matches.
  public var memberNames: [String]
  /// Whether and how the message's direction is written into the output.
  public var explicitDirection: ExplicitDirection
  /// How the message's direction is estimated when ``messageDirection`` is `nil`.
  public var directionHeuristic: DirectionHeuristic
  /// The direction the message is displayed in, when the caller knows it (a stored direction, a
  /// `dir` attribute); `nil` to estimate it, skipping entities. The ``IsolationStrategy/embed`` and
  /// ``IsolationStrategy/mark`` strategies and ``explicitDirection`` use it.
  public var messageDirection: TextDirection?

  /// Options; the defaults isolate every kind of entity, close unbalanced controls and make nothing
  /// explicit.
  ///
  /// - Complexity: O(1).
  public init(
    strategy: IsolationStrategy = .isolate, kinds: EntityKinds = .all, existingControls: ControlPolicy = .close,
    memberNames: [String] = [], explicitDirection: ExplicitDirection = .none,
    directionHeuristic: DirectionHeuristic = .firstStrong, messageDirection: TextDirection? = nil
  ) {
    self.strategy = strategy
    self.kinds = kinds
    self.existingControls = existingControls
    self.memberNames = memberNames
    self.explicitDirection = explicitDirection
    self.directionHeuristic = directionHeuristic
    self.messageDirection = messageDirection
  }
}

/// The options the pipeline reads on every call, without the member names: plain values, so
/// handing them around costs no reference counting.
internal struct IsolationSettings {
  var strategy: IsolationStrategy
  var kinds: EntityKinds
  var existingControls: ControlPolicy
  var explicitDirection: ExplicitDirection
  var directionHeuristic: DirectionHeuristic
  var messageDirection: TextDirection?

  init(_ options: IsolationOptions) {
    strategy = options.strategy
    kinds = options.kinds
    existingControls = options.existingControls
    explicitDirection = options.explicitDirection
    directionHeuristic = options.directionHeuristic
    messageDirection = options.messageDirection
  }
}

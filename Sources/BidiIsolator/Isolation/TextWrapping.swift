@_spi(BidiCore) import BidiCore

/// Wraps a whole piece of user text for insertion into a template such as `"\(name): \(message)"`,
/// like Android's `BidiFormatter.unicodeWrap`: the inserted text keeps its own direction and
/// neither reorders the template around it nor is reordered by it.
///
/// ```swift
/// let wrapper = BidiWrapper()
/// let name = "إيان"
/// "User \(wrapper.wrap(name)): 3 posts."
/// // "User \u{2067}إيان\u{2069}: 3 posts.", which displays "User نايإ: 3 posts."
/// "User \(isolating: name): 3 posts."   // the same, through string interpolation
/// ```
///
/// The text's own controls are closed first (the `close` policy), so an RLO pasted into a name
/// reverses nothing of the template.
///
/// - Complexity: ``wrap(_:direction:)`` is O(*n*).
public struct BidiWrapper: Sendable {
  /// How the text is set apart.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// LRI, RLI or FSI…PDI, for renderers of Unicode 6.3 and later.
    case isolate
    /// LRE or RLE…PDF where the text's direction differs from the template's, then a mark of the
    /// template's direction where the text would pull what follows: what `unicodeWrap` does.
    case embed
  }

  /// How the text is set apart.
  public var style: Style
  /// The direction of the template the text goes into; used by the ``Style/embed`` style.
  public var context: TextDirection
  /// Estimates the text's direction when it is not given, skipping entities.
  public var detector: DirectionDetector

  /// A wrapper for templates of direction `context`.
  ///
  /// - Complexity: O(1).
  public init(
    context: TextDirection = .leftToRight, style: Style = .isolate, heuristic: DirectionHeuristic = .firstStrong
  ) {
    self.context = context
    self.style = style
    self.detector = DirectionDetector(heuristic: heuristic)
  }

  /// `text` ready to insert into a template.
  ///
  /// ```swift
  /// BidiWrapper().wrap("שלום")                                // "\u{2067}שלום\u{2069}"
  /// BidiWrapper().wrap("@alice שלום")                         // "\u{2067}@alice שלום\u{2069}"
  /// BidiWrapper().wrap("123")                                 // "\u{2068}123\u{2069}"
  /// BidiWrapper(style: .embed).wrap("שלום")                   // "\u{202B}שלום\u{202C}\u{200E}"
  /// ```
  ///
  /// - Parameter direction: the text's direction when known, such as a stored direction of a
  ///   user's name; estimated otherwise.
  /// - Complexity: O(*n*).
  public func wrap(_ text: String, direction: TextDirection? = nil) -> String {
    let safe = BidiSanitizer(policy: .close).sanitize(text)
    let direction = direction ?? detector.direction(of: safe)
    switch style {
    case .isolate:
      let initiator = direction?.isolate ?? .firstStrongIsolate
      return String(initiator.scalar) + safe + String(BidiControl.popDirectionalIsolate.scalar)
    case .embed:
      var wrapped = safe
      if let direction, direction != context {
        wrapped = String(direction.embedding.scalar) + safe + String(BidiControl.popDirectionalFormatting.scalar)
      }
      if (direction ?? context) != context || Self.exitDirection(of: safe) == context.reversed {
        wrapped.unicodeScalars.append(context.mark.scalar)
      }
      return wrapped
    }
  }

  /// The direction of the last strong character, the one that decides what neutrals after the text
  /// attach to.
  private static func exitDirection(of text: String) -> TextDirection? {
    let table = CharacterTable.shared
    for scalar in text.unicodeScalars.reversed() {
      if let direction = table.strongDirection(of: scalar.value) { return direction }
    }
    return nil
  }
}

extension DefaultStringInterpolation {
  /// Interpolates `text` wrapped by a default ``BidiWrapper``: in an isolate of its own direction.
  ///
  /// ```swift
  /// let line = "\(isolating: userName): \(isolating: message)"
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public mutating func appendInterpolation(isolating text: String) {
    appendInterpolation(BidiWrapper().wrap(text))
  }
}

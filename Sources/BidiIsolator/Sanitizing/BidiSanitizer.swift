/// Makes the bidi controls already in a text safe, on its own, without looking for entities.
///
/// ```swift
/// let pasted = "\u{202E}evil name"          // RLO, never closed
/// BidiSanitizer().sanitize(pasted)           // "\u{2067}\u{202E}evil name\u{202C}\u{2069}":
///                                            // closed, and contained in an isolate
/// BidiSanitizer(policy: .strip).sanitize("a\u{2067}b\u{200F}")   // "ab"
/// ```
///
/// Every paragraph is balanced on its own, as the algorithm treats each one separately.
///
/// - Complexity: ``sanitize(_:)`` is O(*n*).
public struct BidiSanitizer: Sendable, Hashable {
  /// What to do with the controls.
  public var policy: ControlPolicy

  /// A sanitiser with `policy`.
  ///
  /// - Complexity: O(1).
  public init(policy: ControlPolicy = .close) {
    self.policy = policy
  }

  /// `text` with its controls closed, stripped or kept as ``policy`` says. A text with no controls
  /// is returned as it is.
  ///
  /// - Complexity: O(*n*).
  public func sanitize(_ text: String) -> String {
    guard policy != .keep else { return text }
    return withUTF8Text(text) { utf8 -> String in
      let structure = EntityFinder(text: utf8, kinds: [], members: nil).scan(recordingStructure: true)
      guard !structure.controls.isEmpty else { return text }
      var edits = TextEdits()
      Self.plan(
        policy, controls: structure.controls, separators: structure.separators, length: utf8.count, into: &edits)
      return edits.isEmpty ? text : edits.applied(to: utf8)
    }
  }

  /// Adds to `edits` what `policy` does to `controls`. Returns whether anything is removed.
  @discardableResult
  internal static func plan(
    _ policy: ControlPolicy, controls: some Sequence<ControlOccurrence>, separators: [Range<Int>], length: Int,
    into edits: inout TextEdits
  ) -> Bool {
    var balancer = ControlBalancer()
    return plan(policy, controls: controls, separators: separators, length: length, into: &edits, balancer: &balancer)
  }

  /// ``plan(_:controls:separators:length:into:)`` with a balancer whose memory is reused.
  @discardableResult
  internal static func plan(
    _ policy: ControlPolicy, controls: some Sequence<ControlOccurrence>, separators: [Range<Int>], length: Int,
    into edits: inout TextEdits, balancer: inout ControlBalancer
  ) -> Bool {
    switch policy {
    case .keep:
      return false
    case .strip:
      var removes = false
      for occurrence in controls {
        edits.remove(occurrence.offset..<occurrence.end)
        removes = true
      }
      return removes
    case .close:
      balancer.balance(
        controls: controls, separators: separators, length: length,
        maximumLevel: ControlBalancer.sanitizedMaximumLevel)
      for occurrence in balancer.dropped { edits.remove(occurrence.offset..<occurrence.end) }
      // The closers are worked out with the dropped controls already ignored, so all the edits
      // apply together.
      for closer in balancer.closers { edits.insert(closer.control, at: closer.offset, rank: .balancingClose) }
      for containment in balancer.containments {
        edits.insert(containment.initiator, at: containment.start, rank: .containmentStart)
        edits.insert(.popDirectionalIsolate, at: containment.end, rank: .containmentEnd)
      }
      return !balancer.dropped.isEmpty
    }
  }
}

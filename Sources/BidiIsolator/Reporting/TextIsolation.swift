/// A message isolated, with an account of what isolating it did: every control inserted and
/// removed, offsets mapped both ways, and the direction a reader sees the message in.
///
/// ```swift
/// let isolation = BidiIsolator().isolation(of: "@alice مرحبا كيف حالك")
/// isolation.isolated                 // "\u{2066}@alice\u{2069} مرحبا كيف حالك"
/// isolation.direction                // .rightToLeft: the mention does not decide it
/// isolation.edits.count              // 2: an LRI and a PDI
/// isolation.offsets.isolatedOffset(ofOriginal: 7, in: .utf16)   // 9
/// ```
///
/// What ``BidiIsolator/isolation(of:spans:)`` returns; a server can store ``edits`` beside a
/// message, an app can map a tap or a search match between the text it holds and the text it
/// shows.
public struct TextIsolation: Sendable {
  /// The message as given.
  public let original: String
  /// The message isolated, as ``BidiIsolator/isolate(_:)`` would return it, with the spans isolated
  /// too.
  public let isolated: String
  /// Offsets between ``original`` and ``isolated``, both ways.
  public let offsets: IsolationOffsetMap
  /// The direction a reader sees the message in: the direction of its first strong character
  /// outside entities, spans and isolates (or most words, by the isolator's
  /// ``IsolationOptions/directionHeuristic``), the choice `bidi-fix display --dir auto` makes;
  /// ``IsolationOptions/messageDirection`` when that is given. `nil` when the message has no strong
  /// character there, such as a bare number: a renderer then uses its own default.
  public let direction: TextDirection?

  init(original: String, isolated: String, offsets: IsolationOffsetMap, direction: TextDirection?) {
    self.original = original
    self.isolated = isolated
    self.offsets = offsets
    self.direction = direction
  }

  /// The controls inserted and removed, in the order of the text.
  public var edits: [IsolationEdit] { offsets.edits }

  /// Whether isolating changed nothing.
  public var isUnchanged: Bool { offsets.edits.isEmpty }

  /// Where `index`, an index of ``original`` at a scalar boundary, is in ``isolated``.
  ///
  /// - Complexity: O(log *k*) for *k* edits, and O(*n*) for strings that are not native UTF-8.
  public func isolatedIndex(of index: String.Index, affinity: OffsetAffinity = .downstream) -> String.Index {
    let offset = original.utf8.distance(from: original.startIndex, to: index)
    return isolated.utf8.index(
      isolated.startIndex, offsetBy: offsets.isolatedOffset(ofOriginal: offset, in: .utf8, affinity: affinity))
  }

  /// Where `index`, an index of ``isolated`` at a scalar boundary, is in ``original``.
  ///
  /// - Complexity: O(log *k*) for *k* edits, and O(*n*) for strings that are not native UTF-8.
  public func originalIndex(of index: String.Index, affinity: OffsetAffinity = .downstream) -> String.Index {
    let offset = isolated.utf8.distance(from: isolated.startIndex, to: index)
    return original.utf8.index(
      original.startIndex, offsetBy: offsets.originalOffset(ofIsolated: offset, in: .utf8, affinity: affinity))
  }

  /// The range of ``isolated`` that shows the characters of `range`, a range of ``original``,
  /// without the controls around them.
  ///
  /// ```swift
  /// let isolation = BidiIsolator().isolation(of: "hi @bob")
  /// let bob = isolation.original.range(of: "@bob")!
  /// isolation.isolated[isolation.isolatedRange(of: bob)]   // "@bob"
  /// ```
  ///
  /// - Complexity: O(log *k*) for *k* edits, and O(*n*) for strings that are not native UTF-8.
  public func isolatedRange(of range: Range<String.Index>) -> Range<String.Index> {
    Self.convert(range, from: original, to: isolated) { offsets.isolatedRange(ofOriginal: $0, in: .utf8) }
  }

  /// The range of ``original`` whose characters `range`, a range of ``isolated``, shows: what to
  /// copy when a user copies a selection of the isolated text.
  ///
  /// - Complexity: O(log *k*) for *k* edits, and O(*n*) for strings that are not native UTF-8.
  public func originalRange(of range: Range<String.Index>) -> Range<String.Index> {
    Self.convert(range, from: isolated, to: original) { offsets.originalRange(ofIsolated: $0, in: .utf8) }
  }

  private static func convert(
    _ range: Range<String.Index>, from source: String, to target: String, _ map: (Range<Int>) -> Range<Int>
  ) -> Range<String.Index> {
    let lower = source.utf8.distance(from: source.startIndex, to: range.lowerBound)
    let mapped = map(lower..<lower + source.utf8.distance(from: range.lowerBound, to: range.upperBound))
    let start = target.utf8.index(target.startIndex, offsetBy: mapped.lowerBound)
    return start..<target.utf8.index(start, offsetBy: mapped.count)
  }
}

extension BidiIsolator {
  /// `message` isolated as ``isolate(_:)`` isolates it, with an account of every control inserted
  /// and removed, offsets mapped both ways, and the message's direction.
  ///
  /// ```swift
  /// let isolation = BidiIsolator().isolation(of: "اتصل +1-555-0100")
  /// isolation.isolated == BidiIsolator().isolate("اتصل +1-555-0100")   // true
  /// ```
  ///
  /// - Complexity: O(*n*).
  public func isolation(of message: String) -> TextIsolation {
    isolation(of: message, utf8Spans: [])
  }

  /// `message` with its entities isolated and each of `spans` isolated as one unit too, with an
  /// account of what was done.
  ///
  /// A span gets an isolate of the direction of its first strong character (LRI or RLI; FSI when it
  /// has none), so a Latin display name stays whole in an Arabic message and an Arabic one in an
  /// English message. Entities inside a span stay isolated inside it. A span is widened to hold
  /// whole any entity it cuts, any pair of controls it crosses, and any character, word or address
  /// it splits (a control there would end the token for the scanner and could make a part of it
  /// an entity); spans that overlap become one, and a span across paragraphs is isolated paragraph
  /// by paragraph: the output stays balanced.
  /// Spans are isolated with isolates whatever the ``IsolationOptions/strategy``; a span whose
  /// isolate would pair with a control the ``ControlPolicy/keep`` policy left unmatched, or would
  /// nest past the algorithm's 125 levels, is left as it is. The message's
  /// ``TextIsolation/direction`` skips spans as it skips entities, and so does the direction the
  /// ``IsolationOptions/explicitDirection`` and the `embed` and `mark` strategies write.
  ///
  /// Isolating the output again, with the spans mapped to it through
  /// ``TextIsolation/offsets``, gives the output again: an isolate right around a span is
  /// recognised as the span's. Controls the message already had are treated as
  /// ``IsolationOptions/existingControls`` says, as ``isolate(_:)`` treats them.
  ///
  /// ```swift
  /// let message = "@alice مرحبا Dana Levi (UK)"
  /// let span = IsolationSpan(13..<27, in: .utf16)   // "Dana Levi (UK)"
  /// let isolation = try BidiIsolator().isolation(of: message, spans: [span])
  /// // "\u{2066}@alice\u{2069} مرحبا \u{2066}Dana Levi (UK)\u{2069}", direction .rightToLeft
  /// ```
  ///
  /// - Throws: ``IsolationSpanError`` when a span reaches outside the message or splits a
  ///   character.
  /// - Complexity: O(*n* + *s* log *s*) for *s* spans, nested at most a few levels deep.
  public func isolation(of message: String, spans: [IsolationSpan]) throws(IsolationSpanError) -> TextIsolation {
    isolation(of: message, utf8Spans: try IsolationSpan.utf8Ranges(of: spans, in: message))
  }

  /// ``isolation(of:spans:)`` with spans as UTF-8 ranges at scalar boundaries.
  package func isolation(of message: String, utf8Spans spans: [Range<Int>]) -> TextIsolation {
    SpanIsolation(settings: settings, members: memberIndex).isolate(message, spans: spans)
  }

  /// `text` without the controls an isolator inserted, around entities and, given the same
  /// spans, around spans: ``removeIsolation(from:)`` for text isolated with
  /// ``isolation(of:spans:)``.
  ///
  /// - Throws: ``IsolationSpanError`` when a span reaches outside the text or splits a character.
  /// - Complexity: O(*n* + *s* log *s*) for *s* spans.
  public func removeIsolation(from text: String, spans: [IsolationSpan]) throws(IsolationSpanError) -> String {
    removingIsolation(from: text, utf8Spans: try IsolationSpan.utf8Ranges(of: spans, in: text)).text
  }

  /// `text` without the isolator's controls, and the offsets from `text` to it.
  package func removingIsolation(
    from text: String, utf8Spans spans: [Range<Int>]
  ) -> (
    text: String, offsets: IsolationOffsetMap
  ) {
    let peeled = SpanIsolation(settings: settings, members: memberIndex).withoutSpanIsolates(text, spans: spans)
    let stripped = removeIsolation(from: peeled)
    return (stripped, SpanIsolation.offsets(from: text, to: stripped))
  }
}

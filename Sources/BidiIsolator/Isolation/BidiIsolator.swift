/// Wraps the mentions, hashtags, URLs, e-mail addresses and numbers of a chat message in bidi
/// controls so each displays as a unit in a message of either direction, on any renderer.
///
/// ```swift
/// let isolator = BidiIsolator()
/// isolator.isolate("مرحبا @alice, راجع https://example.com/a")
/// // "مرحبا \u{2066}@alice\u{2069}, راجع \u{2066}https://example.com/a\u{2069}"
///
/// let legacy = BidiIsolator(IsolationOptions(strategy: .mark))
/// legacy.isolate("مرحبا@我, 今天天气好吗")
/// // "مرحبا\u{200E}@我, 今天天气好吗": displays as "@我, 今天天气好吗مرحبا"
/// ```
///
/// The isolator is pure Swift with no C underneath, so an app can call it right before rendering.
/// It guarantees, for any string:
/// - **Balance**: with the `close` and `strip` policies, every initiator in the output is matched
///   and properly nested within its paragraph, so nothing reaches past the message.
/// - **Idempotence**: isolating the output again gives the same output.
/// - **Reversibility**: for input with no bidi controls of its own, ``removeIsolation(from:)``
///   gives the input back exactly.
///
/// - Complexity: ``isolate(_:)`` is O(*n*) in the length of the message: one scan of its bytes,
///   and one pass to build the output when anything is inserted.
public struct BidiIsolator: Sendable {
  /// How the isolator works.
  public var options: IsolationOptions {
    didSet {
      settings = IsolationSettings(options)
      memberIndex = Self.index(options.memberNames)
    }
  }

  private(set) var settings: IsolationSettings
  /// `nil` when the room's names are not known, which the scanner checks once per mention.
  private(set) var memberIndex: MemberNameIndex?

  private static func index(_ names: [String]) -> MemberNameIndex? {
    let index = MemberNameIndex(names)
    return index.isEmpty ? nil : index
  }

  /// An isolator with `options`.
  ///
  /// - Complexity: O(*m* log *m*) for *m* member names.
  public init(_ options: IsolationOptions = IsolationOptions()) {
    self.options = options
    self.settings = IsolationSettings(options)
    self.memberIndex = Self.index(options.memberNames)
  }

  /// `message` with its entities isolated, its own controls treated as
  /// ``IsolationOptions/existingControls`` says and its direction made explicit as
  /// ``IsolationOptions/explicitDirection`` says. A message with nothing to change is returned as
  /// it is.
  ///
  /// ```swift
  /// BidiIsolator().isolate("السعر $9.99")   // "السعر \u{2066}$9.99\u{2069}"
  /// BidiIsolator().isolate("hello")        // "hello", not copied
  /// ```
  ///
  /// - Complexity: O(*n*).
  public func isolate(_ message: String) -> String {
    withUTF8Text(message) { utf8 in
      IsolationPipeline(options: settings, members: memberIndex).isolate(utf8) ?? message
    }
  }

  /// Appends `message` isolated, as UTF-8, to `output`: ``isolate(_:)`` for callers that hold text
  /// as bytes, such as a server writing messages straight to a socket or a tool streaming a file.
  /// The common message costs one scan and one copy, with no `String` made on the way.
  ///
  /// ```swift
  /// var output: [UInt8] = []
  /// let bytes = Array("السعر $9.99".utf8)
  /// if let message = try? UTF8Span(validating: bytes.span) {
  ///   BidiIsolator().isolate(message, appendingTo: &output)
  /// }
  /// // output holds "السعر \u{2066}$9.99\u{2069}" as UTF-8
  /// ```
  ///
  /// - Complexity: O(*n*).
  @available(SwiftStdlib 6.2, *)
  public func isolate(_ message: UTF8Span, appendingTo output: inout [UInt8]) {
    isolate(validUTF8: message.span, appendingTo: &output)
  }

  /// ``isolate(_:appendingTo:)`` for bytes the caller has validated as UTF-8, on every system.
  ///
  /// - Complexity: O(*n*).
  package func isolate(validUTF8 message: Span<UInt8>, appendingTo output: inout [UInt8]) {
    withUTF8Text(validUTF8: message) { text in
      IsolationPipeline(options: settings, members: memberIndex).isolate(text, appendingTo: &output)
    }
  }

  /// `text` without the controls an isolator inserted around entities, in any of the three
  /// strategies, nor the mark or isolate it put around each paragraph. For input that had no bidi
  /// controls of its own, `removeIsolation(from: isolate(input)) == input`.
  ///
  /// ```swift
  /// let isolated = BidiIsolator().isolate("@alice مرحبا")   // "\u{2066}@alice\u{2069} مرحبا"
  /// BidiIsolator().removeIsolation(from: isolated)            // "@alice مرحبا"
  /// ```
  ///
  /// Insertions are recognised by position against the entities in the text, found with this
  /// isolator's ``IsolationOptions/kinds`` and ``IsolationOptions/memberNames``: use the ones the
  /// text was isolated with. A control of the user's own that stands exactly where the isolator
  /// would put one is removed too, and closers added by the `close` policy stay.
  ///
  /// - Complexity: O(*n*).
  public func removeIsolation(from text: String) -> String {
    withUTF8Text(text) { utf8 in
      let scan = EntityFinder(text: utf8, kinds: options.kinds, members: memberIndex).scan(recordingStructure: true)
      let recognizer = InsertionRecognizer(
        strategies: IsolationStrategy.allCases, paragraphWrappers: true, leadingMarks: true)
      let claimed = recognizer.claimedOffsets(in: utf8, scan: scan)
      guard !claimed.isEmpty else { return text }
      var edits = TextEdits()
      for occurrence in scan.controls where claimed.contains(occurrence.offset) {
        edits.remove(occurrence.offset..<occurrence.end)
      }
      return edits.applied(to: utf8)
    }
  }

  /// `text` without any of the twelve bidi controls (embeddings, overrides, isolates, their
  /// terminators, LRM, RLM, ALM), whoever inserted them.
  ///
  /// ```swift
  /// BidiIsolator.removeBidiControls(from: "\u{2067}שלום\u{2069} \u{200E}1")   // "שלום 1"
  /// ```
  ///
  /// - Complexity: O(*n*).
  public static func removeBidiControls(from text: String) -> String {
    BidiSanitizer(policy: .strip).sanitize(text)
  }
}

/// One isolation: recognise and remove earlier insertions, sanitise the text's own controls, then
/// plan and insert.
///
/// The first two steps repeat until neither changes anything, because each can enable the other:
/// dropping a stray PDF can leave an old wrapper recognisable, and a closer the sanitiser adds can
/// complete one. What the loop settles on holds no recognisable insertion and needs no
/// sanitising, so the isolator's own insertions are exactly what a second isolation peels off:
/// that is what makes isolating idempotent.
internal struct IsolationPipeline {
  let options: IsolationSettings
  let members: MemberNameIndex?
  /// Estimates the message's direction from the settled text and its scan, in place of skipping
  /// its entities alone: ``BidiIsolator/isolation(of:spans:)`` skips its spans too.
  var directionEstimator: ((UTF8Text, ScanResult) -> TextDirection?)? = nil

  /// After this many rounds recognition stops and only the sanitiser runs, which settles in one
  /// more round. Real text needs one or two.
  private static let recognitionRounds = 8

  /// The isolated text, or `nil` when it is unchanged.
  func isolate(_ original: UTF8Text) -> String? {
    let quick = withQuickEntities(original) { entities -> String?? in
      guard let entities else { return .none }
      guard !entities.isEmpty else { return .some(nil) }
      return makeUTF8String(capacity: original.count + 6 * entities.count) { output in
        Self.write(original, isolating: entities, to: &output)
      }
    }
    if let quick { return quick }
    return isolateInGeneral(original)
  }

  /// Appends the isolated text to `output`, or the text itself when nothing changes.
  func isolate(_ original: UTF8Text, appendingTo output: inout [UInt8]) {
    let done = withQuickEntities(original) { entities -> Bool in
      guard let entities else { return false }
      output.appendUTF8(capacity: original.count + 6 * entities.count) { room in
        Self.write(original, isolating: entities, to: &room)
      }
      return true
    }
    if done { return }
    if let isolated = isolateInGeneral(original) {
      output.append(contentsOf: isolated.utf8)
    } else {
      original.append(0..<original.count, to: &output)
    }
  }

  private func isolateInGeneral(_ original: UTF8Text) -> String? {
    let scan = finder(original).scan(recordingStructure: true)
    if scan.entities.isEmpty && scan.controls.isEmpty && options.explicitDirection == .none {
      return nil
    }
    guard !scan.controls.isEmpty else { return planned(original, scan) }
    guard let settled = settle(original, scan) else { return planned(original, scan) }
    return withUTF8Text(settled.text) { planned($0, settled.scan) } ?? settled.text
  }

  /// The text once recognised insertions are removed and its own controls sanitised, with its
  /// scan; `nil` when that changes nothing.
  private func settle(_ original: UTF8Text, _ originalScan: ScanResult) -> (text: String, scan: ScanResult)? {
    var current: String? = nil
    var scan = originalScan
    var round = 0
    while !scan.controls.isEmpty {
      let edits: TextEdits = withCurrentText(original, current) { text in
        // A wrapper around a whole paragraph is the outermost insertion, so only the first round
        // looks for one; later rounds would take the user's own isolates for it.
        let recognizer = InsertionRecognizer(
          strategies: [options.strategy],
          paragraphWrappers: options.explicitDirection == .isolate && round == 0, leadingMarks: false,
          wrappersByPositionAlone: options.existingControls == .keep)
        let claimed =
          round < Self.recognitionRounds ? recognizer.claimedOffsets(in: text, scan: scan) : ClaimedOffsets()
        var edits = TextEdits()
        for occurrence in scan.controls where claimed.contains(occurrence.offset) {
          edits.remove(occurrence.offset..<occurrence.end)
        }
        BidiSanitizer.plan(
          options.existingControls, controls: scan.controls.lazy.filter { !claimed.contains($0.offset) },
          separators: scan.separators, length: text.count, into: &edits)
        return edits
      }
      if edits.isEmpty { break }
      let next = withCurrentText(original, current) { edits.applied(to: $0) }
      scan = withUTF8Text(next) { finder($0).scan(recordingStructure: true) }
      current = next
      round += 1
    }
    return current.map { ($0, scan) }
  }

  /// The common case on its own path: the isolate strategy, nothing explicit, and a message with
  /// no bidi control and at most a few dozen entities. `body` gets the entities to isolate, from a
  /// buffer on the stack, or `nil` when the message needs the general path; the message then costs
  /// one scan and one write of its bytes (and, for a `String`, one allocation and one copy).
  private func withQuickEntities<Result>(
    _ text: UTF8Text, _ body: (FixedBuffer<RawEntity>?) -> Result
  ) -> Result {
    guard options.strategy == .isolate && options.explicitDirection == .none else { return body(nil) }
    // 32 entities: room for chat messages, and within the 64 bits of the mask below.
    return withFixedBuffer(of: RawEntity.self, capacity: 32) { entities -> Result in
      var sink = InlineEntities(entities)
      finder(text).scan(recordingStructure: true, into: &sink)
      entities = sink.entities
      if sink.isFinished { return body(nil) }
      // Judge every entity first, since judging reads the ones before it, then keep, in place,
      // only those that need their isolate: rarely fewer than all.
      var continuation = LeftToRightContinuation(text: text)
      var left: UInt64 = 0
      for index in entities.indices where !continuation.needsIsolate(at: index, in: entities) { left |= 1 << index }
      if left != 0 {
        var kept = 0
        for index in entities.indices where left & 1 << index == 0 {
          entities[kept] = entities[index]
          kept += 1
        }
        entities.removeAll(after: kept)
      }
      return body(entities)
    }
  }

  /// Writes `text` with each of `entities` in its isolate to `output`, which has room for it.
  private static func write(_ text: UTF8Text, isolating entities: FixedBuffer<RawEntity>, to output: inout UTF8Writer) {
    var cursor = 0
    for entity in entities {
      output.append(cursor..<entity.start, of: text)
      output.append(entity.isolateInitiator)
      output.append(entity.start..<entity.end, of: text)
      output.append(.popDirectionalIsolate)
      cursor = entity.end
    }
    output.append(cursor..<text.count, of: text)
  }

  private func finder(_ text: UTF8Text) -> EntityFinder {
    EntityFinder(text: text, kinds: options.kinds, members: members, directions: .unlessAlwaysLeftToRight)
  }

  private func withCurrentText<Result>(_ original: UTF8Text, _ current: String?, _ body: (UTF8Text) -> Result) -> Result
  {
    guard let current else { return body(original) }
    return withUTF8Text(current, body)
  }

  /// The text with the entity wrappers and the explicit direction inserted, or `nil` when there are
  /// none.
  private func planned(_ text: UTF8Text, _ scan: ScanResult) -> String? {
    var edits = TextEdits()
    let needsDirection = options.strategy != .isolate || options.explicitDirection != .none
    let direction = needsDirection ? options.messageDirection ?? estimatedDirection(text, scan) : nil
    IsolationPlanner(text: text, scan: scan, options: options, messageDirection: direction).plan(into: &edits)
    return edits.isEmpty ? nil : edits.applied(to: text)
  }

  private func estimatedDirection(_ text: UTF8Text, _ scan: ScanResult) -> TextDirection? {
    if let directionEstimator { return directionEstimator(text, scan) }
    return DirectionEstimate(text: text, entities: scan.entities).direction(options.directionHeuristic)
  }
}

/// Entities found into a fixed buffer. It gives up, setting ``isFinished``, at the first bidi
/// control or when the buffer is full, and the isolator then takes its general path.
private struct InlineEntities: ScanSink {
  var entities: FixedBuffer<RawEntity>
  private(set) var isFinished = false

  init(_ entities: FixedBuffer<RawEntity>) { self.entities = entities }

  mutating func append(_ entity: RawEntity) {
    guard !entities.isFull else {
      isFinished = true
      return
    }
    entities.append(entity)
  }

  mutating func appendControl(_ control: ControlOccurrence) { isFinished = true }

  mutating func appendSeparator(_ separator: Range<Int>) {}
}

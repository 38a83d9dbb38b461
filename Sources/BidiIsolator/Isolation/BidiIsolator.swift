/// Wraps the mentions, hashtags, URLs, e-mail addresses, numbers, inline code, terms (`C++`),
/// commands (`/start`), emoticons (`:D`), quotations, parentheticals and emphasis of a chat message
/// in bidi controls so each displays as a unit in a message of either direction, on any renderer.
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
    var workspace = Workspace()
    isolate(validUTF8: message.span, appendingTo: &output, workspace: &workspace)
  }

  /// ``isolate(_:appendingTo:)`` in `workspace`, whose memory the next message reuses: with one
  /// workspace per thread, isolating allocates nothing once the buffers have grown, whatever the
  /// messages hold.
  ///
  /// - Complexity: O(*n*).
  @available(SwiftStdlib 6.2, *)
  public func isolate(_ message: UTF8Span, appendingTo output: inout [UInt8], workspace: inout Workspace) {
    isolate(validUTF8: message.span, appendingTo: &output, workspace: &workspace)
  }

  /// ``isolate(_:appendingTo:)`` for bytes the caller has validated as UTF-8, on every system.
  ///
  /// - Complexity: O(*n*).
  package func isolate(validUTF8 message: Span<UInt8>, appendingTo output: inout [UInt8]) {
    var workspace = Workspace()
    isolate(validUTF8: message, appendingTo: &output, workspace: &workspace)
  }

  /// ``isolate(_:appendingTo:workspace:)`` for bytes the caller has validated as UTF-8, on every
  /// system.
  ///
  /// - Complexity: O(*n*).
  package func isolate(validUTF8 message: Span<UInt8>, appendingTo output: inout [UInt8], workspace: inout Workspace) {
    withUTF8Text(validUTF8: message) { text in
      IsolationPipeline(options: settings, members: memberIndex).isolate(
        text, appendingTo: &output, workspace: &workspace)
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
        strategy: nil, paragraphWrappers: true, leadingMarks: true)
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
    var workspace = BidiIsolator.Workspace()
    var isolated: [UInt8] = []
    guard isolateInGeneral(original, appendingTo: &isolated, workspace: &workspace) else { return nil }
    return withUTF8Text(validUTF8: isolated) { text in
      makeUTF8String(capacity: text.count) { $0.append(0..<text.count, of: text) }
    }
  }

  /// Appends the isolated text to `output`, or the text itself when nothing changes.
  func isolate(_ original: UTF8Text, appendingTo output: inout [UInt8], workspace: inout BidiIsolator.Workspace) {
    let done = withQuickEntities(original) { entities -> Bool in
      guard let entities else { return false }
      output.appendUTF8(capacity: original.count + 6 * entities.count) { room in
        Self.write(original, isolating: entities, to: &room)
      }
      return true
    }
    if done { return }
    if !isolateInGeneral(original, appendingTo: &output, workspace: &workspace) {
      original.append(0..<original.count, to: &output)
    }
  }

  /// Appends the isolated text to `output` and returns `true`, or appends nothing and returns
  /// `false` when the text is unchanged.
  private func isolateInGeneral(
    _ original: UTF8Text, appendingTo output: inout [UInt8], workspace: inout BidiIsolator.Workspace
  ) -> Bool {
    // The workspace's parts are worked on as locals, each text apart from the memory that changes
    // while it is read, and swapped back at the end.
    var settled: [UInt8] = []
    var next: [UInt8] = []
    var memory = PlanningMemory()
    swap(&settled, &workspace.settled)
    swap(&next, &workspace.next)
    swap(&memory, &workspace.planning)
    defer {
      swap(&settled, &workspace.settled)
      swap(&next, &workspace.next)
      swap(&memory, &workspace.planning)
    }
    memory.scan.removeAll()
    finder(original).scan(recordingStructure: true, into: &memory.scan)
    if memory.scan.entities.isEmpty && memory.scan.controls.isEmpty && options.explicitDirection == .none {
      return false
    }
    guard settle(original, into: &settled, next: &next, memory: &memory) else {
      return planned(original, memory: &memory, appendingTo: &output)
    }
    let inserted = withUTF8Text(validUTF8: settled) { text in
      planned(text, memory: &memory, appendingTo: &output)
    }
    if !inserted { output.append(contentsOf: settled) }
    return true
  }

  /// Removes the recognised insertions from the text and sanitises its own controls into
  /// `settled`, round after round, and leaves the settled text's scan in `memory`; `false`, with
  /// `settled` not written, when that changes nothing. `memory` holds the original's scan at the
  /// start.
  private func settle(
    _ original: UTF8Text, into settled: inout [UInt8], next: inout [UInt8], memory: inout PlanningMemory
  ) -> Bool {
    var changed = false
    var round = 0
    while !memory.scan.controls.isEmpty {
      // Once recognition stops, the sanitiser's own output needs no edit: a round past that is a
      // fault that would otherwise never end.
      assert(round <= Self.recognitionRounds + 1, "settling did not end once recognition stopped")
      let hasEdits = withCurrentText(original, changed ? settled : nil) { text in
        planRound(round, of: text, memory: &memory)
      }
      if !hasEdits { break }
      next.removeAll(keepingCapacity: true)
      withCurrentText(original, changed ? settled : nil) { memory.edits.apply(to: $0, appendingTo: &next) }
      swap(&settled, &next)
      memory.scan.removeAll()
      withUTF8Text(validUTF8: settled) { finder($0).scan(recordingStructure: true, into: &memory.scan) }
      changed = true
      round += 1
    }
    return changed
  }

  /// Plans one settling round of `text`, whose scan `memory` holds, into `memory.edits`; `false`
  /// when it changes nothing.
  private func planRound(_ round: Int, of text: UTF8Text, memory: inout PlanningMemory) -> Bool {
    memory.edits.removeAll()
    if round < Self.recognitionRounds {
      // A wrapper around a whole paragraph is the outermost insertion, so only the first round
      // looks for one; later rounds would take the user's own isolates for it.
      let recognizer = InsertionRecognizer(
        strategy: options.strategy,
        paragraphWrappers: options.explicitDirection == .isolate && round == 0, leadingMarks: false,
        wrappersByPositionAlone: options.existingControls == .keep)
      recognizer.claimOffsets(in: text, scan: memory.scan, into: &memory.claimed)
    } else {
      memory.claimed.removeAll()
    }
    for occurrence in memory.scan.controls where memory.claimed.contains(occurrence.offset) {
      memory.edits.remove(occurrence.offset..<occurrence.end)
    }
    BidiSanitizer.plan(
      options.existingControls, controls: UnclaimedControls(memory.scan.controls, claimed: memory.claimed),
      separators: memory.scan.separators, length: text.count, into: &memory.edits, balancer: &memory.balancer)
    return !memory.edits.isEmpty
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

  /// Runs `body` on the original text, or on the settled one once a round has changed it.
  private func withCurrentText<Result>(
    _ original: UTF8Text, _ settled: [UInt8]?, _ body: (UTF8Text) -> Result
  ) -> Result {
    guard let settled else { return body(original) }
    return withUTF8Text(validUTF8: settled, body)
  }

  /// Appends `text` with the entity wrappers and the explicit direction inserted to `output`, and
  /// returns `true`; `false`, with nothing appended, when there are none. `memory` holds the
  /// text's scan.
  private func planned(_ text: UTF8Text, memory: inout PlanningMemory, appendingTo output: inout [UInt8]) -> Bool {
    memory.edits.removeAll()
    let needsDirection = options.strategy != .isolate || options.explicitDirection != .none
    let direction = needsDirection ? options.messageDirection ?? estimatedDirection(text, memory.scan) : nil
    IsolationPlanner(text: text, scan: memory.scan, options: options, messageDirection: direction).plan(
      into: &memory.edits)
    guard !memory.edits.isEmpty else { return false }
    memory.edits.apply(to: text, appendingTo: &output)
    return true
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

  mutating func keepEntities(_ count: Int) { entities.removeAll(after: count) }

  mutating func appendControl(_ control: ControlOccurrence) { isFinished = true }

  mutating func appendSeparator(_ separator: Range<Int>) {}
}

/// Where an entity is in text held as UTF-8, in byte, scalar and UTF-16 offsets: what
/// ``EntityScanner/forEachEntity(in:_:)`` reports, for callers that hold messages as bytes and
/// would pay more for a `String.Index` and a copy of each entity's text than for finding it.
///
/// ```swift
/// let bytes = Array("مرحبا @我, 今天天气好吗".utf8)
/// if let text = try? UTF8Span(validating: bytes.span) {
///   EntityScanner().forEachEntity(in: text) { location in
///     print(location.kind, location.utf8Range, location.scalarRange)   // mention 11..<15 6..<8
///   }
/// }
/// ```
public struct EntityLocation: Sendable, Hashable {
  /// What the entity is.
  public let kind: EntityKind

  /// The range in UTF-8 bytes.
  public let utf8Range: Range<Int>

  /// The range in Unicode scalars.
  public let scalarRange: Range<Int>

  /// The range in UTF-16 code units, as `NSRange` and JavaScript count.
  public let utf16Range: Range<Int>

  /// The direction of the entity's first strong character; `nil` when it has none.
  public let direction: TextDirection?

  /// Creates a location; the scanner is what normally makes them.
  ///
  /// - Complexity: O(1).
  public init(
    kind: EntityKind, utf8Range: Range<Int>, scalarRange: Range<Int>, utf16Range: Range<Int>,
    direction: TextDirection?
  ) {
    self.kind = kind
    self.utf8Range = utf8Range
    self.scalarRange = scalarRange
    self.utf16Range = utf16Range
    self.direction = direction
  }
}

extension EntityScanner {
  /// Calls `body` with the location of each entity in `text`, in order: the entities
  /// ``entities(in:)`` finds in the same text, with no `String` made.
  ///
  /// ```swift
  /// var spans: [Range<Int>] = []
  /// let line = Array("call +1-555-0100 or mail a@b.com".utf8)
  /// if let text = try? UTF8Span(validating: line.span) {
  ///   EntityScanner().forEachEntity(in: text) { spans.append($0.utf8Range) }
  /// }
  /// // spans == [5..<16, 25..<32]
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  @available(SwiftStdlib 6.2, *)
  public func forEachEntity<E: Error>(
    in text: UTF8Span, _ body: (EntityLocation) throws(E) -> Void
  ) throws(E) {
    try withUTF8Text(validUTF8: text.span) { text throws(E) in
      try locateEntities(in: text, findingDirections: true, body)
    }
  }

  /// ``forEachEntity(in:_:)`` for bytes the caller has validated as UTF-8, on every system; without
  /// `findingDirections` every location's `direction` is `nil`: for reports of positions, which
  /// need not find each entity's first strong character.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package func forEachEntity(
    inValidUTF8 text: Span<UInt8>, findingDirections: Bool, _ body: (EntityLocation) -> Void
  ) {
    withUTF8Text(validUTF8: text) { text in
      locateEntities(in: text, findingDirections: findingDirections, body)
    }
  }

  /// Scans for a few entities at a time into a buffer on the stack, and hands each on with its
  /// positions before scanning on: `body` is never stored in the scan, which cost an allocation
  /// per text, and the scan is not resumed for every entity.
  private func locateEntities<E: Error>(
    in text: UTF8Text, findingDirections: Bool, _ body: (EntityLocation) throws(E) -> Void
  ) throws(E) {
    try withFixedBuffer(of: RawEntity.self, capacity: 16) { entities throws(E) in
      try PositionTable.withTable(for: text) { positions throws(E) in
        // Made here, not captured: a finder captured from outside the closures was copied.
        let finder = EntityFinder(
          text: text, kinds: kinds, members: memberIndex, directions: findingDirections ? .all : .none,
          listsEveryEntity: true)
        var scanned = ScanPosition()
        repeat {
          entities.removeAll(after: 0)
          var found = EntityBuffer(entities)
          finder.scan(recordingStructure: false, into: &found, resumingAt: &scanned)
          entities = found.entities
          guard let last = entities.last else { break }
          positions.count(through: last.end)
          for entity in entities {
            let start = positions.offsets(at: entity.start)
            let end = positions.offsets(at: entity.end)
            try body(
              EntityLocation(
                kind: entity.kind, utf8Range: entity.start..<entity.end, scalarRange: start.scalars..<end.scalars,
                utf16Range: start.utf16..<end.utf16, direction: entity.direction))
          }
        } while scanned.offset < text.count
      }
    }
  }
}

/// Entities found into a fixed buffer; the scan stops when it is full.
private struct EntityBuffer: ScanSink {
  var entities: FixedBuffer<RawEntity>

  init(_ entities: FixedBuffer<RawEntity>) { self.entities = entities }

  mutating func append(_ entity: RawEntity) { entities.append(entity) }

  mutating func keepEntities(_ count: Int) { entities.removeAll(after: count) }

  mutating func appendControl(_ control: ControlOccurrence) {}

  mutating func appendSeparator(_ separator: Range<Int>) {}

  var isFinished: Bool { entities.isFull }
}

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
  public func forEachEntity<E: Error>(
    in text: UTF8Span, _ body: (EntityLocation) throws(E) -> Void
  ) throws(E) {
    try text.span.withUnsafeBufferPointer { bytes throws(E) in
      try locateEntities(in: UTF8Text(bytes), findingDirections: true, body)
    }
  }

  /// ``forEachEntity(in:_:)``, where without `findingDirections` every location's `direction` is
  /// `nil`: for reports of positions, which need not find each entity's first strong character.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package func forEachEntity(in text: UTF8Span, findingDirections: Bool, _ body: (EntityLocation) -> Void) {
    text.span.withUnsafeBufferPointer { bytes in
      locateEntities(in: UTF8Text(bytes), findingDirections: findingDirections, body)
    }
  }

  /// Scans for a few entities at a time into a buffer on the stack, and hands each on with its
  /// positions before scanning on: `body` is never stored in the scan, which cost an allocation
  /// per text, and the scan is not resumed for every entity.
  private func locateEntities<E: Error>(
    in text: UTF8Text, findingDirections: Bool, _ body: (EntityLocation) throws(E) -> Void
  ) throws(E) {
    // A constant: a method called on a variable the closure below captures works on a copy.
    let finder = EntityFinder(
      text: text, kinds: kinds, members: memberIndex, directions: findingDirections ? .all : .none)
    try withUnsafeTemporaryAllocation(of: RawEntity.self, capacity: 16) { buffer throws(E) in
      var scanned = ScanPosition()
      var position = PositionCounter()
      repeat {
        var found = EntityBuffer(buffer)
        finder.scan(recordingStructure: false, into: &found, resumingAt: &scanned)
        for entity in buffer[..<found.count] {
          position.advance(to: entity.start, in: text)
          let (scalarStart, utf16Start) = (position.scalars, position.utf16)
          position.advance(to: entity.end, in: text)
          try body(
            EntityLocation(
              kind: entity.kind, utf8Range: entity.start..<entity.end, scalarRange: scalarStart..<position.scalars,
              utf16Range: utf16Start..<position.utf16, direction: entity.direction))
        }
      } while scanned.offset < text.count
    }
  }
}

/// Entities found into a fixed buffer; the scan stops when it is full.
private struct EntityBuffer: ScanSink {
  let buffer: UnsafeMutableBufferPointer<RawEntity>
  private(set) var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<RawEntity>) { self.buffer = buffer }

  mutating func append(_ entity: RawEntity) {
    (buffer.baseAddress! + count).initialize(to: entity)
    count += 1
  }

  mutating func appendControl(_ control: ControlOccurrence) {}

  mutating func appendSeparator(_ separator: Range<Int>) {}

  var isFinished: Bool { count == buffer.count }
}

/// Scalar and UTF-16 offsets counted while walking forward through UTF-8 text, from the bytes
/// alone: the text is well-formed, so every byte but a continuation byte starts a scalar, and every
/// four-byte scalar takes two UTF-16 code units. Counting needs no branch per byte.
internal struct PositionCounter {
  private(set) var byte = 0
  private(set) var scalars = 0
  private(set) var utf16 = 0

  /// Walks to the byte offset `target`, which starts a scalar and is not behind the last one.
  ///
  /// - Complexity: O(*k*) in the bytes walked.
  @inline(__always)
  mutating func advance(to target: Int, in text: UTF8Text) {
    var starts = 0
    var fourByteStarts = 0
    var offset = byte
    // Eight bytes at a time: between a message's entities lie whole words and sentences.
    while offset + 8 <= target {
      let counts = text.scalarStarts(at: offset)
      starts &+= counts.all
      fourByteStarts &+= counts.fourByte
      offset += 8
    }
    if offset < target && offset + 8 <= text.count {
      let counts = text.scalarStarts(at: offset, first: target - offset)
      starts &+= counts.all
      fourByteStarts &+= counts.fourByte
      offset = target
    }
    for offset in offset..<target {
      let value = text[offset]
      starts &+= Int8(bitPattern: value) >= -0x40 ? 1 : 0  // not 80–BF
      fourByteStarts &+= value >= 0xF0 ? 1 : 0
    }
    scalars += starts
    utf16 += starts + fourByteStarts
    byte = target
  }
}

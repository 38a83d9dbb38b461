/// A control to insert at a byte offset. Several may share an offset; their ``Rank`` and then the
/// order they were planned in decide their order, so wrappers always nest.
internal struct Insertion {
  /// Where insertions at one offset go relative to each other, first to last: an entity that ends
  /// there closes before anything else, then the sanitiser's closers and containing isolate, then
  /// the end of a paragraph wrapper; a paragraph wrapper or mark opens before a containing isolate,
  /// which opens before the entity that starts there.
  enum Rank: UInt8, Comparable {
    case entityEnd
    case balancingClose
    case containmentEnd
    case paragraphEnd
    case paragraphStart
    case containmentStart
    case entityStart

    static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  var offset: Int
  var rank: Rank
  var sequence: Int
  var control: BidiControl
}

/// Edits planned against a text, applied in one pass that builds the new text once.
internal struct TextEdits {
  private(set) var insertions: [Insertion] = []
  /// Byte ranges to remove, in order, never overlapping an insertion point.
  private(set) var removals: [Range<Int>] = []

  var isEmpty: Bool { insertions.isEmpty && removals.isEmpty }

  mutating func reserveInsertions(_ count: Int) { insertions.reserveCapacity(count) }

  mutating func insert(_ control: BidiControl, at offset: Int, rank: Insertion.Rank) {
    insertions.append(Insertion(offset: offset, rank: rank, sequence: insertions.count, control: control))
  }

  mutating func remove(_ range: Range<Int>) { removals.append(range) }

  /// The edited text, built once, straight into the new string's storage.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for *k* insertions; O(*n* + *k*) when they were planned in
  ///   order, as the isolate strategy plans them.
  func applied(to text: UTF8Text) -> String {
    var ordered = insertions
    if !ordered.isSorted(by: Self.precedes) { ordered.sort(by: Self.precedes) }
    var removed = removals
    if !removed.isSorted(by: { $0.lowerBound < $1.lowerBound }) { removed.sort { $0.lowerBound < $1.lowerBound } }
    return makeUTF8String(capacity: text.count + 3 * ordered.count) {
      Self.write(text, ordered, removed, into: $0)
    }
  }

  private static func precedes(_ a: Insertion, _ b: Insertion) -> Bool {
    (a.offset, a.rank, a.sequence) < (b.offset, b.rank, b.sequence)
  }

  /// Writes the edited text into `buffer`, which holds at least its length, and returns that length.
  private static func write(
    _ text: UTF8Text, _ insertions: [Insertion], _ removals: [Range<Int>],
    into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var written = 0
    var cursor = 0
    var removalIndex = 0
    func copy(upTo offset: Int) {
      while cursor < offset {
        if removalIndex < removals.count && removals[removalIndex].lowerBound <= cursor {
          cursor = max(cursor, removals[removalIndex].upperBound)
          removalIndex += 1
          continue
        }
        let stop = removalIndex < removals.count ? min(offset, removals[removalIndex].lowerBound) : offset
        if stop > cursor {
          (buffer.baseAddress! + written).initialize(from: text.bytes.baseAddress! + cursor, count: stop - cursor)
          written += stop - cursor
        }
        cursor = stop
      }
    }
    for insertion in insertions {
      copy(upTo: insertion.offset)
      let bytes = insertion.control.utf8Bytes
      buffer[written] = bytes.0
      buffer[written + 1] = bytes.1
      buffer[written + 2] = bytes.2
      written += 3
    }
    copy(upTo: text.count)
    return written
  }
}

/// A string of at most `capacity` bytes that `write` puts into a scratch buffer, returning how many
/// it wrote, copied into the string's storage without being validated again.
///
/// The callers copy whole scalars of well-formed UTF-8 (a `String` or a validated `UTF8Span`) and
/// insert or remove whole controls at scalar boundaries, so the bytes are UTF-8 by construction; validating them again cost a third of isolating a message (`String(unsafe
/// UninitializedCapacity:initializingUTF8With:)` always validates). Debug builds still check.
/// Past 64 KB the string is written in place and validated after all: a scratch copy of a huge
/// line would double the memory it needs.
///
/// - Complexity: O(*n*) in the bytes written: one write and one copy (or one validation).
@inline(__always)
internal func makeUTF8String(capacity: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> String {
  guard capacity <= 1 << 16 else {
    return String(unsafeUninitializedCapacity: capacity, initializingUTF8With: write)
  }
  return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch -> String in
    let count = write(scratch)
    let written = UnsafeBufferPointer(rebasing: scratch[..<count])
    assert((try? UTF8Span(validating: written.span)) != nil, "isolator wrote ill-formed UTF-8")
    return String(copying: UTF8Span(unchecked: written.span))
  }
}

extension Array {
  /// Whether the elements are in the order `areInIncreasingOrder` describes.
  fileprivate func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    guard count > 1 else { return true }
    for index in 1..<count where areInIncreasingOrder(self[index], self[index - 1]) { return false }
    return true
  }
}

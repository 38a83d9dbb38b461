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

  /// Empties the edits for another text, keeping their memory.
  mutating func removeAll() {
    insertions.removeAll(keepingCapacity: true)
    removals.removeAll(keepingCapacity: true)
  }

  /// Appends the edited text to `output`, putting the edits in order where they are kept: what
  /// ``applied(to:)`` builds, with no copy of the edits and no string.
  ///
  /// - Complexity: as ``applied(to:)``.
  mutating func apply(to text: UTF8Text, appendingTo output: inout [UInt8]) {
    if !insertions.isSorted(by: Self.precedes) { insertions.sort(by: Self.precedes) }
    if !removals.isSorted(by: { $0.lowerBound < $1.lowerBound }) { removals.sort { $0.lowerBound < $1.lowerBound } }
    output.appendUTF8(capacity: text.count + 3 * insertions.count) {
      Self.write(text, insertions, removals, to: &$0)
    }
  }

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
      Self.write(text, ordered, removed, to: &$0)
    }
  }

  private static func precedes(_ a: Insertion, _ b: Insertion) -> Bool {
    (a.offset, a.rank, a.sequence) < (b.offset, b.rank, b.sequence)
  }

  /// Writes the edited text to `output`, which has room for it.
  private static func write(
    _ text: UTF8Text, _ insertions: [Insertion], _ removals: [Range<Int>], to output: inout UTF8Writer
  ) {
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
        if stop > cursor { output.append(cursor..<stop, of: text) }
        cursor = stop
      }
    }
    for insertion in insertions {
      copy(upTo: insertion.offset)
      output.append(insertion.control)
    }
    copy(upTo: text.count)
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

/// The stack of segments a paragraph still has to resolve: the paragraph itself, then the isolate
/// contents cut out of it. Kept on the stack for up to 16 segments, as a chat message holds a
/// handful of isolates, and in an array only past that: an array of its own cost an allocation
/// for every message.
///
/// ```swift
/// var pending = PendingSegments()
/// pending.append(PendingSegment(range: 0..<10, level: 0))
/// pending.append(PendingSegment(range: 3..<5, level: 2))
/// pending.popLast()?.range   // 3..<5
/// pending.count              // 1
/// ```
///
/// - Complexity: O(1) for each operation but ``removeLast(from:)``, which is O(*k*) in the
///   segments it drops.
@available(SwiftStdlib 6.2, *)
internal struct PendingSegments {
  private static let inlineCapacity = 16
  private var inline = InlineArray<16, PendingSegment>(repeating: PendingSegment(range: 0..<0, level: 0))
  /// The segments past the first 16, in order.
  private var overflow: [PendingSegment] = []
  private(set) var count = 0

  mutating func append(_ segment: PendingSegment) {
    if count < Self.inlineCapacity { inline[count] = segment } else { overflow.append(segment) }
    count += 1
  }

  mutating func append(contentsOf segments: [PendingSegment]) {
    for segment in segments { append(segment) }
  }

  mutating func popLast() -> PendingSegment? {
    guard count > 0 else { return nil }
    count -= 1
    return count < Self.inlineCapacity ? inline[count] : overflow.removeLast()
  }

  /// Drops the segments from position `index` on: those a resolver added before it gave up.
  mutating func removeLast(from index: Int) {
    while count > index { _ = popLast() }
  }
}

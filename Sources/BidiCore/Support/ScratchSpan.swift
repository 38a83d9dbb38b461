/// Working memory for one step of the algorithm, on the stack for a chat message's length.
///
/// Creating and freeing a Swift array costs hundreds of instructions, more than the work on a short
/// message's buffer, so the buffers that do not outlive the step that fills them (a sequence's
/// types, a line's visual order, its shaped values) come from here: an `InlineArray` for up to
/// ``scratchInlineCapacity`` elements, and an array only for longer text. The span can be longer than `count` (it is the whole inline
/// storage): callers keep their own count, as the standard library's way of cutting a
/// `MutableSpan` short is still changing names.
///
/// ```swift
/// let total = withScratchSpan(of: Int32.self, count: 3, filledWith: 0) { span in
///   for i in 0..<3 { span[i] = Int32(i) }
///   return span[0] + span[1] + span[2]   // 3
/// }
/// ```
///
/// - Complexity: O(*n*) to fill the span, where *n* is at least `count`.
@available(SwiftStdlib 6.2, *)
@inlinable @inline(__always)
@_spi(BidiCore) public func withScratchSpan<Element, Result, Failure: Error>(
  of type: Element.Type, count: Int, filledWith value: Element,
  _ body: (inout MutableSpan<Element>) throws(Failure) -> Result
) throws(Failure) -> Result {
  if count == 0 {
    // An empty array allocates nothing; the inline storage would still be filled.
    var empty: [Element] = []
    var span = empty.mutableSpan
    return try body(&span)
  }
  if count <= scratchInlineCapacity {
    var storage = InlineArray<256, Element>(repeating: value)
    // The capacity is written twice, as a generic argument and as a constant: they must agree.
    precondition(storage.count == scratchInlineCapacity)
    var span = storage.mutableSpan
    return try body(&span)
  }
  var storage = [Element](filledWith: value, count: count)
  var span = storage.mutableSpan
  return try body(&span)
}

/// How many elements ``withScratchSpan(of:count:filledWith:_:)`` keeps on the stack: all but one
/// message in ten thousand of the project's chat corpus is shorter.
@_spi(BidiCore) public let scratchInlineCapacity = 256

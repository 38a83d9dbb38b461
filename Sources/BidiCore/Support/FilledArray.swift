@available(SwiftStdlib 6.2, *)
extension Array {
  /// `count` copies of `value`, as `Array(repeating:count:)` makes them, for the arrays the engine
  /// makes for every message.
  ///
  /// `Array(repeating:count:)` allocates through the standard library's unspecialized
  /// `_allocateBufferUninitialized`, which looks up the metadata of the array's storage class in
  /// the runtime's cache on every call; growing an empty array through
  /// `append(addingCapacity:initializingWith:)` runs specialized code that knows the class. The
  /// engine makes a dozen arrays per message, so this sits on its hot path.
  ///
  /// ```swift
  /// let levels = [UInt8](filledWith: 1, count: 4)   // [1, 1, 1, 1]
  /// ```
  ///
  /// - Complexity: O(*n*).
  @inlinable
  @_spi(BidiCore) public init(filledWith value: Element, count: Int) {
    self = []
    append(addingCapacity: count) { $0.append(repeating: value, count: count) }
  }

  /// A copy of `elements`, made the way ``init(filledWith:count:)`` explains: `Array(_:)` on a slice
  /// takes the same unspecialized allocation.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  @_spi(BidiCore) public init(copying elements: ArraySlice<Element>) {
    self = []
    reserveCapacity(elements.count)
    append(contentsOf: elements)
  }
}

extension Array {
  /// The array's elements, leaving it empty, so that the caller holds the only reference: a buffer
  /// kept in a struct is worked on as a local while spans of several of them are open (each span
  /// borrows its whole struct otherwise), and put back afterwards, with no copy.
  ///
  /// ```swift
  /// var levels = buffers.levels.takeAll()
  /// defer { buffers.levels = levels }
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable
  @_spi(BidiCore) public mutating func takeAll() -> [Element] {
    var taken: [Element] = []
    swap(&taken, &self)
    return taken
  }
}

@available(SwiftStdlib 6.2, *)
extension Array where Element: BitwiseCopyable {
  /// Grows the array to at least `count` elements, new ones `fill`; it never shrinks, so a buffer
  /// reused for message after message stops allocating once it has seen the longest. It at least
  /// doubles when it grows, and what it held is not kept: the callers fill what they read.
  ///
  /// ```swift
  /// var levels: [UInt8] = []
  /// levels.grow(toAtLeast: 3, filling: 0)   // [0, 0, 0]
  /// ```
  ///
  /// - Complexity: O(*n*) when it grows, O(1) otherwise.
  @inlinable @inline(__always)
  @_spi(BidiCore) public mutating func grow(toAtLeast count: Int, filling fill: Element) {
    if self.count < count { self = [Element](filledWith: fill, count: Swift.max(count, 2 * self.count)) }
  }
}

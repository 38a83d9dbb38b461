extension RandomAccessCollection where Index == Int {
  /// The index of the first element for which `isPast` holds, in a collection where every such
  /// element comes after every other one (a sorted array and a bound, say): a binary search, the
  /// end index when there is none. The package's one binary search.
  ///
  /// ```swift
  /// [1, 3, 3, 7].partitionIndex { $0 >= 3 }   // 1
  /// ```
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  @_spi(BidiCore) public func partitionIndex(where isPast: (Element) throws -> Bool) rethrows -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if try isPast(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

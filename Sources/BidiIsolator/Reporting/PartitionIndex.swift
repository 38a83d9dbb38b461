extension RandomAccessCollection where Index == Int {
  /// The index of the first element for which `isPast` holds, in a collection where every such
  /// element comes after every other one (a sorted array and a bound, say): a binary search, the
  /// end index when there is none.
  ///
  /// ```swift
  /// [1, 3, 3, 7].partitionIndex { $0 >= 3 }   // 1
  /// ```
  ///
  /// - Complexity: O(log *n*).
  package func partitionIndex(where isPast: (Element) -> Bool) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if isPast(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

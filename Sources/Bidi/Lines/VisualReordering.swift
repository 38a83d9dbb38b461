/// Rule L2 in linear time.
///
/// L2 reverses, for every level from the highest down to the lowest odd one, each stretch at that
/// level or above. Done literally that costs O(*n*·*d*) for *d* levels, which a hostile line nested
/// 125 deep turns into seconds. The same result follows from a min-Cartesian tree of the line's
/// level runs: the stretch at or above a run's level is exactly that run's subtree, so the reversals
/// a subtree undergoes at its own root are the levels between its parent's level and its own. The
/// visual order is an in-order walk that swaps sides (and reverses the run) wherever the reversals
/// so far add up to an odd number.
internal enum VisualReordering {
  /// Positions `0..<levels.count` in visual order, left to right. (`Int32`, as a line is at most
  /// `Int32.max` long: half the memory on a very long line.)
  ///
  /// ```swift
  /// VisualReordering.visualOrder(levels: [0, 1, 1, 2, 2, 1, 0])   // [0, 5, 3, 4, 2, 1, 6]
  /// ```
  ///
  /// - Complexity: O(*n*).
  static func visualOrder(levels: [UInt8]) -> [Int32] {
    guard var lowest = levels.first else { return [] }
    var highest = lowest
    for level in levels {
      lowest = min(lowest, level)
      highest = max(highest, level)
    }
    let lowestOdd = Int(lowest | 1)
    if Int(highest) < lowestOdd { return identityOrder(levels.count) }
    // Most chat lines hold two levels: a right-to-left message with Latin or numbers in it, or the
    // other way round. Their order is written in one pass over the level runs.
    if highest - lowest <= 1 { return twoLevelOrder(levels: levels.span, lowest: lowest) }
    // Chat lines use a handful of levels, where the literal reversals cost less than a tree.
    if Int(highest) - lowestOdd < Self.literalLevels {
      return literalOrder(levels: levels, highest: Int(highest), lowestOdd: lowestOdd)
    }

    // Level runs.
    var runStarts: [Int] = []
    var runLevels: [Int] = []
    for (i, level) in levels.enumerated() where i == 0 || levels[i - 1] != level {
      runStarts.append(i)
      runLevels.append(Int(level))
    }
    runStarts.append(levels.count)
    let runCount = runLevels.count

    // Min-Cartesian tree; a run equal to one on its left becomes part of that one's right spine, so
    // a subtree is always a maximal stretch at or above its root's level.
    var left = [Int](repeating: -1, count: runCount)
    var right = [Int](repeating: -1, count: runCount)
    var spine: [Int] = []
    for run in 0..<runCount {
      var last = -1
      while let top = spine.last, runLevels[top] > runLevels[run] {
        last = spine.removeLast()
      }
      left[run] = last
      if let top = spine.last { right[top] = run }
      spine.append(run)
    }

    enum Step {
      case visit(run: Int, parentLevel: Int, reversed: Bool)
      case emit(run: Int, reversed: Bool)
    }
    var order: [Int32] = []
    order.reserveCapacity(levels.count)
    var steps: [Step] = [.visit(run: spine[0], parentLevel: lowestOdd - 1, reversed: false)]
    while let step = steps.popLast() {
      switch step {
      case .emit(let run, let reversed):
        let range = runStarts[run]..<runStarts[run + 1]
        let positions = Int32(range.lowerBound)..<Int32(range.upperBound)
        if reversed { order.append(contentsOf: positions.reversed()) } else { order.append(contentsOf: positions) }
      case .visit(let run, let parentLevel, let reversedAbove):
        let level = runLevels[run]
        let firstReversal = max(parentLevel + 1, lowestOdd)
        let reversals = level >= firstReversal ? level - firstReversal + 1 : 0
        let reversed = reversedAbove != (reversals % 2 == 1)
        let (first, second) = reversed ? (right[run], left[run]) : (left[run], right[run])
        // Last pushed runs first.
        if second >= 0 { steps.append(.visit(run: second, parentLevel: level, reversed: reversed)) }
        steps.append(.emit(run: run, reversed: reversed))
        if first >= 0 { steps.append(.visit(run: first, parentLevel: level, reversed: reversed)) }
      }
    }
    return order
  }

  /// `0..<count` as an array, filled through a span: `Array(0..<Int32(count))` copies element by
  /// element through the range's iterator, several times slower on every line.
  ///
  /// - Complexity: O(*n*).
  static func identityOrder(_ count: Int) -> [Int32] {
    var order = [Int32](filledWith: 0, count: count)
    var positions = order.mutableSpan
    for position in positions.indices { positions[position] = Int32(truncatingIfNeeded: position) }
    return order
  }

  /// Rule L2 for a line whose levels are `lowest` and at most `lowest + 1`, written run by run. With
  /// an even lowest level only the odd runs are reversed. With an odd one, L2 reverses the higher
  /// runs and then the whole line: the runs come in reverse order, the lower ones reversed and the
  /// higher ones as they were.
  ///
  /// ```swift
  /// let levels: [UInt8] = [1, 1, 2, 2, 1]
  /// VisualReordering.twoLevelOrder(levels: levels.span, lowest: 1)   // [4, 2, 3, 1, 0]
  /// ```
  ///
  /// - Complexity: O(*n*).
  static func twoLevelOrder(levels: Span<UInt8>, lowest: UInt8) -> [Int32] {
    let count = levels.count
    var order: [Int32] = []
    order.append(addingCapacity: count) { out in
      func ascending(_ run: Range<Int>) {
        for position in run { out.append(Int32(truncatingIfNeeded: position)) }
      }
      func descending(_ run: Range<Int>) {
        var position = run.upperBound
        while position > run.lowerBound {
          position -= 1
          out.append(Int32(truncatingIfNeeded: position))
        }
      }
      if lowest & 1 == 0 {
        var start = 0
        while start < count {
          var end = start + 1
          while end < count && levels[end] == levels[start] { end += 1 }
          if levels[start] == lowest { ascending(start..<end) } else { descending(start..<end) }
          start = end
        }
      } else {
        var end = count
        while end > 0 {
          var start = end - 1
          while start > 0 && levels[start - 1] == levels[end - 1] { start -= 1 }
          if levels[start] == lowest { descending(start..<end) } else { ascending(start..<end) }
          end = start
        }
      }
    }
    return order
  }

  /// Up to this many levels to reverse, rule L2 is applied as written.
  static let literalLevels = 6

  /// Rule L2 as written: from the highest level down to the lowest odd one, reverse each stretch at
  /// that level or above.
  ///
  /// - Complexity: O(*n*·*d*) for *d* levels to reverse.
  static func literalOrder(levels: [UInt8], highest: Int, lowestOdd: Int) -> [Int32] {
    let count = levels.count
    var order = identityOrder(count)
    // Spans, not the arrays: no uniqueness check or bounds re-derivation on each swap.
    let levels = levels.span
    var reordered = order.mutableSpan
    for level in stride(from: UInt8(highest), through: UInt8(lowestOdd), by: -1) {
      var start = 0
      while start < count {
        guard levels[start] >= level else {
          start += 1
          continue
        }
        var end = start + 1
        while end < count && levels[end] >= level { end += 1 }
        var (low, high) = (start, end - 1)
        while low < high {
          reordered.swapAt(low, high)
          low += 1
          high -= 1
        }
        start = end
      }
    }
    return order
  }
}

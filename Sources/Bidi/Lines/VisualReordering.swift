@_spi(BidiCore) import BidiCore

/// Rule L2 in linear time.
///
/// L2 reverses, for every level from the highest down to the lowest odd one, each stretch at that
/// level or above. Done literally that costs O(*n*·*d*) for *d* levels, which a hostile line nested
/// 125 deep turns into seconds. The same result follows from a min-Cartesian tree of the line's
/// level runs: the stretch at or above a run's level is exactly that run's subtree, so the reversals
/// a subtree undergoes at its own root are the levels between its parent's level and its own. The
/// visual order is an in-order walk that swaps sides (and reverses the run) wherever the reversals
/// so far add up to an odd number.
@available(SwiftStdlib 6.2, *)
internal enum VisualReordering {
  /// Writes positions `0..<levels.count` in visual order, left to right, into the start of
  /// `order`, which must hold at least `levels.count`. (`Int32`, as a line is at most `Int32.max`
  /// long: half the memory on a very long line.) The order goes into a span rather than a new
  /// array because the caller needs it only while it lays the line out.
  ///
  /// ```swift
  /// let levels: [UInt8] = [0, 1, 1, 2, 2, 1, 0]
  /// var order = [Int32](filledWith: 0, count: 7)
  /// var span = order.mutableSpan
  /// VisualReordering.writeVisualOrder(levels: levels.span, into: &span)
  /// // order == [0, 5, 3, 4, 2, 1, 6]
  /// ```
  ///
  /// - Complexity: O(*n*).
  static func writeVisualOrder(levels: Span<UInt8>, into order: inout MutableSpan<Int32>) {
    let count = levels.count
    precondition(order.count >= count, "the order needs room for every position")
    guard count > 0 else { return }
    var lowest = levels[0]
    var highest = lowest
    for i in 0..<count {
      lowest = min(lowest, levels[i])
      highest = max(highest, levels[i])
    }
    let lowestOdd = Int(lowest | 1)
    if Int(highest) < lowestOdd {
      writeIdentityOrder(count, into: &order)
      return
    }
    // Most chat lines hold two levels: a right-to-left message with Latin or numbers in it, or the
    // other way round. Their order is written in one pass over the level runs.
    if highest - lowest <= 1 {
      writeTwoLevelOrder(levels: levels, lowest: lowest, into: &order)
      return
    }
    // Chat lines use a handful of levels, where the literal reversals cost less than a tree.
    if Int(highest) - lowestOdd < Self.literalLevels {
      writeLiteralOrder(levels: levels, highest: Int(highest), lowestOdd: lowestOdd, into: &order)
      return
    }

    // Level runs.
    var runStarts: [Int] = []
    var runLevels: [Int] = []
    for i in 0..<count where i == 0 || levels[i - 1] != levels[i] {
      runStarts.append(i)
      runLevels.append(Int(levels[i]))
    }
    runStarts.append(count)
    let runCount = runLevels.count

    // Min-Cartesian tree; a run equal to one on its left becomes part of that one's right spine, so
    // a subtree is always a maximal stretch at or above its root's level.
    var left = [Int](filledWith: -1, count: runCount)
    var right = [Int](filledWith: -1, count: runCount)
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
    var written = 0
    var steps: [Step] = [.visit(run: spine[0], parentLevel: lowestOdd - 1, reversed: false)]
    while let step = steps.popLast() {
      switch step {
      case .emit(let run, let reversed):
        let range = runStarts[run]..<runStarts[run + 1]
        if reversed {
          for position in range.reversed() {
            order[written] = Int32(truncatingIfNeeded: position)
            written += 1
          }
        } else {
          for position in range {
            order[written] = Int32(truncatingIfNeeded: position)
            written += 1
          }
        }
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
  }

  /// Writes `0..<count` into the start of `order`: the order of a line with no right-to-left
  /// level, and the start of rule L2 done literally.
  ///
  /// - Complexity: O(*n*).
  static func writeIdentityOrder(_ count: Int, into order: inout MutableSpan<Int32>) {
    for position in 0..<count { order[position] = Int32(truncatingIfNeeded: position) }
  }

  /// Rule L2 for a line whose levels are `lowest` and at most `lowest + 1`, written run by run. With
  /// an even lowest level only the odd runs are reversed. With an odd one, L2 reverses the higher
  /// runs and then the whole line: the runs come in reverse order, the lower ones reversed and the
  /// higher ones as they were.
  ///
  /// ```swift
  /// let levels: [UInt8] = [1, 1, 2, 2, 1]
  /// var order = [Int32](filledWith: 0, count: 5)
  /// var span = order.mutableSpan
  /// VisualReordering.writeTwoLevelOrder(levels: levels.span, lowest: 1, into: &span)
  /// // order == [4, 2, 3, 1, 0]
  /// ```
  ///
  /// - Complexity: O(*n*).
  static func writeTwoLevelOrder(levels: Span<UInt8>, lowest: UInt8, into order: inout MutableSpan<Int32>) {
    let count = levels.count
    var written = 0
    func ascending(_ run: Range<Int>) {
      for position in run {
        order[written] = Int32(truncatingIfNeeded: position)
        written += 1
      }
    }
    func descending(_ run: Range<Int>) {
      var position = run.upperBound
      while position > run.lowerBound {
        position -= 1
        order[written] = Int32(truncatingIfNeeded: position)
        written += 1
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

  /// Up to this many levels to reverse, rule L2 is applied as written.
  static let literalLevels = 6

  /// Rule L2 as written: from the highest level down to the lowest odd one, reverse each stretch at
  /// that level or above.
  ///
  /// - Complexity: O(*n*·*d*) for *d* levels to reverse.
  static func writeLiteralOrder(
    levels: Span<UInt8>, highest: Int, lowestOdd: Int, into order: inout MutableSpan<Int32>
  ) {
    let count = levels.count
    writeIdentityOrder(count, into: &order)
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
          order.swapAt(low, high)
          low += 1
          high -= 1
        }
        start = end
      }
    }
  }
}

@_spi(BidiCore) import BidiCore

/// Rule L2 on a line's level runs.
///
/// L2 reverses, for every level from the highest down to the lowest odd one, each stretch at that
/// level or above. The characters of one level run move together, so the rule is applied to the
/// runs, and each run is then read forward or backward: a chat line has a handful of runs. Done
/// literally that still costs O(*r*·*d*) for *d* levels, which a hostile line nested 125 deep
/// turns into seconds; past a few levels the same result comes from a min-Cartesian tree of the
/// runs: the stretch at or above a run's level is exactly that run's subtree, so the reversals a
/// subtree undergoes at its own root are the levels between its parent's level and its own, and
/// the visual order is an in-order walk that swaps sides wherever they add up to an odd number.
@available(SwiftStdlib 6.2, *)
internal enum VisualReordering {
  /// Writes the line's level runs in visual order, left to right, into the start of `runs` (whose
  /// storage is reused) and returns how many there are. A run at an odd level reads right to left,
  /// one at an even level left to right: a run is reversed once for every level from the lowest odd
  /// one up to its own, an odd number of times exactly when its level is odd.
  ///
  /// ```swift
  /// let levels: [UInt8] = [0, 1, 1, 2, 2, 1, 0]
  /// var runs: [VisualRun] = []
  /// var tree = VisualReordering.Tree()
  /// VisualReordering.writeVisualRuns(levels: levels.span, into: &runs, tree: &tree)   // 5
  /// // runs: 0..<1 at 0, 5..<6 at 1, 3..<5 at 2, 1..<3 at 1, 6..<7 at 0
  /// ```
  ///
  /// - Complexity: O(*n* + *r*·*d*) for *r* runs and up to six levels to reverse (*d*), as chat lines
  ///   have; O(*n* + *r*) otherwise.
  static func writeVisualRuns(levels: Span<UInt8>, into runs: inout [VisualRun], tree: inout Tree) -> Int {
    let count = levels.count
    guard count > 0 else { return 0 }
    // A line has at most one run a character: written in place, with no append's checks.
    runs.grow(toAtLeast: count, filling: VisualRun(start: 0, end: 0, level: 0))
    var out = runs.mutableSpan
    var runCount = 0
    var lowest = levels[0]
    var highest = lowest
    var start = 0
    var level = levels[0]
    for i in 1..<count {
      let next = levels[i]
      guard next != level else { continue }
      out[runCount] = VisualRun(start: Int32(start), end: Int32(i), level: level)
      runCount += 1
      lowest = min(lowest, level)
      highest = max(highest, level)
      start = i
      level = next
    }
    out[runCount] = VisualRun(start: Int32(start), end: Int32(count), level: level)
    runCount += 1
    lowest = min(lowest, level)
    highest = max(highest, level)
    let lowestOdd = Int(lowest | 1)
    guard Int(highest) >= lowestOdd else { return runCount }
    if Int(highest) - lowestOdd < literalLevels {
      // Rule L2 as written, on the runs: from the highest level down to the lowest odd one, reverse
      // each stretch of runs at that level or above.
      for level in stride(from: Int(highest), through: lowestOdd, by: -1) {
        var first = 0
        while first < runCount {
          guard Int(out[first].level) >= level else {
            first += 1
            continue
          }
          var end = first + 1
          while end < runCount && Int(out[end].level) >= level { end += 1 }
          var (low, high) = (first, end - 1)
          while low < high {
            out.swapAt(low, high)
            low += 1
            high -= 1
          }
          first = end
        }
      }
      return runCount
    }
    // Deeper nesting (hostile text): a min-Cartesian tree of the runs, walked in order. A run equal to
    // one on its left becomes part of that one's right spine, so a subtree is always a maximal
    // stretch at or above its root's level, and the reversals a subtree undergoes at its own root
    // are the levels between its parent's level and its own.
    tree.logical.removeAll(keepingCapacity: true)
    for run in 0..<runCount { tree.logical.append(out[run]) }
    tree.left.removeAll(keepingCapacity: true)
    tree.left.append(contentsOf: repeatElement(-1, count: runCount))
    tree.right.removeAll(keepingCapacity: true)
    tree.right.append(contentsOf: repeatElement(-1, count: runCount))
    tree.spine.removeAll(keepingCapacity: true)
    for run in 0..<runCount {
      var last = -1
      while let top = tree.spine.last, tree.logical[top].level > tree.logical[run].level {
        last = tree.spine.removeLast()
      }
      tree.left[run] = last
      if let top = tree.spine.last { tree.right[top] = run }
      tree.spine.append(run)
    }
    var written = 0
    var visits = 0
    tree.steps.removeAll(keepingCapacity: true)
    tree.steps.append(.visit(run: tree.spine[0], parentLevel: lowestOdd - 1, reversed: false))
    while let step = tree.steps.popLast() {
      switch step {
      case .emit(let run):
        out[written] = tree.logical[run]
        written += 1
      case .visit(let run, let parentLevel, let reversedAbove):
        // A tree visits each run once; more is a fault in its links, which would otherwise never end.
        visits += 1
        precondition(visits <= runCount, "the runs' tree holds a cycle")
        let level = Int(tree.logical[run].level)
        let firstReversal = max(parentLevel + 1, lowestOdd)
        let reversals = level >= firstReversal ? level - firstReversal + 1 : 0
        let reversed = reversedAbove != (reversals % 2 == 1)
        let (first, second) = reversed ? (tree.right[run], tree.left[run]) : (tree.left[run], tree.right[run])
        // Last pushed runs first.
        if second >= 0 { tree.steps.append(.visit(run: second, parentLevel: level, reversed: reversed)) }
        tree.steps.append(.emit(run: run))
        if first >= 0 { tree.steps.append(.visit(run: first, parentLevel: level, reversed: reversed)) }
      }
    }
    return runCount
  }

  /// Up to this many levels to reverse, rule L2 is applied to the runs as written.
  static let literalLevels = 6

  /// The memory of the min-Cartesian tree that deeply nested lines take, which a caller keeps from
  /// line to line so those lines allocate nothing either once it has grown.
  struct Tree: Sendable {
    /// The runs in logical order, each one's children, the right spine being built, and the walk's
    /// pending steps.
    fileprivate var logical: [VisualRun] = []
    fileprivate var left: [Int] = []
    fileprivate var right: [Int] = []
    fileprivate var spine: [Int] = []
    fileprivate var steps: [Step] = []
  }

  fileprivate enum Step {
    case visit(run: Int, parentLevel: Int, reversed: Bool)
    case emit(run: Int)
  }
}

/// One level run of a line: its range (line offsets) and level.
@available(SwiftStdlib 6.2, *)
struct VisualRun: Hashable {
  var start: Int32
  var end: Int32
  var level: UInt8

  /// Whether the run reads right to left, so is shown from its end to its start.
  var isReversed: Bool { level & 1 == 1 }
}

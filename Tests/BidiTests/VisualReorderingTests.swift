import BidiTestSupport
import Testing

@testable import Bidi

@Suite("Rule L2 on level runs")
struct VisualReorderingTests {
  /// Rule L2 as UAX #9 words it, on characters: from the highest level down to the lowest odd one,
  /// reverse every maximal stretch at that level or above.
  static func literalOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowest = levels.min() else { return order }
    let lowestOdd = lowest | 1
    guard highest >= lowestOdd else { return order }
    for level in stride(from: highest, through: lowestOdd, by: -1) {
      var start = 0
      while start < order.count {
        guard levels[order[start]] >= level else {
          start += 1
          continue
        }
        var end = start
        while end < order.count && levels[order[end]] >= level { end += 1 }
        order[start..<end].reverse()
        start = end
      }
    }
    return order
  }

  @Test("the runs give rule L2's order, shallow and deep, with one tree kept from line to line")
  func runsFollowRuleL2() {
    var random = SplitMix64(seed: 7)
    var runs: [VisualRun] = []
    var tree = VisualReordering.Tree()
    var deepLines = 0
    for line in 0..<3_000 {
      // Deep and shallow lines alternate, and lengths vary, so each line finds the tree as a line of
      // another shape left it.
      let depth = line % 3 == 0 ? 40 : line % 3 == 1 ? 3 : 9
      let count = Int.random(in: 1...90, using: &random)
      var levels: [UInt8] = []
      var level = Int.random(in: 0...2, using: &random)
      for _ in 0..<count {
        if Int.random(in: 0..<4, using: &random) == 0 { level = Int.random(in: 0...depth, using: &random) }
        levels.append(UInt8(level))
      }
      let lowestOdd = Int(levels.min()! | 1)
      if Int(levels.max()!) - lowestOdd >= VisualReordering.literalLevels { deepLines += 1 }
      let runCount = VisualReordering.writeVisualRuns(levels: levels.span, into: &runs, tree: &tree)
      var order: [Int] = []
      for run in runs[..<runCount] {
        let range = Int(run.start)..<Int(run.end)
        #expect(range.allSatisfy { levels[$0] == run.level })
        order.append(contentsOf: run.isReversed ? Array(range.reversed()) : Array(range))
      }
      #expect(order == Self.literalOrder(levels), "levels \(levels)")
    }
    // Both of the function's paths ran.
    #expect(deepLines > 500)
  }
}

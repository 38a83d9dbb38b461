import Bidi
import BidiTestSupport
import Foundation
import Testing

/// Unicode's own conformance files (Unicode 15.0.0, kept in `Tests/Fixtures/unicode`), driven
/// through the public Swift API. Each test prints one summary line and records the first few
/// failures in full.
@Suite("Unicode conformance")
struct ConformanceTests {
  @Test("BidiTest.txt: every case, levels and visual order")
  func bidiTest() throws {
    let text = try unicodeDataFile("BidiTest.txt")
    var expectedLevels: [String] = []
    var expectedOrder: [Int] = []
    var passed = 0
    var failed = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("#") { continue }
      if line.hasPrefix("@Levels:") {
        expectedLevels = line.dropFirst("@Levels:".count).split(whereSeparator: \.isWhitespace).map(String.init)
        continue
      }
      if line.hasPrefix("@Reorder:") {
        expectedOrder = line.dropFirst("@Reorder:".count).split(whereSeparator: \.isWhitespace).map { Int($0)! }
        continue
      }
      if line.hasPrefix("@") { continue }
      let fields = line.split(separator: ";")
      guard fields.count == 2 else { continue }
      let classes = fields[0].split(whereSeparator: \.isWhitespace).map {
        BidiClass(shortName: String($0))!
      }
      let bitset = Int(fields[1].trimmingCharacters(in: .whitespaces))!
      for (bit, direction) in [(1, BaseDirection.auto), (2, .leftToRight), (4, .rightToLeft)]
      where bitset & bit != 0 {
        let paragraph = try BidiText(classes: classes, direction: direction).paragraphs[0]
        let bidiLine = paragraph.line(options: .removeX9Characters)
        let levels = bidiLine.levels.map { $0.map { String($0.rawValue) } ?? "x" }
        if levels == expectedLevels && bidiLine.visualOrder == expectedOrder {
          passed += 1
        } else {
          failed += 1
          if failed <= 5 {
            Issue.record(
              "BidiTest.txt \(line) [bit \(bit)]: levels \(levels) order \(bidiLine.visualOrder), expected \(expectedLevels) \(expectedOrder)"
            )
          }
        }
      }
    }
    print("BidiTest.txt: \(passed) passed, \(failed) failed")
    #expect(failed == 0)
    #expect(passed == 770_241)
  }

  @Test("BidiCharacterTest.txt: every case, paragraph level, levels and visual order")
  func bidiCharacterTest() throws {
    let text = try unicodeDataFile("BidiCharacterTest.txt")
    var passed = 0
    var failed = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      let direction: BaseDirection =
        switch fields[1] {
        case "0": .leftToRight
        case "1": .rightToLeft
        default: .auto
        }
      let paragraph = try BidiText(scalars: scalars(hex: fields[0]), direction: direction).paragraphs[0]
      let bidiLine = paragraph.line(options: .removeX9Characters)
      let levels = bidiLine.levels.map { $0.map { String($0.rawValue) } ?? "x" }
      let expectedLevels = fields[3].split(separator: " ").map(String.init)
      let expectedOrder = fields[4].split(separator: " ").map { Int($0)! }
      if String(paragraph.baseLevel.rawValue) == fields[2] && levels == expectedLevels
        && bidiLine.visualOrder == expectedOrder
      {
        passed += 1
      } else {
        failed += 1
        if failed <= 5 {
          Issue.record(
            "BidiCharacterTest.txt \(line): paragraph \(paragraph.baseLevel) levels \(levels) order \(bidiLine.visualOrder)"
          )
        }
      }
    }
    print("BidiCharacterTest.txt: \(passed) passed, \(failed) failed")
    #expect(failed == 0)
    #expect(passed == 91_707)
  }
}

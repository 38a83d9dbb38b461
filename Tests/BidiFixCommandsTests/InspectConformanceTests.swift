import BidiTestSupport
import Foundation
import Testing

/// Unicode's conformance files (`Tests/Fixtures/unicode`) through the built `bidi-fix inspect
/// --json`, as a user would check it, with whichever libfribidi the binary loads: each file's cases
/// of one paragraph direction are the lines of one run, and each output line's levels and visual
/// order are compared with the file's. BidiTest.txt gives classes, not characters: each class is
/// written as one character of that class, none of them a bracket or mirrored.
@Suite("Unicode conformance through bidi-fix inspect --json")
struct InspectConformanceTests {
  /// One case: the line given to `inspect`, and what the file says of it.
  struct Case {
    var text: String
    var levels: [Int?]
    var order: [Int]
    /// The paragraph level the file gives, where it gives one (BidiCharacterTest.txt).
    var paragraphLevel: Int?
  }

  /// What `inspect --json` writes for a line.
  struct Report: Decodable {
    struct Paragraph: Decodable {
      var baseLevel: Int
      var levels: [Int?]
      var visualOrder: [Int]
    }
    var paragraphs: [Paragraph]
  }

  /// A character of each Bidi_Class, for BidiTest.txt; B, which the file puts only last, as the
  /// paragraph separator U+2029, which ends a paragraph without ending `inspect`'s line.
  static let representatives: [String: Unicode.Scalar] = [
    "L": "a", "R": "\u{05D0}", "AL": "\u{0627}", "EN": "1", "ES": "+", "ET": "%", "AN": "\u{0661}", "CS": ",",
    "NSM": "\u{0300}", "BN": "\u{00AD}", "B": "\u{2029}", "S": "\t", "WS": " ", "ON": "!", "LRE": "\u{202A}",
    "LRO": "\u{202D}", "RLE": "\u{202B}", "RLO": "\u{202E}", "PDF": "\u{202C}", "LRI": "\u{2066}",
    "RLI": "\u{2067}", "FSI": "\u{2068}", "PDI": "\u{2069}",
  ]

  @Test("BidiTest.txt: every case, one run per paragraph direction")
  func bidiTest() throws {
    var cases: [String: [Case]] = ["auto": [], "ltr": [], "rtl": []]
    var levels: [Int?] = []
    var order: [Int] = []
    for line in try unicodeDataFile("BidiTest.txt").split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("@Levels:") {
        levels = line.dropFirst("@Levels:".count).split(whereSeparator: \.isWhitespace).map { Int($0) }
      } else if line.hasPrefix("@Reorder:") {
        order = line.dropFirst("@Reorder:".count).split(whereSeparator: \.isWhitespace).map { Int($0)! }
      } else if !line.hasPrefix("@") {
        let fields = line.split(separator: ";")
        guard fields.count == 2, let bitset = Int(fields[1].trimmingCharacters(in: .whitespaces)) else { continue }
        var text = ""
        for name in fields[0].split(whereSeparator: \.isWhitespace) {
          text.unicodeScalars.append(try #require(Self.representatives[String(name)], "class \(name)"))
        }
        for (bit, direction) in [(1, "auto"), (2, "ltr"), (4, "rtl")] where bitset & bit != 0 {
          cases[direction, default: []].append(Case(text: text, levels: levels, order: order))
        }
      }
    }
    let (passed, failed) = try Self.check(cases, file: "BidiTest.txt")
    print("BidiTest.txt through inspect --json: \(passed) passed, \(failed) failed")
    #expect(failed == 0)
    #expect(passed == 770_241)
  }

  @Test("BidiCharacterTest.txt: every case, one run per paragraph direction")
  func bidiCharacterTest() throws {
    var cases: [String: [Case]] = ["auto": [], "ltr": [], "rtl": []]
    for line in try unicodeDataFile("BidiCharacterTest.txt").split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      var text = ""
      for hex in fields[0].split(separator: " ") {
        text.unicodeScalars.append(try #require(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)))
      }
      let direction = ["0": "ltr", "1": "rtl", "2": "auto"][String(fields[1])]
      cases[try #require(direction), default: []].append(
        Case(
          text: text, levels: fields[3].split(separator: " ").map { Int($0) },
          order: fields[4].split(separator: " ").map { Int($0)! }, paragraphLevel: Int(fields[2])))
    }
    let (passed, failed) = try Self.check(cases, file: "BidiCharacterTest.txt")
    print("BidiCharacterTest.txt through inspect --json: \(passed) passed, \(failed) failed")
    #expect(failed == 0)
    #expect(passed == 91_707)
  }

  /// Runs `inspect --json --dir D` once for each direction's cases, one case per input line, and
  /// counts the output lines whose one paragraph has the file's levels, visual order and paragraph
  /// level. The first few failures are recorded in full.
  static func check(_ cases: [String: [Case]], file: String) throws -> (passed: Int, failed: Int) {
    var passed = 0
    var failed = 0
    for (direction, cases) in cases.sorted(by: { $0.key < $1.key }) {
      var input = ""
      for item in cases { input += item.text + "\n" }
      let run = try BidiFixBinary.run(["inspect", "--json", "--dir", direction], input: Data(input.utf8), timeout: 600)
      #expect(run.status == 0, "\(run.stderr)")
      let lines = run.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
      try #require(
        lines.count == cases.count, "\(file) --dir \(direction): \(lines.count) lines for \(cases.count) cases")
      let decoder = JSONDecoder()
      for (item, line) in zip(cases, lines) {
        let report = try decoder.decode(Report.self, from: Data(line))
        let paragraph = report.paragraphs.first
        if report.paragraphs.count == 1, let paragraph, paragraph.levels == item.levels,
          paragraph.visualOrder == item.order, item.paragraphLevel.map({ $0 == paragraph.baseLevel }) ?? true
        {
          passed += 1
        } else {
          failed += 1
          if failed <= 5 {
            let scalars = item.text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
            Issue.record(
              """
              \(file) --dir \(direction) [\(scalars.joined(separator: " "))]: \(String(decoding: line, as: UTF8.self)); \
              expected levels \(item.levels), order \(item.order), paragraph level \(item.paragraphLevel.map(String.init) ?? "any")
              """)
          }
        }
      }
    }
    return (passed, failed)
  }
}

import Bidi
import Testing

/// Inputs a stranger can paste into a chat message. Timing is measured in release by
/// `Scripts/bench-hostile`; here each must resolve, lay out as a permutation, and never crash.
@Suite("Hostile input")
struct HostileInputTests {
  static let inputs: [(String, String)] = [
    ("100,000 () pairs after a Hebrew letter", "א" + String(repeating: "()", count: 100_000)),
    (
      "brackets nested 50,000 deep", String(repeating: "(", count: 50_000) + "א" + String(repeating: ")", count: 50_000)
    ),
    ("RLE nested 300 deep", String(repeating: "\u{202B}a", count: 300)),
    ("RLI nested 300 deep", String(repeating: "\u{2067}a1", count: 300)),
    (
      "LRI and RLI alternating, 300 deep, closed",
      String(repeating: "\u{2066}\u{2067}א", count: 150) + String(repeating: "\u{2069}", count: 300)
    ),
    ("10,000 sibling isolates", String(repeating: "\u{2068}@علي 12\u{2069} ", count: 10_000)),
    ("unmatched PDF and PDI", String(repeating: "\u{202C}\u{2069}ب", count: 10_000)),
    ("override never closed, then brackets", "\u{202E}" + String(repeating: "(a) ", count: 10_000)),
    ("only controls", String(repeating: "\u{2067}\u{202D}\u{2069}\u{202C}\u{200F}", count: 2_000)),
    ("empty", ""),
  ]

  @Test("Resolves and lays out as a permutation", arguments: inputs)
  func resolvesToPermutation(name: String, input: String) throws {
    for direction in [BaseDirection.leftToRight, .rightToLeft, .auto] {
      let text = try BidiText(input, direction: direction)
      for paragraph in text.paragraphs {
        let line = paragraph.line(options: .removeX9Characters)
        let shown = paragraph.range.filter { !text.classes[$0].isRemovedByX9 }
        #expect(line.visualOrder.sorted() == shown, "\(name)")
        #expect(paragraph.levels.allSatisfy { ($0?.rawValue ?? 0) <= 126 })
      }
    }
  }

  @Test("Past 4,096 bracket characters in a paragraph, rule N0 no longer pairs brackets")
  func bracketLimitIsTheDocumentedDeviation() throws {
    // In "א(b)c" of a right-to-left paragraph, rule N0 makes ")" right to left (level 1): the pair
    // holds an L, and the context before it is R. Without N0, ")" sits between two L and is level 2.
    let paired = try BidiText("א(b)c", direction: .rightToLeft).paragraphs[0].levels
    #expect(paired.map { $0?.rawValue } == [1, 1, 2, 1, 2])
    let filler = String(repeating: "[]", count: 2_048)  // exactly the 4,096 paired by N0
    let beyond = try BidiText(filler + "א(b)c", direction: .rightToLeft).paragraphs[0].levels
    #expect(beyond.suffix(5).map { $0?.rawValue } == [1, 1, 2, 2, 2])
    let within = try BidiText(String(filler.dropFirst(2)) + "א(b)c", direction: .rightToLeft).paragraphs[0].levels
    #expect(within.suffix(5).map { $0?.rawValue } == [1, 1, 2, 1, 2])
  }
}

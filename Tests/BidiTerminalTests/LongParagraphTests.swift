import Bidi
import BidiTerminal
import Testing

/// A paragraph longer than `TerminalLayout.maximumPieceLength` is laid out in pieces to bound memory;
/// without wrapping, the pieces must join into the line the engine gives for the whole paragraph.
@Suite("Long paragraphs")
struct LongParagraphTests {
  /// Words in both directions, with places to cut in either: `world wide`, `كيف حالك`.
  static let words = ["مرحبا", "⁦@alice⁩", "كيف", "حالك", "(123)", "שלום", "world", "wide", "⁦+1-555⁩"]

  /// A paragraph of `count` words, twice the piece length or more.
  static func paragraph(firstWord: String) -> String {
    var words = [firstWord]
    var length = firstWord.unicodeScalars.count
    var index = 0
    while length < 2 * TerminalLayout.maximumPieceLength + 100 {
      let word = Self.words[index % Self.words.count]
      words.append(word)
      length += word.unicodeScalars.count + 1
      index += 1
    }
    return words.joined(separator: " ")
  }

  @Test("A paragraph is cut only where no level changes, near the limit")
  func cuts() {
    let text = Array(Self.paragraph(firstWord: "hello").unicodeScalars)
    let pieces = TerminalLayout.pieces(of: text, in: 0..<text.count, direction: .leftToRight)
    #expect(pieces.count >= 2)
    let arabic = Array(Self.paragraph(firstWord: "مرحبا").unicodeScalars)
    #expect(TerminalLayout.pieces(of: arabic, in: 0..<arabic.count, direction: .rightToLeft).count >= 2)
    #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == text.count)
    #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    // This text has a place to cut every few dozen characters: each piece ends at the last one
    // before the limit.
    let limit = TerminalLayout.maximumPieceLength
    #expect(pieces.dropLast().allSatisfy { (limit - 100...limit).contains($0.count) && text[$0.upperBound - 1] == " " })
  }

  @Test("Without wrapping, the pieces join into the whole paragraph's line", arguments: ["مرحبا", "hello"])
  func noWrapMatchesEngine(firstWord: String) throws {
    let text = Self.paragraph(firstWord: firstWord)
    let layout = TerminalLayout(width: nil, alignment: .none, shapesArabic: false)
    let rendered = try layout.render(text, direction: .auto)
    #expect(rendered.count == 1)
    let scalars = Array(text.unicodeScalars)
    let direction: TextDirection = firstWord == "hello" ? .leftToRight : .rightToLeft
    #expect(TerminalLayout.pieces(of: scalars, in: 0..<scalars.count, direction: direction).count >= 2)
    let whole = try BidiText(text, direction: .auto).paragraphs[0]
      .line(options: [.mirror, .keepMarksAfterBase, .removeBidiControls]).visualString
    // Compared as scalars, reporting where they part, not as two strings of megabytes.
    let got = Array((rendered.first ?? "").unicodeScalars)
    let want = Array(whole.unicodeScalars)
    let firstDifference =
      zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? (got.count == want.count ? nil : min(got.count, want.count))
    #expect(firstDifference == nil, "\(got.count) scalars against \(want.count)")
  }

  @Test("With wrapping, every line fits and no character is lost")
  func wrapKeepsEverything() throws {
    let text = Self.paragraph(firstWord: "مرحبا")
    let layout = TerminalLayout(width: 60, alignment: .none, shapesArabic: false)
    let lines = try layout.render(text, direction: .auto)
    #expect(lines.allSatisfy { $0.unicodeScalars.reduce(0) { $0 + CellWidth.of($1) } <= 60 })
    let shown = lines.joined().unicodeScalars.filter { $0 != " " }.count
    let expected = text.unicodeScalars.filter {
      $0 != " " && BidiClass($0).rawValue < BidiClass.leftToRightEmbedding.rawValue
    }.count
    #expect(shown == expected)
  }
}

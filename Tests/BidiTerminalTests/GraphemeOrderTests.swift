import Bidi
import BidiTerminal
import Testing

/// Emoji sequences reordered into a right-to-left line must still reach the terminal in their own
/// order, or the terminal draws their pieces apart. Expected lines are written out by hand: the
/// Hebrew words reversed, each emoji sequence as it is stored.
@Suite("Grapheme clusters survive reordering")
struct GraphemeOrderTests {
  struct Example: Sendable, CustomTestStringConvertible {
    let name: String
    let message: String
    let expected: String
    var testDescription: String { name }
  }

  static let examples: [Example] = [
    Example(
      name: "a heart on fire: a variation selector inside a ZWJ sequence",
      message: "שלום ❤\u{FE0F}\u{200D}🔥 עולם", expected: "םלוע ❤\u{FE0F}\u{200D}🔥 םולש"),
    Example(
      name: "a thumbs-up with a skin tone", message: "שלום 👍🏽", expected: "👍🏽 םולש"),
    Example(
      name: "a family of three", message: "שלום 👨\u{200D}👩\u{200D}👧 עולם",
      expected: "םלוע 👨\u{200D}👩\u{200D}👧 םולש"),
    Example(
      name: "a rainbow flag", message: "שלום 🏳\u{FE0F}\u{200D}🌈 עולם",
      expected: "םלוע 🏳\u{FE0F}\u{200D}🌈 םולש"),
    Example(
      name: "two sequences in one word", message: "שלום 👍🏽👍🏿", expected: "👍🏿👍🏽 םולש"),
    Example(
      name: "left to right, left alone", message: "hello 👍🏽 ❤\u{FE0F}\u{200D}🔥 world",
      expected: "hello 👍🏽 ❤\u{FE0F}\u{200D}🔥 world"),
  ]

  @Test("Each sequence keeps its order on an unwrapped line", arguments: examples)
  func unwrapped(_ example: Example) throws {
    let layout = TerminalLayout(width: nil, alignment: .none)
    let lines = try layout.render(example.message, direction: .auto)
    #expect(lines == [example.expected])
  }

  @Test("Each sequence keeps its order on every wrapped line of a long paragraph")
  func wrapped() throws {
    // Forty lines, each with a sequence: the offsets for grapheme breaking are carried from one
    // line to the next rather than counted again from the start of the paragraph.
    let message = Array(repeating: "שלום ❤\u{FE0F}\u{200D}🔥 עולם", count: 40).joined(separator: " ")
    let layout = TerminalLayout(width: 16, alignment: .none)
    let lines = try layout.render(message, direction: .auto)
    #expect(lines.count >= 40)
    let scalars = Array(lines.joined(separator: " ").unicodeScalars)
    let sequence = Array("❤\u{FE0F}\u{200D}🔥".unicodeScalars)
    let whole = (0...scalars.count - sequence.count).filter { Array(scalars[$0..<$0 + sequence.count]) == sequence }
    #expect(whole.count == 40)
  }
}

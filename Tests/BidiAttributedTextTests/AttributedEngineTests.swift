import Bidi
import BidiAttributedText
import Foundation
import Testing

/// Through the engine: an attributed message as `BidiText` lays it out, before and after
/// isolation. Before, the unit is torn in the right-to-left paragraph its Arabic words need; after,
/// the paragraph is right to left by itself and the unit reads whole.
@Suite("Attributed messages through the engine")
struct AttributedEngineTests {
  struct Case: Sendable, CustomStringConvertible {
    var text: String
    var unit: String
    var attribute: String
    var description: String { text }

    var message: AttributedString {
      var message = AttributedString(text)
      let range = message.range(of: unit)!
      if attribute == "link" {
        message[range].link = URL(string: "https://example.com/notes")!
      } else {
        message[range][MentionAttribute.self] = "u1"
      }
      return message
    }
  }

  static let cases = [
    // A display name in a run with a mention attribute: no `@` for the scanner to find.
    Case(text: "شكرا John Jr. على الرد", unit: "John Jr.", attribute: "mention"),
    Case(text: "John Jr. شكرا على الرد", unit: "John Jr.", attribute: "mention"),
    // A link whose text starts with a number: the Arabic around it pulls the number away.
    Case(text: "حمّل 2 files من هنا", unit: "2 files", attribute: "link"),
    // An @reply at the start, also marked as a mention.
    Case(text: "@alice مرحبا كيف حالك", unit: "@alice", attribute: "mention"),
  ]

  static let isolator = AttributedTextIsolator(units: [.link, AttributeKey(MentionAttribute.self)])

  @Test("torn before isolation, one unit after it, and the direction right to left", arguments: cases)
  func unitAndDirection(_ example: Case) throws {
    let before = try display(example.text, direction: .rightToLeft)
    #expect(!showsWhole(example.unit, in: before), "not torn before: \(before)")
    let result = Self.isolator.isolate(example.message)
    let after = try display(result.isolated.string)
    #expect(showsWhole(example.unit, in: after), "torn after: \(after)")
    #expect(result.direction == .rightToLeft)
    #expect(try BidiText(result.isolated.string, direction: .auto).paragraphs[0].direction == .rightToLeft)
  }

  @Test("a message that starts with a Latin name reads left to right until the name is isolated")
  func directionBefore() throws {
    let example = Self.cases[1]
    #expect(try BidiText(example.text, direction: .auto).paragraphs[0].direction == .leftToRight)
    #expect(Self.isolator.isolate(example.message).direction == .rightToLeft)
  }
}

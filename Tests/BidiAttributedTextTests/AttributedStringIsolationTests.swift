import BidiAttributedText
import Foundation
import Testing

@Suite("Isolating an AttributedString")
struct AttributedStringIsolationTests {
  static let isolator = AttributedTextIsolator(
    units: [.link, AttributeKey(MentionAttribute.self)], controlAttributes: [AttributeKey(FontAttribute.self)])

  @Test("a display-name mention is isolated whole, its attribute on the same characters, the controls bare")
  func displayNameMention() {
    let message = AttributedString("شكرا Dana Levi (UK) على الرد")
      .with(MentionAttribute.self, "u42", on: "Dana Levi (UK)")
      .with(BoldAttribute.self, true, on: "Levi (UK) على")
      .with(FontAttribute.self, 17, on: "شكرا Dana Levi (UK) على الرد")
    let result = Self.isolator.isolate(message)
    #expect(result.isolated.string == "شكرا \(lri)Dana Levi (UK)\(pdi) على الرد")
    #expect(result.direction == .rightToLeft)
    // The mention and the bold run cover exactly their characters; the LRI and PDI carry neither,
    // but they carry the font.
    var expected = message
    expected.characters.insert(contentsOf: "\(lri)", at: expected.range(of: "Dana")!.lowerBound)
    expected.characters.insert(contentsOf: "\(pdi)", at: expected.range(of: " على")!.lowerBound)
    #expect(
      result.isolated.values(of: MentionAttribute.self)
        == expected.values(of: MentionAttribute.self).enumerated().map { index, value in
          [5, 20].contains(index) ? nil : value
        })
    let mention = result.isolated.values(of: MentionAttribute.self)
    let bold = result.isolated.values(of: BoldAttribute.self)
    let font = result.isolated.values(of: FontAttribute.self)
    for control in [5, 20] {
      #expect(mention[control] == nil && bold[control] == nil && font[control] == 17)
    }
    #expect(mention.compactMap { $0 }.count == "Dana Levi (UK)".unicodeScalars.count)
    #expect(bold.compactMap { $0 }.count == "Levi (UK) على".unicodeScalars.count)
  }

  @Test("a link run is isolated by its text's direction, and a run inside an entity takes the entity")
  func links() throws {
    let url = URL(string: "https://example.com/notes")!
    var message = AttributedString("اقرأ Release notes (v2) الآن")
    message[message.range(of: "Release notes (v2)")!].link = url
    let result = AttributedTextIsolator().isolate(message)
    #expect(result.isolated.string == "اقرأ \(lri)Release notes (v2)\(pdi) الآن")
    #expect(result.isolated.runs[\.link].compactMap { $0.0 } == [url])
    // A link on part of a URL the scanner finds: isolated with the URL, the link where it was.
    var partial = AttributedString("راجع https://example.com/a اليوم")
    partial[partial.range(of: "example")!].link = url
    let whole = AttributedTextIsolator().isolate(partial)
    #expect(whole.isolated.string == "راجع \(lri)\(lri)https://example.com/a\(pdi)\(pdi) اليوم")
    let linked = whole.isolated.runs[\.link].filter { $0.0 != nil }.map { String(whole.isolated[$0.1].characters) }
    #expect(linked == ["example"])
  }

  @Test("an @reply at the start leaves the direction to the Arabic words")
  func replyAtTheStart() {
    let message = AttributedString("@alice مرحبا كيف حالك").with(MentionAttribute.self, "alice", on: "@alice")
    let result = Self.isolator.isolate(message)
    #expect(result.isolated.string == "\(lri)\(lri)@alice\(pdi)\(pdi) مرحبا كيف حالك")
    #expect(result.direction == .rightToLeft)
  }

  @Test("a paragraph-level attribute keeps covering each paragraph, controls at its start included")
  func paragraphLevel() {
    var message = AttributedString("@bob hi\nDana مرحبا")
    message[message.range(of: "@bob hi")!][AlignmentAttribute.self] = 1
    message[message.range(of: "Dana مرحبا")!][AlignmentAttribute.self] = 2
    message = message.with(MentionAttribute.self, "dana", on: "Dana")
    let result = AttributedTextIsolator(units: [AttributeKey(MentionAttribute.self)], controlAttributes: [])
      .isolate(message)
    #expect(result.isolated.string == "\(lri)@bob\(pdi) hi\n\(lri)Dana\(pdi) مرحبا")
    let alignment = result.isolated.values(of: AlignmentAttribute.self)
    #expect(alignment == Array(repeating: 1, count: 10) + Array(repeating: 2, count: 12))
  }

  @Test("an inserted control takes the allowed attributes of the character before it, after it at a paragraph's start")
  func controlNeighbours() {
    var message = AttributedString("ab @bob\n@dan x")
    message[message.range(of: "ab ")!][FontAttribute.self] = 1
    message[message.range(of: "@bob\n")!][FontAttribute.self] = 2
    message[message.range(of: "@dan x")!][FontAttribute.self] = 3
    let result = Self.isolator.isolate(message)
    #expect(result.isolated.string == "ab \(lri)@bob\(pdi)\n\(lri)@dan\(pdi) x")
    let font = result.isolated.values(of: FontAttribute.self)
    // LRI after "ab " takes 1, the PDI after "@bob" takes 2, the LRI opening the second paragraph
    // takes its first character's 3.
    #expect(font == [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3])
  }

  @Test("nothing to isolate: the same text comes back")
  func unchanged() {
    let message = AttributedString("hello there").with(BoldAttribute.self, true, on: "there")
    let result = Self.isolator.isolate(message)
    #expect(result.isolation.isUnchanged)
    #expect(result.isolated == message)
  }

  @Test("undoing gives the original back, attributes and all, and attributes changed since with it")
  func undo() throws {
    let message = AttributedString("\(rlo)evil @bob شكرا Dana")
      .with(MentionAttribute.self, "dana", on: "Dana")
      .with(FontAttribute.self, 5, on: "\(rlo)evil")
    let result = Self.isolator.isolate(message)
    #expect(try result.restoringOriginal(from: result.isolated) == message)
    var highlighted = result.isolated
    highlighted[highlighted.range(of: "@bob")!][BoldAttribute.self] = true
    #expect(try result.restoringOriginal(from: highlighted) == message.with(BoldAttribute.self, true, on: "@bob"))
    #expect(throws: AttributedTextError.charactersDiffer) {
      try result.restoringOriginal(from: AttributedString("something else"))
    }
    #expect(AttributedTextError.charactersDiffer.description == "the text does not hold the isolated text's characters")
  }

  @Test("removing isolation without the account gives back a message without controls of its own")
  func removeIsolation() {
    let message = AttributedString("مرحبا Dana Levi و @bob").with(MentionAttribute.self, "dana", on: "Dana Levi")
    let result = Self.isolator.isolate(message)
    #expect(result.isolated != message)
    #expect(Self.isolator.removeIsolation(from: result.isolated) == message)
    #expect(Self.isolator.removeIsolation(from: message) == message)
  }

  @Test("ranges map between the message and what is shown")
  func ranges() {
    let message = AttributedString("مرحبا Dana Levi!").with(MentionAttribute.self, "dana", on: "Dana Levi")
    let result = Self.isolator.isolate(message)
    let name = result.isolatedRange(of: message.range(of: "Dana Levi")!)
    #expect(String(result.isolated[name].characters) == "Dana Levi")
    let selection = result.isolated.range(of: "\(lri)Dana Levi\(pdi)!")!
    #expect(String(message[result.originalRange(of: selection)].characters) == "Dana Levi!")
    #expect(result.offsets.isolatedRange(ofOriginal: 6..<15, in: .utf16) == 7..<16)
  }

  @Test("the direction maps to Foundation's writing-direction attribute")
  func writingDirection() {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    #expect(AttributedString.WritingDirection(TextDirection.rightToLeft) == .rightToLeft)
    #expect(AttributedString.WritingDirection(TextDirection.leftToRight) == .leftToRight)
    let result = Self.isolator.isolate(AttributedString("@bob مرحبا"))
    var shown = result.isolated
    shown.writingDirection = result.direction.map(AttributedString.WritingDirection.init)
    #expect(shown.runs[\.writingDirection].map(\.0) == [.rightToLeft])
  }
}

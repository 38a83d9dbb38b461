import BidiAttributedText
import Foundation
import Testing

@Suite("Isolating an NSAttributedString")
struct NSAttributedStringIsolationTests {
  static let mention = NSAttributedString.Key("test.mention")
  static let font = NSAttributedString.Key("NSFont")
  static let color = NSAttributedString.Key("NSColor")
  static let paragraph = NSAttributedString.Key("NSParagraphStyle")
  static let isolator = AttributedTextIsolator(units: [.link, AttributeKey(mention)])

  /// `text` with `attributes` over the first occurrence of each part.
  static func message(
    _ text: String, _ attributes: [(String, NSAttributedString.Key, Any)]
  ) -> NSMutableAttributedString {
    let result = NSMutableAttributedString(string: text)
    for (part, key, value) in attributes {
      let range = (text as NSString).range(of: part)
      result.addAttribute(key, value: value, range: range)
    }
    return result
  }

  @Test(
    "a mention by name is isolated whole; the controls take the font and paragraph style, not the mention or colour")
  func mentionByName() throws {
    let text = "شكرا Dana Levi (UK) على الرد"
    let message = Self.message(
      text,
      [
        ("Dana Levi (UK)", Self.mention, "u42"), ("Levi (UK) على", Self.color, "red"), (text, Self.font, "Body"),
        (text, Self.paragraph, "natural"),
      ])
    let result = Self.isolator.isolate(message)
    #expect(result.isolated.string == "شكرا \(lri)Dana Levi (UK)\(pdi) على الرد")
    #expect(result.direction == .rightToLeft)
    // What it must be, written by hand: the mention and the colour on their characters alone, the
    // font and paragraph style on everything, the LRI (5) and PDI (20) included.
    let expected = NSMutableAttributedString(string: "شكرا \(lri)Dana Levi (UK)\(pdi) على الرد")
    expected.addAttribute(Self.font, value: "Body", range: NSRange(location: 0, length: expected.length))
    expected.addAttribute(Self.paragraph, value: "natural", range: NSRange(location: 0, length: expected.length))
    expected.addAttribute(Self.mention, value: "u42", range: NSRange(location: 6, length: 14))
    expected.addAttribute(Self.color, value: "red", range: NSRange(location: 11, length: 9))
    expected.addAttribute(Self.color, value: "red", range: NSRange(location: 21, length: 4))
    #expect(result.isolated.isEqual(to: expected))
    #expect(result.isolatedRange(of: NSRange(location: 5, length: 14)) == NSRange(location: 6, length: 14))
    #expect(result.originalRange(of: NSRange(location: 5, length: 16)) == NSRange(location: 5, length: 14))
    #expect(result.isolatedRange(of: NSRange(location: NSNotFound, length: 0)).location == NSNotFound)
    #expect(try result.restoringOriginal(from: result.isolated).isEqual(to: message))
    #expect(Self.isolator.removeIsolation(from: result.isolated).isEqual(to: message))
  }

  @Test("isolating in place changes the mutable string and keeps a copy of the original")
  func inPlace() {
    let message = Self.message("@bob مرحبا", [])
    let result = Self.isolator.isolateInPlace(message)
    #expect(message.string == "\(lri)@bob\(pdi) مرحبا")
    #expect(result.original.string == "@bob مرحبا")
    #expect(result.isolated === message)
  }

  @Test("a run that splits a surrogate pair is widened to the whole character")
  func surrogatePair() throws {
    // U+1D4B3 (𝒳) is a surrogate pair; a mention on its second half alone covers the character.
    let message = NSMutableAttributedString(string: "م 𝒳 @b م")
    message.addAttribute(Self.mention, value: "x", range: NSRange(location: 3, length: 1))
    let result = Self.isolator.isolate(message)
    #expect(Array(result.isolated.string.utf16) == Array("م \(lri)𝒳\(pdi) \(lri)@b\(pdi) م".utf16))
    #expect(try result.restoringOriginal(from: result.isolated).isEqual(to: message))
  }
}

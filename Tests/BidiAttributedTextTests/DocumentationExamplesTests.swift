import BidiAttributedText
import Foundation
import Testing

/// The examples of the README's attributed-text section, the DocC overview and the documentation
/// comments, as written there.
@Suite("Attributed text documentation examples")
struct AttributedDocumentationExamplesTests {
  @Test("the DocC overview and the README")
  func overview() {
    var message = AttributedString("Dana Levi (UK) شكرا على الرد")
    message[message.range(of: "Dana Levi (UK)")!][MentionAttribute.self] = "u42"
    let result = AttributedTextIsolator(units: [.link, AttributeKey(MentionAttribute.self)]).isolate(message)
    #expect(result.isolated.string == "\u{2066}Dana Levi (UK)\u{2069} شكرا على الرد")
    #expect(result.direction == .rightToLeft)
    let mentioned = result.isolated.runs[MentionAttribute.self].compactMap { value, range in
      value.map { _ in String(result.isolated[range].characters) }
    }
    #expect(mentioned == ["Dana Levi (UK)"])
  }

  @Test("AttributedTextIsolator.isolate(_:) and the keys' names")
  func isolate() {
    var message = AttributedString("شكرا Dana Levi (UK) على الرد")
    message[message.range(of: "Dana Levi (UK)")!][MentionAttribute.self] = "u42"
    let result = AttributedTextIsolator(units: [AttributeKey(MentionAttribute.self)]).isolate(message)
    #expect(result.isolated.string == "شكرا \u{2066}Dana Levi (UK)\u{2069} على الرد")
    #expect(AttributeKey.link.name.rawValue == "NSLink")
    #expect(AttributeKey.languageIdentifier.description == "NSLanguage")
    #expect(AttributeKey(MentionAttribute.self).name.rawValue == "test.mention")
    #expect(AttributeKey(MentionAttribute.self) != AttributeKey(NSAttributedString.Key("test.mention")))
    #expect(AttributedTextIsolator.defaultControlAttributes == [.fontName, .paragraphStyleName, .languageIdentifier])
  }
}

import BidiIsolator
import Testing

/// The examples in the library's documentation comments, so they stay true.
@Suite("Documentation examples")
struct DocumentationExamplesTests {
  @Test("Entity and EntityScanner")
  func scanner() {
    let seed = EntityScanner().entities(in: "مرحبا@我, 今天天气好吗")
    #expect(seed.map(\.kind) == [.mention])
    #expect(seed.map(\.text) == ["@我"])
    #expect(seed.map(\.scalarRange) == [5..<7])

    let text = "مرحبا @我, 今天天气好吗"
    let mention = EntityScanner().entities(in: text)[0]
    #expect(mention.scalarRange == 6..<8)
    #expect(mention.utf16Range == 6..<8)
    #expect(mention.direction == .leftToRight)
    #expect(text[mention.range] == "@我")

    #expect(
      EntityScanner().entities(in: "call +1-555-0100 or see http://مثال.com/صفحة.").map(\.text)
        == ["+1-555-0100", "http://مثال.com/صفحة"])
  }

  @Test("BidiIsolator")
  func isolator() {
    #expect(
      BidiIsolator().isolate("مرحبا @alice, راجع https://example.com/a")
        == "مرحبا \u{2066}@alice\u{2069}, راجع \u{2066}https://example.com/a\u{2069}")
    #expect(BidiIsolator().isolate("السعر $9.99") == "السعر \u{2066}$9.99\u{2069}")
    #expect(BidiIsolator().isolate("hello") == "hello")
    let isolated = BidiIsolator().isolate("@alice مرحبا")
    #expect(isolated == "\u{2066}@alice\u{2069} مرحبا")
    #expect(BidiIsolator().removeIsolation(from: isolated) == "@alice مرحبا")
    var options = IsolationOptions()
    options.existingControls = .strip
    #expect(BidiIsolator(options).isolate("\u{202E}abc") == "abc")
  }

  @Test("TextIsolation, IsolationSpan, IsolationEdit, IsolationOffsetMap, TextOffset and the README")
  func isolation() throws {
    let reply = BidiIsolator().isolation(of: "@alice مرحبا كيف حالك")
    #expect(reply.isolated == "\u{2066}@alice\u{2069} مرحبا كيف حالك")
    #expect(reply.direction == .rightToLeft)
    #expect(reply.edits.count == 2)
    #expect(reply.offsets.isolatedOffset(ofOriginal: 7, in: .utf16) == 9)
    #expect(
      BidiIsolator().isolation(of: "hi @bob").edits.map { "\($0.kind) \($0.control) at \($0.originalOffset.utf16)" }
        == ["insertion LRI at 3", "insertion PDI at 7"])
    #expect(BidiIsolator().isolation(of: "اتصل +1-555-0100").isolated == BidiIsolator().isolate("اتصل +1-555-0100"))
    let name = try BidiIsolator().isolation(
      of: "@alice مرحبا Dana Levi (UK)", spans: [IsolationSpan(13..<27, in: .utf16)])
    #expect(name.isolated == "\u{2066}@alice\u{2069} مرحبا \u{2066}Dana Levi (UK)\u{2069}")
    #expect(name.direction == .rightToLeft)
    let message = "شكرا Dana Levi (UK) على الرد"
    let span = IsolationSpan(message.range(of: "Dana Levi (UK)")!, in: message)
    let isolation = try BidiIsolator().isolation(of: message, spans: [span])
    #expect(isolation.isolated == "شكرا \u{2066}Dana Levi (UK)\u{2069} على الرد")
    #expect(isolation.offsets.isolatedOffset(ofOriginal: 5, in: .utf16) == 6)
    let bob = BidiIsolator().isolation(of: "hi @bob")
    #expect(bob.isolated[bob.isolatedRange(of: bob.original.range(of: "@bob")!)] == "@bob")
    let offset = TextOffset(utf8: 7, utf16: 4, scalars: 3)
    #expect(offset == TextOffset(utf8: "aب😀".utf8.count, utf16: "aب😀".utf16.count, scalars: 3))
    #expect(offset[.utf16] == 4 && offset[.scalars] == 3)
  }

  @Test("BidiSanitizer")
  func sanitizer() {
    #expect(BidiSanitizer().sanitize("\u{202E}evil name") == "\u{2067}\u{202E}evil name\u{202C}\u{2069}")
    #expect(BidiSanitizer(policy: .strip).sanitize("a\u{2067}b\u{200F}") == "ab")
  }

  @Test("small types")
  func smallTypes() {
    #expect(TextDirection(rawValue: "rtl") == .rightToLeft)
    #expect(TextDirection.rightToLeft.mark == .rightToLeftMark)
    #expect(BidiControl(Unicode.Scalar(0x2067)!) == .rightToLeftIsolate)
    #expect(BidiControl.popDirectionalIsolate.abbreviation == "PDI")
    #expect(EntityKind(rawValue: "hashtag") == .hashtag)
    #expect(EntityKind.url.isAlwaysLeftToRight)
    #expect(BidiClass(Unicode.Scalar(0x0627)!) == .arabicLetter)
    #expect(BidiClass.europeanNumber.strongDirection == nil)
  }
}

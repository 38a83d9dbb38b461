import Bidi
import BidiIsolator
import BidiTestSupport
import Testing

@Suite("Message direction and wrapping")
struct DirectionTests {
  static let firstStrongCases: [(String, TextDirection?)] = [
    ("@alice مرحبا كيف حالك", .rightToLeft),
    ("#WWDC22 שלום", .rightToLeft),
    ("https://example.com مرحبا", .rightToLeft),
    ("a@b.com +1-555-0100 שלום", .rightToLeft),
    ("مرحبا hello", .rightToLeft),
    ("hello مرحبا", .leftToRight),
    ("123 456", nil),
    ("@alice", nil),
    ("\u{2067}שלום\u{2069} hello", .leftToRight),  // isolates are skipped, as rule P2 does
    ("\u{200F}hello", .rightToLeft),  // a mark is a strong character
    ("HTML و CSS: تصميم و إنشاء مواقع الويب", .leftToRight),
    ("RT @alice: مرحبا كيف حالك", .rightToLeft),  // a repost's marker names no language
    ("ok RT @alice: مرحبا", .leftToRight),
  ]

  @Test("first strong character outside entities", arguments: firstStrongCases)
  func firstStrong(text: String, expected: TextDirection?) {
    #expect(DirectionDetector().direction(of: text) == expected)
  }

  static let wordMajorityCases: [(String, TextDirection?)] = [
    ("HTML و CSS: تصميم و إنشاء مواقع الويب", .rightToLeft),
    ("Hi all מה שלום כולם", .rightToLeft),
    ("שלום everyone, how are you", .leftToRight),
    ("abc אבג", .leftToRight),  // a tie goes to the first strong character
    ("אבג abc", .rightToLeft),
    ("\u{200F}hello world", .rightToLeft),  // an explicit leading mark decides
    ("@alice @bob @carol שלום", .rightToLeft),  // entities are not words
    ("", nil),
  ]

  @Test("majority of words outside entities", arguments: wordMajorityCases)
  func majority(text: String, expected: TextDirection?) {
    #expect(DirectionDetector(heuristic: .wordMajority).direction(of: text) == expected)
  }

  @Test("the engine's rule P2 gets the leading-mention case wrong; the detector does not")
  func comparedWithTheEngine() throws {
    let message = "@alice مرحبا كيف حالك"
    #expect(try paragraphDirection(message) == .leftToRight)
    #expect(DirectionDetector().direction(of: message) == .rightToLeft)
  }

  @Test("what counts as an entity")
  func scannerSettings() {
    #expect(DirectionDetector(kinds: []).direction(of: "@alice مرحبا") == .leftToRight)
    #expect(DirectionDetector().direction(of: "@John Smith مرحبا") == .leftToRight)
    #expect(DirectionDetector(memberNames: ["John Smith"]).direction(of: "@John Smith مرحبا") == .rightToLeft)
  }

  @Test("wrapping user text for a template")
  func wrap() throws {
    let wrapper = BidiWrapper()
    #expect(wrapper.wrap("שלום") == rli + "שלום" + pdi)
    #expect(wrapper.wrap("hello") == lri + "hello" + pdi)
    #expect(wrapper.wrap("123") == fsi + "123" + pdi)
    #expect(wrapper.wrap("@alice שלום") == rli + "@alice שלום" + pdi)
    #expect(wrapper.wrap("abc", direction: .rightToLeft) == rli + "abc" + pdi)
    // The pasted override is closed and contained first, which leaves no strong character outside
    // an isolate: FSI.
    #expect(escaped(wrapper.wrap(rlo + "evil")) == escaped(fsi + rli + rlo + "evil" + pdf + pdi + pdi))

    let embed = BidiWrapper(style: .embed)
    #expect(escaped(embed.wrap("שלום")) == escaped(rle + "שלום" + pdf + lrm))
    #expect(embed.wrap("abc") == "abc")
    #expect(escaped(embed.wrap("abc שלום")) == escaped("abc שלום" + lrm))  // ends right to left
    let rightToLeft = BidiWrapper(context: .rightToLeft, style: .embed)
    #expect(escaped(rightToLeft.wrap("abc")) == escaped(lre + "abc" + pdf + rlm))

    let name = "إيان"
    #expect("User \(isolating: name): 3 posts." == "User " + rli + name + pdi + ": 3 posts.")
    #expect(try display("User \(isolating: name): 3 posts.") == "User " + rtl(name) + ": 3 posts.")
    #expect(
      try display("User \(BidiWrapper(style: .embed).wrap(name)): 3 posts.") == "User " + rtl(name) + ": 3 posts.")
  }
}

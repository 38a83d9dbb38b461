import BidiIsolator
import Foundation
import Testing

/// Inputs built to make a careless scanner quadratic or make it overflow the nesting limit.
@Suite("Hostile input")
struct HostileInputTests {
  static let inputs: [(name: String, text: String)] = [
    ("40,000 digits and commas ending in a letter", String(repeating: "1,", count: 20_000) + "x"),
    ("40,000 sigils", String(repeating: "@", count: 40_000)),
    ("20,000 hashtags glued together", String(repeating: "#a", count: 20_000)),
    ("20,000 nested RLEs", String(repeating: "\u{202B}a", count: 20_000)),
    (
      "20,000 nested LRIs, then their PDIs",
      String(repeating: "\u{2066}", count: 20_000) + String(repeating: "\u{2069}", count: 20_000)
    ),
    ("4,000 URLs glued together", String(repeating: "http://a.com/(", count: 4_000)),
    ("40,000 dotted letters", String(repeating: "a.", count: 20_000)),
    ("12,000 already isolated mentions", String(repeating: "\u{2066}@a\u{2069}", count: 12_000)),
    ("12,000 area codes", String(repeating: "(012) ", count: 12_000)),
    ("20,000 phone prefixes", String(repeating: "+1 ", count: 20_000)),
    ("20,000 country codes before unclosed area codes", String(repeating: "+1 (2", count: 20_000)),
    ("20,000 accounts glued together", String(repeating: "@a@b.com", count: 20_000)),
    ("20,000 trunk prefixes before short groups", String(repeating: "05 1 ", count: 20_000)),
    ("10,000 backtick runs of two lengths", String(repeating: "``a`", count: 10_000)),
    ("20,000 suffixed words glued together", String(repeating: "a+", count: 20_000)),
    ("20,000 capitalised words before a term", String(repeating: "A ", count: 20_000) + "C++"),
    ("20,000 terms", String(repeating: "C++ C# ", count: 10_000)),
    ("20,000 commands glued together", String(repeating: " /a@b", count: 20_000)),
    ("20,000 slashes after spaces", String(repeating: " /", count: 20_000)),
    ("20,000 emoticons glued together", String(repeating: " :D<3", count: 20_000)),
    ("20,000 quotations in right-to-left text", String(repeating: "ب \"a!\" «b» ", count: 20_000)),
    ("20,000 quotation marks that never close", String(repeating: " \"a «b „c", count: 20_000)),
    ("20,000 parentheticals in right-to-left text", String(repeating: "ب (a!) [b] ", count: 20_000)),
    ("20,000 closing brackets with no opening one", String(repeating: "a) ", count: 20_000)),
    ("20,000 opening brackets and one closing one", String(repeating: "(a ", count: 20_000) + "b) ب"),
    ("a parenthetical around 20,000 mentions", "ب (" + String(repeating: "@a ", count: 20_000) + "b!) ب"),
    (
      "20,000 mentions before 20,000 closing brackets",
      String(repeating: "ب (@a ", count: 20_000) + String(repeating: "b) ", count: 20_000)
    ),
    ("20,000 quotations of a mention, then Arabic", String(repeating: "\"@a\" ", count: 20_000) + "ب"),
    ("20,000 quotations of a mention in brackets", String(repeating: "(\"@a\") ", count: 20_000) + "ب"),
    ("20,000 quotations holding a closing bracket", "ب " + String(repeating: "\"a)\" ", count: 20_000)),
    ("20,000 quotations holding a parenthetical", "ب " + String(repeating: "\"x (a) y\" ", count: 20_000)),
    ("20,000 quotations of both directions", String(repeating: "\"a!\" \"ب!\" ", count: 10_000)),
    ("20,000 quotations of a mention after a letter", "x " + String(repeating: "\"@a\" ", count: 20_000)),
    ("a quotation, then 20,000 mentions and Arabic", "\"a!\" " + String(repeating: "@a ", count: 20_000) + "ب"),
    ("20,000 emphases in right-to-left text", String(repeating: "ب *a!* __b__ ~c~ ", count: 20_000)),
    ("20,000 emphasis markers that never close", String(repeating: " *a _b ~~c", count: 20_000)),
    ("a quotation across 100,000 neutrals", "ب \"a!\"" + String(repeating: "!", count: 100_000) + "\"b!\" ب"),
    ("20,000 eyes with no mouth", String(repeating: " :-;'<", count: 20_000)),
    ("20,000 stars and hashes", String(repeating: "*#", count: 20_000) + "1"),
    ("20,000 service code groups", String(repeating: "*1", count: 20_000) + "#"),
    ("a growing backtick run", (1...200).map { String(repeating: "`", count: $0) + "a" }.joined()),
    ("20,000 Matrix rooms glued together", String(repeating: "#a:b.com", count: 20_000)),
    ("20,000 PDFs and PDIs with nothing to close", String(repeating: "\u{202C}\u{2069}x", count: 20_000)),
    ("a 40,000-letter Arabic word with a sigil", "@" + String(repeating: "ع", count: 40_000)),
    // A host whose labels are all top-level domains after one invalid label: each candidate once.
    (
      "20,000 labels, an invalid one, then 10,000 top-level domains",
      String(repeating: "a.", count: 20_000) + "-b." + String(repeating: "com.", count: 10_000)
    ),
    ("a scheme and 40,000 dotted letters", "http://" + String(repeating: "a.", count: 20_000) + "com"),
    ("20,000 glued schemes", String(repeating: "ahttps://", count: 20_000)),
    ("20,000 hashtags glued to links", String(repeating: "#عhttp://a.co", count: 20_000)),
    ("20,000 accented words before a dot", String(repeating: "éa", count: 20_000) + ".com"),
    ("20,000 script changes in a name", "@" + String(repeating: "a我", count: 20_000)),
    ("20,000 cashtags", String(repeating: " $AB.CD", count: 20_000)),
    ("20,000 retweet prefixes", String(repeating: "RT@", count: 20_000)),
    ("20,000 retweets of retweets", String(repeating: "RT @a: ", count: 20_000) + "שלום"),
    ("20,000 entities before a retweet", String(repeating: "@a ", count: 20_000) + "RT @b: שלום"),
    (
      "40,000 symbols before 20,000 retweets",
      String(repeating: "!", count: 40_000) + String(repeating: " RT @a", count: 20_000)
    ),
  ]

  // Speed is measured in release by Scripts/bench-hostile and Scripts/bench, not timed here; a
  // quadratic pass over these inputs would still show as a suite that no longer finishes in minutes.
  @Test("balanced, idempotent output", arguments: inputs.map(\.name))
  func hostile(name: String) throws {
    let text = try #require(Self.inputs.first { $0.name == name }?.text)
    for strategy in IsolationStrategy.allCases {
      let output = isolator(strategy, explicit: .isolate).isolate(text)
      #expect(isWellNested(output))
      #expect(isolator(strategy, explicit: .isolate).isolate(output) == output)
    }
    #expect(BidiControlAudit(BidiSanitizer().sanitize(text)).isWellBalanced)
  }

  @Test("a room of 10,000 members")
  func manyMembers() {
    let members = (0..<4_000).map { "user\($0)" }
    let text = (0..<2_000).map { "@user\($0 * 5) hi" }.joined(separator: " ")
    let entities = EntityScanner(memberNames: members).entities(in: text)
    #expect(entities.count == 2_000)
    #expect(entities.first?.text == "@user0")
    #expect(entities.last?.text == "@user9995")
  }
}

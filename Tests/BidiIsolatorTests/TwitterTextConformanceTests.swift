import BidiIsolator
import BidiTestSupport
import Foundation
import Testing

/// One case of twitter-text's `conformance/extract.yml` (Tests/Fixtures/twitter-text, Apache-2.0,
/// with its source in SOURCE.txt): a text and what twitter-text extracts from it.
struct TwitterTextCase: Sendable, CustomTestStringConvertible {
  let group: String
  let description: String
  let text: String
  /// The expected value as YAML holds it, re-encoded as JSON: a list of names or URLs, of objects
  /// with indices, a reply's name, or null.
  let expectedJSON: String

  var testDescription: String { "\(group): \(description)" }

  static let all: [TwitterTextCase] = {
    let url = fixturesDirectory.appendingPathComponent("twitter-text/extract.json")
    guard let data = try? Data(contentsOf: url),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let groups = root["groups"] as? [String: [[String: Any]]]
    else { return [] }
    var cases: [TwitterTextCase] = []
    for group in groups.keys.sorted() {
      for item in groups[group] ?? [] {
        let expected = item["expected"] ?? NSNull()
        let json =
          (try? JSONSerialization.data(withJSONObject: expected, options: [.fragmentsAllowed, .sortedKeys]))
          .map { String(decoding: $0, as: UTF8.self) } ?? "null"
        cases.append(
          TwitterTextCase(
            group: group, description: item["description"] as? String ?? "", text: item["text"] as? String ?? "",
            expectedJSON: json))
      }
    }
    return cases
  }()

  /// What twitter-text expects, written the way ``found`` writes what the scanner finds.
  var expected: [String] {
    let value = try? JSONSerialization.jsonObject(with: Data(expectedJSON.utf8), options: .fragmentsAllowed)
    switch value {
    case let names as [String]: return names
    case let name as String: return [name]
    case let objects as [[String: Any]]:
      return objects.map { object in
        let indices = (object["indices"] as? [Int]).map { " \($0[0])..<\($0[1])" } ?? ""
        let name = (object["screen_name"] ?? object["hashtag"] ?? object["cashtag"] ?? object["url"]) as? String ?? ""
        let slug = object["list_slug"] as? String ?? ""
        return name + slug + indices
      }
    default: return []
    }
  }

  /// What the scanner finds of the group's kind: names without their sigil, URLs whole, with
  /// Unicode scalar offsets where the group gives indices (twitter-text's are code points).
  var found: [String] {
    let entities = EntityScanner().entities(in: text)
    let withIndices = group.hasSuffix("_with_indices") || group == "urls_with_directional_markers"
    func written(_ entity: Entity, droppingSigil: Bool) -> String {
      let name = droppingSigil ? String(entity.text.dropFirst()) : entity.text
      return name + (withIndices ? " \(entity.scalarRange.lowerBound)..<\(entity.scalarRange.upperBound)" : "")
    }
    switch group {
    case "mentions", "mentions_with_indices", "mentions_or_lists_with_indices":
      return entities.filter { $0.kind == .mention }.map { written($0, droppingSigil: true) }
    case "replies":
      // A reply is a mention that only white space comes before.
      guard let first = entities.first(where: { $0.kind == .mention }),
        text[..<first.range.lowerBound].allSatisfy(\.isWhitespace)
      else { return [] }
      return [String(first.text.dropFirst())]
    case "hashtags", "hashtags_from_astral", "hashtags_with_indices":
      return entities.filter { $0.kind == .hashtag }.map { written($0, droppingSigil: true) }
    case "cashtags", "cashtags_with_indices":
      return entities.filter { $0.kind == .cashtag }.map { written($0, droppingSigil: true) }
    default:
      return entities.filter { $0.kind == .url }.map { written($0, droppingSigil: false) }
    }
  }
}

/// twitter-text's conformance cases for extraction, and where this scanner deliberately differs.
@Suite("twitter-text conformance")
struct TwitterTextConformanceTests {
  /// Cases where the scanner finds something else on purpose, with what it finds and why.
  static let deliberateDifferences: [String: (found: [String], reason: String)] = [
    "mentions: DO NOT extract username followed by accented latin characters": (
      ["aliceìnheiro"],
      "Names are in any script: twitter-text handles are ASCII, so an accented letter after one means it is not a handle; "
        + "a chat name such as @aliceìnheiro or @josé is one name."
    ),
    "mentions: Extract lone metion but not @user@user (too close to an email)": (
      ["username", "test@example.com"],
      "A name followed straight by @ and a host is an account on a server, as fediverse apps write it: "
        + "Twitter's handles have none, chat and social apps now mention @alice@mastodon.social."
    ),
  ]

  @Test("The cases are all there")
  func casesLoaded() {
    #expect(TwitterTextCase.all.count == 238)
  }

  @Test(arguments: TwitterTextCase.all)
  func extraction(_ example: TwitterTextCase) {
    if let difference = Self.deliberateDifferences[example.testDescription] {
      #expect(example.found == difference.found, "\(difference.reason)")
      #expect(example.found != example.expected)
    } else {
      #expect(example.found == example.expected, "\(example.text.debugDescription)")
    }
  }

  /// The README's table of deliberate differences, each row as the scanner finds it.
  @Test(
    "The README's deliberate differences",
    arguments: [
      ("@aliceìnheiro", ["mention:@aliceìnheiro"]),
      ("@我 @علي @דני @alice.b-c", ["mention:@我", "mention:@علي", "mention:@דני", "mention:@alice.b-c"]),
      ("@abcdefghijklmnopqrstuvwxyz", ["mention:@abcdefghijklmnopqrstuvwxyz"]),
      ("اتبع: bidi_intro.net، http://twitter_underscore.com", ["url:bidi_intro.net"]),
      ("tg://resolve?domain=x ftp://host/file", ["url:tg://resolve?domain=x", "url:ftp://host/file"]),
      ("https://ar.wikipedia.org/wiki/مصر", ["url:https://ar.wikipedia.org/wiki/مصر"]),
      ("hi.@alice", []),
      ("+1-555-0100 a@b.com", ["number:+1-555-0100", "email:a@b.com"]),
      (
        "@alice@mastodon.social @bob:matrix.org #room:matrix.org",
        ["mention:@alice@mastodon.social", "mention:@bob:matrix.org", "hashtag:#room:matrix.org"]
      ),
      ("ל-@דני", ["mention:@דני"]),
      ("$BRK-B", ["cashtag:$BRK-B"]),
      ("#dev-team #COVID-19", ["hashtag:#dev-team", "hashtag:#COVID-19"]),
    ])
  func documentedDifferences(text: String, expected: [String]) {
    #expect(EntityScanner().entities(in: text).map { "\($0.kind):\($0.text)" } == expected)
  }

  @Test("Pass counts per group")
  func passCounts() {
    var counts: [String: (passed: Int, total: Int)] = [:]
    for example in TwitterTextCase.all {
      let passed = example.found == example.expected
      counts[example.group, default: (0, 0)].total += 1
      if passed { counts[example.group, default: (0, 0)].passed += 1 }
    }
    let urlGroups = ["urls", "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params"]
    let urls = urlGroups.compactMap { counts[$0] }.reduce((0, 0)) { ($0.0 + $1.passed, $0.1 + $1.total) }
    print(
      "twitter-text conformance: "
        + counts.keys.sorted().map { "\($0) \(counts[$0]!.passed)/\(counts[$0]!.total)" }.joined(separator: ", "))
    #expect(Double(urls.0) >= 0.95 * Double(urls.1), "URL cases: \(urls.0) of \(urls.1)")
  }
}

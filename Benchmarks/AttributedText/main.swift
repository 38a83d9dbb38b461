// What isolating an attributed chat message costs next to what building it costs, in a release
// build: `Scripts/bench-attributed` runs it. The message is 300 characters of Arabic with five
// attributed runs: two display-name mentions, two links (one of them a URL the scanner finds too)
// and a bold stretch, the way a chat app builds a message from a server's parts.
import BidiAttributedText
import Foundation

enum Mention: AttributedStringKey {
  typealias Value = String
  static let name = "bench.mention"
}

enum Bold: AttributedStringKey {
  typealias Value = Bool
  static let name = "bench.bold"
}

func attributes(mention: String? = nil, link: String? = nil, bold: Bool = false) -> AttributeContainer {
  var container = AttributeContainer()
  if let mention { container[Mention.self] = mention }
  if let link { container.link = URL(string: link)! }
  if bold { container[Bold.self] = true }
  return container
}

let parts: [(text: String, attributes: AttributeContainer)] = [
  ("مرحبا يا ", attributes()),
  ("Dana Levi", attributes(mention: "u1")),
  ("، شكرا على رسالتك الطويلة. هل راجعت ", attributes()),
  ("Release notes (v2)", attributes(link: "https://example.com/notes")),
  (" قبل الاجتماع مع ", attributes()),
  ("أحمد علي", attributes(mention: "u2")),
  ("؟ الملف كله هنا: ", attributes()),
  ("https://example.com/docs/2026", attributes(link: "https://example.com/docs/2026")),
  (" وسنناقش فيه ", attributes()),
  ("النقاط المهمة", attributes(bold: true)),
  (
    " غدا في الساعة العاشرة والنصف صباحا إن شاء الله،"
      + " وأرجو أن تحضر معك الأرقام الجديدة والتقرير الكامل عن المشروع حتى ننتهي منه بأكمله.",
    attributes()
  ),
]

func build() -> AttributedString {
  var message = AttributedString()
  for part in parts { message.append(AttributedString(part.text, attributes: part.attributes)) }
  return message
}

let message = build()
let isolator = AttributedTextIsolator(units: [.link, AttributeKey(Mention.self)])
let nsMessage: NSAttributedString = {
  let result = NSMutableAttributedString(string: "")
  for part in parts {
    var names: [NSAttributedString.Key: Any] = [:]
    if let mention = part.attributes[Mention.self] { names[NSAttributedString.Key(Mention.name)] = mention }
    if let link = part.attributes.link { names[NSAttributedString.Key("NSLink")] = link }
    result.append(NSAttributedString(string: part.text, attributes: names))
  }
  return result
}()

/// The best of `rounds` timings of `iterations` calls, in microseconds a call.
func microseconds(rounds: Int = 7, iterations: Int = 2_000, _ body: () -> Int) -> Double {
  var best = Double.infinity
  var sink = 0
  let clock = ContinuousClock()
  for _ in 0..<rounds {
    let elapsed = clock.measure {
      for _ in 0..<iterations { sink &+= body() }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds / Double(iterations) * 1e6)
  }
  if sink == 42 { print("") }  // keeps the work from being optimised away
  return best
}

// An argument runs one measure only, for a profiler: `build`, `isolate` or `ns`.
if CommandLine.arguments.count == 2 {
  let measures: [String: () -> Int] = [
    "build": { build().runs.count }, "isolate": { isolator.isolate(message).isolated.runs.count },
    "ns": { isolator.isolate(nsMessage).isolated.length },
  ]
  guard let measure = measures[CommandLine.arguments[1]] else {
    print("usage: bidi-attributed-bench [build|isolate|ns]")
    exit(2)
  }
  print(String(format: "%.1f µs", microseconds(rounds: 20, measure)))
  exit(0)
}

let result = isolator.isolate(message)
print(
  "message: \(message.characters.count) characters, \(message.runs.count) runs, "
    + "\(result.isolation.edits.count) controls inserted, direction \(result.direction.map(\.rawValue) ?? "none")")
let building = microseconds { build().runs.count }
let isolating = microseconds { isolator.isolate(message).isolated.runs.count }
let plain = microseconds { isolator.isolator.isolation(of: String(message.characters[...])).isolated.utf8.count }
let nsIsolating = microseconds { isolator.isolate(nsMessage).isolated.length }
print(String(format: "build the AttributedString from its 11 parts:   %6.1f µs", building))
print(
  String(
    format: "isolate it (AttributedTextIsolator):            %6.1f µs  (%.2f× building)", isolating,
    isolating / building))
print(String(format: "its characters alone, as a String (isolation(of:)): %6.1f µs", plain))
print(String(format: "isolate the same NSAttributedString:            %6.1f µs", nsIsolating))

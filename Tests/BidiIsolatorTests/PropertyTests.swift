import Bidi
import BidiIsolator
import BidiTestSupport
import Foundation
import Testing

/// Random messages rich in bidi controls, brackets, digits of several scripts, marks, letters of
/// right-to-left and CJK scripts, quotation marks, sigils and pieces of entities.
enum MessageGenerator {
  static let controls = [lre, rle, pdf, lro, rlo, lri, rli, fsi, pdi, lrm, rlm, alm]
  static let others: [String] = [
    "(", ")", "[", "]", "{", "}", "«", "»", "「", "」", "<", ">",
    "0", "7", "42", "٣", "٤٥", "۱۲", "３", "१",
    "\u{064B}", "\u{0301}", "\u{200C}", "\u{200D}", "\u{FE0F}",
    "a", "Bob", "www", "com", "ع", "لي", "א", "דנה", "我", "今天", "さ", "ی", "ß",
    "@", "#", "＠", "＃", ".", ",", ":", "-", "/", "+", "$", "%", "&", "_", "*", "~", "'", "\"", "“", "”", "„", "!", "?",
    "،", "，",
    "₪",
    " ", " ", " ", "\u{2005}", "\u{A0}", "\n", "\r\n", "\u{2029}", "\t",
    "http://", "https://مثال.com/", "www.", "a@b.com", ".com", "+1-555-0100", "1,000.50", "😀", "👨‍👩‍👧",
  ]

  static func message(_ random: inout SplitMix64) -> String {
    var message = ""
    for _ in 0..<Int.random(in: 0...24, using: &random) {
      if Int.random(in: 0..<4, using: &random) == 0 {
        message += controls.randomElement(using: &random)!
      } else {
        message += others.randomElement(using: &random)!
      }
    }
    return message
  }

  static func isolator(_ random: inout SplitMix64) -> BidiIsolator {
    var options = IsolationOptions()
    options.strategy = IsolationStrategy.allCases.randomElement(using: &random)!
    options.existingControls = ControlPolicy.allCases.randomElement(using: &random)!
    options.explicitDirection = ExplicitDirection.allCases.randomElement(using: &random)!
    options.directionHeuristic = DirectionHeuristic.allCases.randomElement(using: &random)!
    if Bool.random(using: &random) { options.memberNames = ["Bob", "דנה", "我"] }
    if Int.random(in: 0..<4, using: &random) == 0 { options.kinds = [.mentions, .numbers] }
    return BidiIsolator(options)
  }
}

/// Whether every initiator in `text` is matched, properly nested and closed within its paragraph,
/// no deeper than the algorithm's 125 levels. Written independently of the library's own audit.
func isWellNested(_ text: String) -> Bool {
  enum Open { case embedding, isolate }
  var stack: [Open] = []
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029:
      guard stack.isEmpty else { return false }
    case 0x202A, 0x202B, 0x202D, 0x202E:
      stack.append(.embedding)
    case 0x2066...0x2068:
      stack.append(.isolate)
    case 0x202C:
      guard stack.last == .embedding else { return false }
      stack.removeLast()
    case 0x2069:
      guard stack.last == .isolate else { return false }
      stack.removeLast()
    default:
      break
    }
    guard stack.count <= 62 else { return false }
  }
  return stack.isEmpty
}

extension Array where Element: Equatable {
  /// Whether `run` appears in the array as consecutive elements.
  func containsRun(_ run: [Element]) -> Bool {
    guard run.count <= count else { return false }
    return (0...(count - run.count)).contains { Array(self[$0..<$0 + run.count]) == run }
  }
}

func hasBidiControl(_ text: String) -> Bool {
  text.unicodeScalars.contains { BidiControl($0) != nil }
}

func withoutBidiControls(_ text: String) -> String {
  String(String.UnicodeScalarView(text.unicodeScalars.filter { BidiControl($0) == nil }))
}

@Suite("Properties over random messages")
struct PropertyTests {
  /// Four seeds by default; `BIDI_ISOLATOR_SEEDS=100` runs a hundred for a longer soak.
  static let seeds = SplitMix64.seeds("BIDI_ISOLATOR_SEEDS")
  static let messagesPerSeed = 1_000

  @Test("idempotent, balanced, contained; reversible without controls of its own", arguments: seeds)
  func isolation(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var failures = 0
    // One workspace for every message and every isolator, as a thread of `bidi-fix` keeps it.
    var workspace = BidiIsolator.Workspace()
    for index in 0..<Self.messagesPerSeed {
      let message = MessageGenerator.message(&random)
      let isolator = MessageGenerator.isolator(&random)
      let options = isolator.options
      let output = isolator.isolate(message)
      let context =
        "seed \(seed) #\(index) \(options.strategy)/\(options.existingControls)/\(options.explicitDirection): \(escaped(message)) → \(escaped(output))"
      var ok = true
      ok =
        ok
        && check(
          isolator.isolate(output) == output, "not idempotent: \(context) → \(escaped(isolator.isolate(output)))")
      if options.existingControls != .keep || !hasBidiControl(message) {
        ok = ok && check(isWellNested(output), "unbalanced: \(context)")
        // Nothing in the message reaches past it: a word appended after it reads as written.
        // Compared by scalars: a combining mark after "tail" would change its last Character.
        let tail = Array(try display(output + " tail").unicodeScalars).containsRun(Array("tail".unicodeScalars))
        ok = ok && check(tail, "spills: \(context)")
      }
      if !hasBidiControl(message) {
        ok = ok && check(isolator.removeIsolation(from: output) == message, "not reversible: \(context)")
      }
      // The bytes form appends exactly what the string form returns.
      var bytes: [UInt8] = [0x3E]
      isolator.isolate(message.utf8Span, appendingTo: &bytes)
      ok = ok && check(bytes == [0x3E] + Array(output.utf8), "bytes form differs: \(context)")
      // So does the form that works in a workspace the messages before left as they left it.
      var reused: [UInt8] = [0x3E]
      isolator.isolate(message.utf8Span, appendingTo: &reused, workspace: &workspace)
      ok = ok && check(reused == [0x3E] + Array(output.utf8), "workspace form differs: \(context)")
      if options.existingControls == .strip {
        ok =
          ok
          && check(
            isolator.removeIsolation(from: output) == withoutBidiControls(message),
            "strip left a control of its own: \(context)")
      }
      if !ok {
        failures += 1
        if failures >= 5 { break }
      }
    }
  }

  @Test("the scanner's positions agree with one another and with its byte form", arguments: seeds)
  func positions(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<Self.messagesPerSeed {
      let message = MessageGenerator.message(&random)
      let scalars = Array(message.unicodeScalars)
      let utf16 = Array(message.utf16)
      var previousEnd = 0
      for entity in EntityScanner().entities(in: message) {
        #expect(String(message[entity.range]) == entity.text)
        #expect(String(String.UnicodeScalarView(scalars[entity.scalarRange])) == entity.text)
        #expect(Array(utf16[entity.utf16Range]) == Array(entity.text.utf16))
        #expect(Array(message.utf8)[entity.utf8Range] == ArraySlice(entity.text.utf8))
        #expect(entity.scalarRange.lowerBound >= previousEnd && !entity.scalarRange.isEmpty)
        #expect(!hasBidiControl(entity.text))
        previousEnd = entity.scalarRange.upperBound
      }
      // The byte form finds the same entities at the same positions, with the same directions.
      var located: [EntityLocation] = []
      EntityScanner().forEachEntity(in: message.utf8Span) { located.append($0) }
      let expected = EntityScanner().entities(in: message).map {
        EntityLocation(
          kind: $0.kind, utf8Range: $0.utf8Range, scalarRange: $0.scalarRange, utf16Range: $0.utf16Range,
          direction: $0.direction)
      }
      #expect(located == expected, "\(escaped(message))")
      // And without directions, the same positions, each with none.
      var positioned: [EntityLocation] = []
      EntityScanner().forEachEntity(inValidUTF8: message.utf8Span.span, findingDirections: false) {
        positioned.append($0)
      }
      #expect(positioned.map(\.direction).allSatisfy { $0 == nil })
      #expect(positioned.map(\.scalarRange) == expected.map(\.scalarRange), "\(escaped(message))")
      #expect(positioned.map(\.utf8Range) == expected.map(\.utf8Range))
      #expect(positioned.map(\.kind) == expected.map(\.kind))
    }
  }

  @Test("sanitising settles in one pass, and the audit agrees with it", arguments: seeds)
  func sanitizer(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<Self.messagesPerSeed {
      let message = MessageGenerator.message(&random)
      let closed = BidiSanitizer().sanitize(message)
      #expect(isWellNested(closed), "\(escaped(message)) → \(escaped(closed))")
      #expect(BidiSanitizer().sanitize(closed) == closed)
      #expect(BidiControlAudit(closed).isWellBalanced)
      #expect(BidiControlAudit(message).isWellBalanced == isWellNested(message))
      #expect(withoutBidiControls(closed) == withoutBidiControls(message))
      #expect(!hasBidiControl(BidiSanitizer(policy: .strip).sanitize(message)))
    }
  }

  /// Records a failure with its message and reports whether the condition held.
  private func check(_ condition: Bool, _ message: @autoclosure () -> String) -> Bool {
    if !condition { Issue.record(Comment(rawValue: message())) }
    return condition
  }
}

import Bidi
import BidiIsolator
import BidiTestSupport
import Foundation
import Testing

/// The guarantees of `isolate` hold for `isolation(of:spans:)` too, over random messages rich in
/// controls with random spans, in every unit, and with random options; and its account of the
/// edits and its offsets are exact.
@Suite("Properties of isolation with spans")
struct SpanPropertyTests {
  static let seeds = PropertyTests.seeds
  static let messagesPerSeed = 500

  /// Up to four random spans of `message`, each counted in a random unit.
  static func spans(of message: String, _ random: inout SplitMix64) -> [IsolationSpan] {
    let scalars = Array(message.unicodeScalars)
    var utf8 = [0]
    var utf16 = [0]
    for scalar in scalars {
      utf8.append(utf8.last! + UTF8.width(scalar))
      utf16.append(utf16.last! + UTF16.width(scalar))
    }
    return (0..<Int.random(in: 0...4, using: &random)).map { _ in
      let a = Int.random(in: 0...scalars.count, using: &random)
      let b = Int.random(in: 0...scalars.count, using: &random)
      let range = min(a, b)..<max(a, b)
      switch OffsetUnit.allCases.randomElement(using: &random)! {
      case .utf8: return IsolationSpan(utf8[range.lowerBound]..<utf8[range.upperBound], in: .utf8)
      case .utf16: return IsolationSpan(utf16[range.lowerBound]..<utf16[range.upperBound], in: .utf16)
      case .scalars: return IsolationSpan(range, in: .scalars)
      }
    }
  }

  @Test(
    "balanced, contained, idempotent and reversible, with edits that rebuild the output", arguments: seeds)
  func isolation(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var failures = 0
    for index in 0..<Self.messagesPerSeed where failures < 5 {
      let message = MessageGenerator.message(&random)
      let isolator = MessageGenerator.isolator(&random)
      let spans = Self.spans(of: message, &random)
      let options = isolator.options
      let isolation = try isolator.isolation(of: message, spans: spans)
      let output = isolation.isolated
      let context =
        "seed \(seed) #\(index) \(options.strategy)/\(options.existingControls)/\(options.explicitDirection) \(spans): "
        + "\(escaped(message)) → \(escaped(output))"
      var ok = true
      func check(_ condition: Bool, _ what: String) {
        if !condition { Issue.record(Comment(rawValue: "\(what): \(context)")) }
        ok = ok && condition
      }
      if spans.isEmpty { check(output == isolator.isolate(message), "differs from isolate()") }
      check(Self.applying(isolation.edits, to: message) == Array(output.utf16), "the edits do not rebuild the output")
      if options.existingControls != .keep || !hasBidiControl(message) {
        check(isWellNested(output), "unbalanced")
        let tail = Array(try display(output + " tail").unicodeScalars).containsRun(Array("tail".unicodeScalars))
        check(tail, "spills")
      }
      let mapped = spans.map {
        IsolationSpan(isolation.offsets.isolatedRange(ofOriginal: $0.range, in: $0.unit), in: $0.unit)
      }
      let again = try isolator.isolation(of: output, spans: mapped)
      check(again.isolated == output, "not idempotent → \(escaped(again.isolated))")
      check(again.isUnchanged || again.isolated != output, "edits reported on an unchanged text")
      check(again.direction == isolation.direction, "the direction changed when isolating again")
      if !hasBidiControl(message) {
        check(try isolator.removeIsolation(from: output, spans: mapped) == message, "not reversible")
      }
      check(mapsConsistently(isolation), "the offsets do not map consistently")
      if !ok { failures += 1 }
    }
  }

  /// `message`'s UTF-16 with `edits` applied in order, each checked against where it says it is.
  static func applying(_ edits: [IsolationEdit], to message: String) -> [UInt16]? {
    let original = Array(message.utf16)
    var output: [UInt16] = []
    var cursor = 0
    for edit in edits {
      let offset = edit.originalOffset.utf16
      guard offset >= cursor && offset <= original.count else { return nil }
      output += original[cursor..<offset]
      cursor = offset
      guard output.count == edit.isolatedOffset.utf16 else { return nil }
      switch edit.kind {
      case .insertion:
        output.append(UInt16(edit.control.rawValue))
      case .removal:
        guard cursor < original.count && original[cursor] == UInt16(edit.control.rawValue) else { return nil }
        cursor += 1
      }
    }
    return output + original[cursor...]
  }
}

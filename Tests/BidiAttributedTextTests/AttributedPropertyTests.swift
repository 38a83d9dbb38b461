import BidiAttributedText
import BidiTestSupport
import Foundation
import Testing

/// Random attributed chat messages: Arabic, Hebrew, Persian, CJK and Latin words, emoji with ZWJ
/// and skin tones, characters outside the BMP, entities, now and then a hostile control; and runs
/// of a mention, a link, a bold style, a font and a paragraph alignment, laid at random scalar
/// offsets, so that they overlap entities, sit inside them and split words.
enum AttributedMessageGenerator {
  static let pieces = [
    "مرحبا", "كيف حالك", "شكرا", "שלום", "דנה לוי", "سلام", "خوبی", "今天天气好吗", "张三", "Dana Levi", "hello", "(UK)",
    "👨‍👩‍👧", "👋🏽", "😀", "𝒳", "🇮🇱", "@alice", "@دانة", "#تاج", "#WWDC", "https://example.com/a?b=1",
    "https://مثال.com/صفحة", "a@b.com", "+1-555-0100", "$9.99", "1,000.50", "١٢٣", " ", " ", " ", ", ", ".", "!",
    "\n", "\u{2029}", "\u{202E}", "\u{2069}", "\u{200F}",
  ]

  static func message(_ random: inout SplitMix64) -> AttributedString {
    var text = ""
    for _ in 0..<Int.random(in: 0...14, using: &random) { text += pieces.randomElement(using: &random)! }
    var message = AttributedString(text)
    let count = message.unicodeScalars.count
    func randomRange() -> Range<AttributedString.Index>? {
      guard count > 0 else { return nil }
      let a = Int.random(in: 0..<count, using: &random)
      let b = Int.random(in: a...min(count, a + 12), using: &random)
      let start = message.unicodeScalars.index(message.startIndex, offsetBy: a)
      return start..<message.unicodeScalars.index(start, offsetBy: b - a)
    }
    for index in 0..<Int.random(in: 0...3, using: &random) {
      if let range = randomRange() { message[range][MentionAttribute.self] = "user\(index % 2)" }
    }
    for index in 0..<Int.random(in: 0...2, using: &random) {
      if let range = randomRange() { message[range].link = URL(string: "https://example.com/\(index)")! }
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      if let range = randomRange() { message[range][BoldAttribute.self] = true }
    }
    for font in 0..<Int.random(in: 0...2, using: &random) {
      if let range = randomRange() { message[range][FontAttribute.self] = 12 + font }
    }
    // Set on part of a paragraph, an alignment covers all of it.
    for alignment in 0..<Int.random(in: 0...2, using: &random) {
      if let range = randomRange() { message[range][AlignmentAttribute.self] = alignment }
    }
    return message
  }

  static func isolator(_ random: inout SplitMix64) -> AttributedTextIsolator {
    var options = IsolationOptions()
    options.existingControls = ControlPolicy.allCases.randomElement(using: &random)!
    if Int.random(in: 0..<4, using: &random) == 0 {
      options.strategy = IsolationStrategy.allCases.randomElement(using: &random)!
      options.explicitDirection = ExplicitDirection.allCases.randomElement(using: &random)!
    }
    return AttributedTextIsolator(
      isolator: BidiIsolator(options), units: [.link, AttributeKey(MentionAttribute.self)],
      controlAttributes: [AttributeKey(FontAttribute.self)])
  }
}

@Suite("Properties over random attributed messages")
struct AttributedPropertyTests {
  static let seeds: [UInt64] = Array(
    1...UInt64(ProcessInfo.processInfo.environment["BIDI_ISOLATOR_SEEDS"].flatMap { UInt64($0) } ?? 4))
  static let messagesPerSeed = 250

  /// Each scalar's values of the test attributes.
  struct Attributes: Equatable {
    var mention: String?
    var link: URL?
    var bold: Bool?
    var font: Int?
    var alignment: Int?
  }

  static func attributes(_ text: AttributedString) -> [Attributes] {
    var result: [Attributes] = []
    for run in text.runs {
      let value = Attributes(
        mention: run[MentionAttribute.self], link: run.link, bold: run[BoldAttribute.self],
        font: run[FontAttribute.self], alignment: run[AlignmentAttribute.self])
      result += repeatElement(value, count: text.unicodeScalars[run.range].count)
    }
    return result
  }

  @Test(
    "attributes stay put, controls carry only what they may, undo and isolating twice are exact, ranges map back",
    arguments: seeds)
  func attributedIsolation(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var failures = 0
    for index in 0..<Self.messagesPerSeed where failures < 5 {
      let message = AttributedMessageGenerator.message(&random)
      let isolator = AttributedMessageGenerator.isolator(&random)
      let result = isolator.isolate(message)
      let context = "seed \(seed) #\(index): \(escaped(message.string)) → \(escaped(result.isolated.string))"
      var ok = true
      func check(_ condition: Bool, _ what: String) {
        if !condition { Issue.record(Comment(rawValue: "\(what): \(context)")) }
        ok = ok && condition
      }
      let before = Self.attributes(message)
      let after = Self.attributes(result.isolated)
      let scalars = Array(message.string.unicodeScalars)
      let map = result.offsets
      let removed = Set(result.isolation.edits.filter { $0.kind == .removal }.map(\.originalOffset.scalars))
      // Every character kept has the attributes it had.
      for offset in scalars.indices where !removed.contains(offset) {
        let shown = map.isolatedOffset(ofOriginal: offset, in: .scalars)
        check(after[shown] == before[offset], "attributes moved at scalar \(offset)")
      }
      // An inserted control carries the font of the character next to it and its paragraph's
      // alignment, and nothing that makes it tappable or styled.
      let isolatedScalars = Array(result.isolated.string.unicodeScalars)
      for edit in result.isolation.edits where edit.kind == .insertion {
        let control = after[edit.isolatedOffset.scalars]
        check(control.mention == nil && control.link == nil && control.bold == nil, "a control is tappable or styled")
        let paragraphNeighbour = Self.neighbourInParagraph(of: edit.isolatedOffset.scalars, in: isolatedScalars, result)
        check(
          control.alignment == paragraphNeighbour.flatMap { after[$0].alignment },
          "a control left its paragraph's alignment")
        let originalNeighbour = Self.fontNeighbour(of: edit.originalOffset.scalars, in: scalars)
        check(control.font == originalNeighbour.flatMap { before[$0].font }, "a control's font is not its neighbour's")
      }
      // A paragraph-level attribute covers whole paragraphs.
      var paragraphValue: Int?? = nil
      for (offset, scalar) in isolatedScalars.enumerated() {
        if let value = paragraphValue {
          check(after[offset].alignment == value, "an alignment does not cover its paragraph")
        }
        paragraphValue = Self.endsParagraph(scalar) ? nil : .some(after[offset].alignment)
      }
      check(mapsConsistently(result.isolation), "the offsets are not monotonic or do not map back")
      check(try result.restoringOriginal(from: result.isolated) == message, "undoing does not give the original back")
      let twice = isolator.isolate(result.isolated)
      check(twice.isolated == result.isolated, "not idempotent → \(escaped(twice.isolated.string))")
      if !message.string.unicodeScalars.contains(where: { BidiControl($0) != nil }) {
        check(
          isolator.removeIsolation(from: result.isolated) == message, "removing the isolation does not give it back")
      }
      // Each character's range maps to the isolated text and back, but a control the isolator
      // removed, which has no place there.
      var index = message.startIndex
      var scalarOffset = 0
      while index < message.endIndex {
        let next = message.index(afterCharacter: index)
        let count = message.unicodeScalars[index..<next].count
        if !(scalarOffset..<scalarOffset + count).contains(where: removed.contains) {
          let shown = result.isolatedRange(of: index..<next)
          check(result.originalRange(of: shown) == index..<next, "a character's range does not map back")
        }
        scalarOffset += count
        index = next
      }
      if !ok { failures += 1 }
    }
  }

  /// The isolated offset of a kept character in the same paragraph as the control at `offset`.
  static func neighbourInParagraph(
    of offset: Int, in scalars: [Unicode.Scalar], _ result: AttributedStringIsolation
  ) -> Int? {
    let inserted = Set(result.isolation.edits.filter { $0.kind == .insertion }.map(\.isolatedOffset.scalars))
    var before = offset - 1
    while before >= 0 && !endsParagraph(scalars[before]) {
      if !inserted.contains(before) { return before }
      before -= 1
    }
    var after = offset + 1
    while after < scalars.count {
      if !inserted.contains(after) { return after }
      if endsParagraph(scalars[after]) { return nil }
      after += 1
    }
    return nil
  }

  /// The original character whose font a control inserted at `offset` takes: the one before it,
  /// or the one after it at the start of a paragraph.
  static func fontNeighbour(of offset: Int, in scalars: [Unicode.Scalar]) -> Int? {
    if offset > 0 && (!endsParagraph(scalars[offset - 1]) || offset == scalars.count) { return offset - 1 }
    return offset < scalars.count ? offset : nil
  }

  static func endsParagraph(_ scalar: Unicode.Scalar) -> Bool {
    [0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029].contains(scalar.value)
  }
}

import Bidi
import BidiIsolator
import BidiTestSupport
import Foundation
import Testing

@Suite("Isolation with spans and an account of the edits")
struct SpanIsolationTests {
  @Test("without spans, the text is isolate()'s and the edits say where the controls went")
  func editsOfPlainIsolation() {
    let isolation = BidiIsolator().isolation(of: "hi @bob")
    #expect(isolation.isolated == "hi \(lri)@bob\(pdi)")
    #expect(isolation.isolated == BidiIsolator().isolate("hi @bob"))
    #expect(
      isolation.edits == [
        IsolationEdit(
          kind: .insertion, control: .leftToRightIsolate, originalOffset: TextOffset(utf8: 3, utf16: 3, scalars: 3),
          isolatedOffset: TextOffset(utf8: 3, utf16: 3, scalars: 3)),
        IsolationEdit(
          kind: .insertion, control: .popDirectionalIsolate,
          originalOffset: TextOffset(utf8: 7, utf16: 7, scalars: 7),
          isolatedOffset: TextOffset(utf8: 10, utf16: 8, scalars: 8)),
      ])
    #expect(isolation.direction == .leftToRight)
    #expect(BidiIsolator().isolation(of: "plain text").isUnchanged)
  }

  @Test("a removed control is an edit of its own, counted in every unit")
  func removal() {
    // A PDI that closes nothing, after an emoji: 4 bytes, 2 UTF-16 units, 1 scalar.
    let isolation = BidiIsolator().isolation(of: "😀\(pdi)ب")
    #expect(isolation.isolated == "😀ب")
    #expect(
      isolation.edits == [
        IsolationEdit(
          kind: .removal, control: .popDirectionalIsolate, originalOffset: TextOffset(utf8: 4, utf16: 2, scalars: 1),
          isolatedOffset: TextOffset(utf8: 4, utf16: 2, scalars: 1))
      ])
    #expect(isolation.offsets.originalLength == TextOffset(utf8: 9, utf16: 4, scalars: 3))
    #expect(isolation.offsets.isolatedLength == TextOffset(utf8: 6, utf16: 3, scalars: 2))
    // Both sides of the removed PDI map to the one place it was.
    #expect(isolation.offsets.isolatedOffset(ofOriginal: 2, in: .utf16) == 2)
    #expect(isolation.offsets.isolatedOffset(ofOriginal: 3, in: .utf16) == 2)
    #expect(isolation.offsets.originalOffset(ofIsolated: 2, in: .utf16, affinity: .upstream) == 2)
    #expect(isolation.offsets.originalOffset(ofIsolated: 2, in: .utf16, affinity: .downstream) == 3)
  }

  @Test("a display name in a span is isolated as one unit, by its own direction")
  func displayName() throws {
    let message = "شكرا Dana Levi (UK) على الرد"
    let name = message.range(of: "Dana Levi (UK)")!
    let isolation = try BidiIsolator().isolation(of: message, spans: [IsolationSpan(name, in: message)])
    #expect(isolation.isolated == "شكرا \(lri)Dana Levi (UK)\(pdi) على الرد")
    #expect(isolation.direction == .rightToLeft)
    let arabicName = try BidiIsolator().isolation(of: "thanks أحمد علي!", spans: [IsolationSpan(7..<15, in: .utf16)])
    #expect(arabicName.isolated == "thanks \(rli)أحمد علي\(pdi)!")
    #expect(arabicName.direction == .leftToRight)
    // No strong character: FSI, as the isolator writes for `@123`; the number in it keeps its own.
    let number = try BidiIsolator().isolation(of: "رقم (12)", spans: [IsolationSpan(4..<8, in: .scalars)])
    #expect(number.isolated == "رقم \(fsi)(\(lri)12\(pdi))\(pdi)")
  }

  @Test("a span that starts the message does not decide its direction")
  func spanAtTheStart() throws {
    let isolation = try BidiIsolator().isolation(
      of: "Dana Levi مرحبا كيف حالك", spans: [IsolationSpan(0..<9, in: .utf16)])
    #expect(isolation.direction == .rightToLeft)
    #expect(try paragraphDirection(isolation.isolated) == .rightToLeft)
    #expect(try paragraphDirection(isolation.original) == .leftToRight)
  }

  @Test(
    "spans are widened to nest with entities and controls, and joined where they overlap",
    arguments: [
      // A span that cuts an entity holds it whole, with the entity's isolate inside.
      ("see @bob now", [5..<12], "see \(lri)\(lri)@bob\(pdi) now\(pdi)"),
      // A span inside an entity is the entity: its isolate goes inside the entity's.
      ("go https://example.com/a ok", [11..<18], "go \(lri)\(lri)https://example.com/a\(pdi)\(pdi) ok"),
      // Exactly an entity: nested inside its isolate.
      ("hi @bob", [3..<7], "hi \(lri)\(lri)@bob\(pdi)\(pdi)"),
      // Overlapping spans become one; a nested one stays nested.
      ("Dana Levi (UK) and more", [0..<9, 5..<14, 0..<4], "\(lri)\(lri)Dana\(pdi) Levi (UK)\(pdi) and more"),
      // Never inside an ASCII token: `example.co` of `example.comx` would become a URL.
      ("see example.comx now", [4..<14], "see \(lri)example.comx\(pdi) now"),
      // A pair of the user's own controls crossed by a span is taken in whole.
      ("x \(rle)abc\(pdf) y", [4..<9], "x \(lri)\(rle)abc\(pdf) y\(pdi)"),
      // Across a paragraph separator: one isolate per paragraph.
      ("Dana\nLevi", [0..<9], "\(lri)Dana\(pdi)\n\(lri)Levi\(pdi)"),
      // Controls at a span's ends stay outside its isolate.
      ("a \(lrm)bc\(rlm) d", [2..<6], "a \(lrm)\(lri)bc\(pdi)\(rlm) d"),
      // A span of nothing but controls is left alone.
      ("a \(lrm) b", [2..<3], "a \(lrm) b"),
    ] as [(String, [Range<Int>], String)])
  func placement(message: String, spans: [Range<Int>], expected: String) throws {
    let isolation = try BidiIsolator().isolation(of: message, spans: spans.map { IsolationSpan($0, in: .utf16) })
    #expect(escaped(isolation.isolated) == escaped(expected))
    #expect(isWellNested(isolation.isolated))
  }

  @Test("spans in all three units at once are found in UTF-8, shared and nested bounds included")
  func unitsToUTF8() throws {
    // "aب😀c": a (1 byte, 1 unit), ب (2 bytes, 1 unit), 😀 (4 bytes, 2 units), c; bytes 0, 1, 3, 7, 8.
    let text = "a\u{0628}\u{1F600}c"
    let spans = [
      IsolationSpan(1..<3, in: .utf8),  // ب
      IsolationSpan(2..<4, in: .utf16),  // 😀
      IsolationSpan(0..<4, in: .scalars),  // all of it
      IsolationSpan(3..<7, in: .utf8),  // 😀 again, its start shared with the first's end
      IsolationSpan(4..<4, in: .utf16),  // empty, after 😀
      IsolationSpan(0..<0, in: .scalars),  // empty, at the start
    ]
    #expect(try IsolationSpan.utf8Ranges(of: spans, in: text) == [1..<3, 3..<7, 0..<8, 3..<7, 7..<7, 0..<0])
    // A bound inside a scalar right before a good one of the same unit, and one past the end.
    #expect(throws: IsolationSpanError.splitsCharacter(IsolationSpan(2..<3, in: .utf8))) {
      try IsolationSpan.utf8Ranges(of: [IsolationSpan(1..<3, in: .utf8), IsolationSpan(2..<3, in: .utf8)], in: text)
    }
    #expect(throws: IsolationSpanError.outOfBounds(IsolationSpan(3..<6, in: .utf16), length: 5)) {
      try IsolationSpan.utf8Ranges(of: [IsolationSpan(3..<6, in: .utf16)], in: text)
    }
    #expect(try IsolationSpan.utf8Ranges(of: [IsolationSpan(0..<0, in: .utf16)], in: "") == [0..<0])
  }

  @Test("spans out of the message or inside a character are refused with what is wrong")
  func badSpans() {
    #expect(throws: IsolationSpanError.outOfBounds(IsolationSpan(2..<9, in: .utf16), length: 5)) {
      try BidiIsolator().isolation(of: "hello", spans: [IsolationSpan(2..<9, in: .utf16)])
    }
    #expect(throws: IsolationSpanError.outOfBounds(IsolationSpan(-1..<2, in: .scalars), length: 5)) {
      try BidiIsolator().isolation(of: "hello", spans: [IsolationSpan(-1..<2, in: .scalars)])
    }
    // The emoji is two UTF-16 units and four bytes.
    #expect(throws: IsolationSpanError.splitsCharacter(IsolationSpan(1..<3, in: .utf16))) {
      try BidiIsolator().isolation(of: "😀ab", spans: [IsolationSpan(1..<3, in: .utf16)])
    }
    #expect(throws: IsolationSpanError.splitsCharacter(IsolationSpan(0..<3, in: .utf8))) {
      try BidiIsolator().isolation(of: "بب", spans: [IsolationSpan(0..<3, in: .utf8)])
    }
    #expect(
      IsolationSpanError.splitsCharacter(IsolationSpan(1..<3, in: .utf16)).description
        == "span utf16 1..<3 starts or ends inside a character's surrogate pair")
    #expect(
      IsolationSpanError.outOfBounds(IsolationSpan(2..<9, in: .utf16), length: 5).description
        == "span utf16 2..<9 is outside the message, which is 5 utf16 long")
  }

  @Test("ranges map tightly both ways, and string indices with them")
  func rangesAndIndices() throws {
    let message = "مرحبا @bob!"
    let isolation = BidiIsolator().isolation(of: message)
    #expect(isolation.offsets.isolatedRange(ofOriginal: 6..<10, in: .utf16) == 7..<11)
    #expect(isolation.offsets.originalRange(ofIsolated: 6..<12, in: .utf16) == 6..<10)
    #expect(isolation.offsets.originalOffset(ofIsolated: 11, in: .utf16) == 10)
    #expect(isolation.offsets.isolatedOffset(ofOriginal: 6, in: .utf16, affinity: .upstream) == 6)
    #expect(isolation.offsets.isolatedOffset(ofOriginal: 6, in: .utf16, affinity: .downstream) == 7)
    let bob = message.range(of: "@bob")!
    #expect(isolation.isolated[isolation.isolatedRange(of: bob)] == "@bob")
    let selected = isolation.isolated.range(of: "\(lri)@bob\(pdi)!")!
    #expect(message[isolation.originalRange(of: selected)] == "@bob!")
    #expect(isolation.originalIndex(of: isolation.isolatedIndex(of: bob.lowerBound)) == bob.lowerBound)
    #expect(
      isolation.isolatedIndex(of: bob.lowerBound, affinity: .upstream)
        == isolation.isolated.range(of: "\(lri)@bob")!.lowerBound)
  }

  @Test("isolating the output again with the spans mapped to it changes nothing")
  func idempotentExamples() throws {
    let message = "@alice مرحبا Dana Levi (UK) و https://مثال.com/صفحة"
    let spans = [IsolationSpan(13..<27, in: .utf16), IsolationSpan(30..<50, in: .utf16)]
    let first = try BidiIsolator().isolation(of: message, spans: spans)
    let again = try BidiIsolator().isolation(of: first.isolated, spans: mapped(spans, through: first))
    #expect(escaped(again.isolated) == escaped(first.isolated))
    #expect(again.isUnchanged)
    #expect(try BidiIsolator().removeIsolation(from: first.isolated, spans: mapped(spans, through: first)) == message)
  }

  /// `spans` (UTF-16) of the original mapped to the isolated text.
  func mapped(_ spans: [IsolationSpan], through isolation: TextIsolation) -> [IsolationSpan] {
    spans.map {
      IsolationSpan(isolation.offsets.isolatedRange(ofOriginal: $0.range, in: $0.unit), in: $0.unit)
    }
  }
}

import BidiIsolator
import BidiTestSupport
import Foundation
import Testing

@testable import BidiFixCommands

/// The report writers copy JSON strings whole when eight-byte tests find nothing to escape, escape
/// the rest byte by byte, and take a shortcut for numbers under a thousand; Foundation's JSON
/// decoder and `String(describing:)` are the independent judges.
@Suite("Writing report pieces")
struct ReportWritingTests {
  static func written(_ body: (inout OutputSpan<UInt8>) -> Void) -> [UInt8] {
    var output: [UInt8] = []
    output.append(addingCapacity: 4096) { body(&$0) }
    return output
  }

  @Test("A JSON string literal decodes back to the text it was made from, whatever the text holds")
  func jsonStringsRoundTrip() throws {
    var generator = SplitMix64(seed: 0x150E)
    let pieces: [String] = [
      "a", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "/", "مرحبا", "中文", "🎉", "@bob", " ",
    ]
    var escapedSome = 0
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<Int(generator.next() % 12) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
      let bytes = Array(text.utf8)
      let literal = Self.written { $0.appendJSONString(bytes.span) }
      if literal.count > bytes.count + 2 { escapedSome += 1 }
      let decoded = try JSONDecoder().decode(String.self, from: Data(literal))
      #expect(decoded == text, "\(text.debugDescription) → \(String(decoding: literal, as: UTF8.self))")
    }
    // Text with something to escape and text with nothing must both have occurred.
    #expect(escapedSome > 200 && escapedSome < 1_900)
  }

  @Test(
    "Decimal numbers, from one digit to twenty, and negative ones",
    arguments: [
      0, 7, 9, 10, 42, 99, 100, 123, 999, 1_000, 65_535, 1_000_000, -1, -10, -999, -1_000, Int.max, Int.min,
    ])
  func decimals(value: Int) {
    let digits = Self.written { $0.appendDecimal(value) }
    #expect(String(decoding: digits, as: UTF8.self) == String(describing: value))
  }

  @Test("Literals and copied bytes land in order after what is already written")
  func piecesInOrder() {
    let text = Array("سلام".utf8)
    let output = Self.written {
      $0.append(UInt8(ascii: "["))
      $0.append(#""kind":"# as StaticString)
      $0.append(copying: text.span)
      $0.append(UInt8(ascii: "]"))
    }
    #expect(String(decoding: output, as: UTF8.self) == #"["kind":سلام]"#)
  }
}

/// The entry `scan --json` writes for an entity with no branch on it, judged by Foundation's JSON
/// decoder against the line it came from.
@Suite("Writing JSON entries whole")
struct JSONEntryTests {
  struct Entry: Decodable, Equatable {
    var kind: String
    var start: Int
    var end: Int
    var text: String
  }

  /// The entry for the bytes at `range` of `line`, or `nil` when the writer declines it.
  static func entry(
    _ kind: EntityKind, _ scalars: Range<Int>, in line: [UInt8], _ range: Range<Int>, separated: Bool = false
  ) -> [UInt8]? {
    var output: [UInt8] = [0x5B]  // [
    let written = line.withUnsafeBufferPointer {
      output.appendJSONEntry(kind, scalarRange: scalars, in: $0, utf8Range: range, separated: separated)
    }
    return written ? output : nil
  }

  @Test("Every stretch of a line, at every place and length, comes back as written")
  func everyStretch() throws {
    // Two-, three- and four-byte characters, so stretches start and end at every offset of a block.
    let line = Array("hi @bob سلام 中文 🎉 https://example.com/path?q=1 #话题 +1-555-0100 end".utf8)
    let kinds = EntityKind.allCases
    var checked = 0
    for start in 0..<line.count where line[start] & 0xC0 != 0x80 {
      for end in (start + 1)...line.count where end == line.count || line[end] & 0xC0 != 0x80 {
        let kind = kinds[(start + end) % kinds.count]
        let scalars = (start * 7)..<(start * 7 + end)  // any numbers, some past 10,000
        let bytes = try #require(Self.entry(kind, scalars, in: line, start..<end))
        #expect(bytes.first == 0x5B)
        let decoded = try JSONDecoder().decode(Entry.self, from: Data(bytes.dropFirst()))
        let expected = Entry(
          kind: kind.rawValue, start: scalars.lowerBound, end: scalars.upperBound,
          text: String(decoding: line[start..<end], as: UTF8.self))
        #expect(decoded == expected)
        checked += 1
      }
    }
    #expect(checked > 2_000)
  }

  @Test("A comma goes before an entry that follows another")
  func separated() throws {
    let line = Array("call +1-555-0100 now, please".utf8)
    let bytes = try #require(Self.entry(.number, 5..<16, in: line, 5..<16, separated: true))
    #expect(String(decoding: bytes, as: UTF8.self) == #"[,{"kind":"number","start":5,"end":16,"text":"+1-555-0100"}"#)
  }

  @Test(
    "Text that needs escapes, and lines too short to read in blocks, are left to the general writer",
    arguments: [
      (#"see http://a.b/c\d now, really"#, 4..<18),
      ("tab\there and a longer tail", 0..<8),
      (#"quote " in a long enough line"#, 6..<7),
      ("@bob", 0..<4),
    ])
  func declined(text: String, range: Range<Int>) {
    #expect(Self.entry(.url, 0..<1, in: Array(text.utf8), range) == nil)
  }
}

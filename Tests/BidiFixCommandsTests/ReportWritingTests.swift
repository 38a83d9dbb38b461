@_spi(BidiCore) import BidiCore
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
      let literal = bytes.withBytes { text in Self.written { $0.appendJSONString(text) } }
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
    let output = text.withBytes { text in
      Self.written {
        $0.append(UInt8(ascii: "["))
        $0.append(#""kind":"#)
        $0.append(copying: text)
        $0.append(UInt8(ascii: "]"))
      }
    }
    #expect(String(decoding: output, as: UTF8.self) == #"["kind":سلام]"#)
  }
}

/// The entries `scan --json` writes, judged by Foundation's JSON decoder against the line they came
/// from.
@Suite("Writing JSON entries")
struct JSONEntryTests {
  struct Entry: Decodable, Equatable {
    var kind: String
    var start: Int
    var end: Int
    var text: String
  }

  struct Report: Decodable {
    var entities: [Entry]
  }

  /// The report of one line holding the entities at `ranges` of `line`.
  static func report(_ entities: [(EntityKind, scalars: Range<Int>, bytes: Range<Int>)], in line: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var report = EntityReport(source: "", lineNumber: 1, json: true)
    report.begin(into: &output)
    line.withBytes { line in
      for (kind, scalars, bytes) in entities {
        report.append(kind, field: nil, scalarRange: scalars, text: line.extracting(bytes), into: &output)
      }
    }
    report.finish(into: &output)
    return output
  }

  @Test("Every stretch of a line, at every place and length, comes back as written")
  func everyStretch() throws {
    // Two-, three- and four-byte characters, quotes, backslashes and a tab, so entries start and end
    // at every offset and hold everything JSON escapes.
    let line = Array(#"hi @bob سلام 中文 🎉 https://example.com/p?q="1" \d\#t#话题 +1-555-0100 end"#.utf8)
    let kinds = EntityKind.allCases
    var checked = 0
    for start in 0..<line.count where line[start] & 0xC0 != 0x80 {
      var entities: [(EntityKind, scalars: Range<Int>, bytes: Range<Int>)] = []
      var expected: [Entry] = []
      for end in (start + 1)...line.count where end == line.count || line[end] & 0xC0 != 0x80 {
        let kind = kinds[(start + end) % kinds.count]
        let scalars = (start * 7)..<(start * 7 + end)  // any numbers, some past 10,000
        entities.append((kind, scalars, start..<end))
        expected.append(
          Entry(
            kind: kind.rawValue, start: scalars.lowerBound, end: scalars.upperBound,
            text: String(decoding: line[start..<end], as: UTF8.self)))
      }
      let bytes = Self.report(entities, in: line)
      #expect(bytes.last == 0x0A)
      let decoded = try JSONDecoder().decode(Report.self, from: Data(bytes.dropLast()))
      #expect(decoded.entities == expected)
      checked += expected.count
    }
    #expect(checked > 2_000)
  }

  @Test("Entries are separated by commas, inside one object per line")
  func separated() {
    let line = Array("call +1-555-0100 now, a@b.co".utf8)
    let bytes = Self.report([(.number, 5..<16, 5..<16), (.email, 22..<28, 22..<28)], in: line)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"entities":[{"kind":"number","start":5,"end":16,"text":"+1-555-0100"},"#
        + #"{"kind":"email","start":22,"end":28,"text":"a@b.co"}]}"# + "\n")
  }
}

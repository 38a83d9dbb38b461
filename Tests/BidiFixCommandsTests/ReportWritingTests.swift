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

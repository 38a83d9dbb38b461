@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Testing

/// BidiCore's one list of Grapheme_Cluster_Break=Prepend characters, which the terminal layer and
/// span isolation read, against the UCD's own file for every code point.
@Suite("Grapheme_Cluster_Break=Prepend")
struct GraphemePrependTests {
  @Test("isGraphemePrepend is true exactly for the code points GraphemeBreakProperty.txt calls Prepend")
  func everyCodePoint() throws {
    var prepend = Set<UInt32>()
    for fields in unicodeDataLines(try unicodeDataFile("auxiliary/GraphemeBreakProperty.txt"))
    where fields.count >= 2 && fields[1] == "Prepend" {
      if let range = unicodeCodePoints(fields[0]) { prepend.formUnion(range) }
    }
    #expect(prepend.count > 20)
    var wrong: [String] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if scalar.isGraphemePrepend != prepend.contains(value) { wrong.append(String(value, radix: 16)) }
    }
    #expect(wrong.isEmpty, "differ: \(wrong.prefix(20))")
  }
}

@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Testing

@testable import BidiTerminal

/// The display decoder pairs isolate initiators with their PDIs as it reads a message, and the
/// resolver takes its table instead of pairing them again: the table against BD9 as the standard
/// words it, worked out here by walking forward from each initiator. `IsolateSpans`, which finds the
/// outermost isolates of a long message from a string, is held to the same walk.
@Suite("The display decoder pairs isolates as BD9 does")
struct IsolatePairingTests {
  /// Initiators, PDIs, paragraph separators (LF and U+2029) and letters of both directions.
  static let pool: [Unicode.Scalar] = ["\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\n", "\u{2029}", "a", "א", " "]

  @Test("Random messages: every initiator's PDI, and the outermost isolates", arguments: 0..<4)
  func matchesBD9(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var characters = Characters()
    var mismatches = 0
    for _ in 0..<2_000 where mismatches < 5 {
      let scalars = (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.pool.randomElement(using: &random)! }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      Array(text.utf8).withBytes { characters.decode($0, markingIsolates: true) }
      var outermost: [Range<Int>] = []
      for (i, scalar) in scalars.enumerated() where (0x2066...0x2068).contains(scalar.value) {
        let expected = Self.matchingPDI(of: i, in: scalars)
        if Int(characters.matchingPDI[i]) != expected ?? -1 {
          mismatches += 1
          Issue.record("\(Self.describe(scalars)): initiator \(i) paired with \(characters.matchingPDI[i])")
        }
        if let expected, Self.isOutermost(i, in: scalars) { outermost.append(i..<expected + 1) }
      }
      if characters.isolates != outermost {
        mismatches += 1
        Issue.record("\(Self.describe(scalars)): outermost isolates \(characters.isolates), not \(outermost)")
      }
      // The long-message path finds the same spans from a string.
      let spans = IsolateSpans.find(in: text)
      if spans != outermost {
        mismatches += 1
        Issue.record("\(Self.describe(scalars)): IsolateSpans found \(spans), not \(outermost)")
      }
    }
  }

  /// BD9: the PDI an initiator matches is the first one after it, within its paragraph, that
  /// closes as many isolates as were opened since.
  static func matchingPDI(of initiator: Int, in scalars: [Unicode.Scalar]) -> Int? {
    var depth = 0
    for j in initiator..<scalars.count {
      switch scalars[j].value {
      case 0x2066...0x2068: depth += 1
      case 0x2069:
        depth -= 1
        if depth == 0 { return j }
      case 0x0A, 0x2029: return nil
      default: break
      }
    }
    return nil
  }

  /// Whether no isolate of the same paragraph that contains `initiator` is still open there.
  static func isOutermost(_ initiator: Int, in scalars: [Unicode.Scalar]) -> Bool {
    var start = initiator
    while start > 0 && ![0x0A, 0x2029].contains(scalars[start - 1].value) { start -= 1 }
    return (start..<initiator).allSatisfy { j in
      guard (0x2066...0x2068).contains(scalars[j].value) else { return true }
      guard let end = matchingPDI(of: j, in: scalars) else { return false }
      return end < initiator
    }
  }

  static func describe(_ scalars: [Unicode.Scalar]) -> String {
    scalars.map { $0.value < 0x80 && $0 != "\n" ? String($0) : "<\(String($0.value, radix: 16))>" }.joined()
  }
}

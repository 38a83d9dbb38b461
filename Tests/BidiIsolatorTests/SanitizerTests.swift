import Bidi
import BidiIsolator
import BidiTestSupport
import Testing

@Suite("Sanitizer and audit")
struct SanitizerTests {
  static let closing: [(String, String)] = [
    ("a\u{202C}b", "ab"),  // a PDF that closes nothing
    ("a\u{2069}", "a"),  // a PDI that closes nothing
    ("\u{202B}x", "\u{2067}\u{202B}x\u{202C}\u{2069}"),  // closed, and contained in an isolate
    ("\u{2066}\u{202B}x\u{2069}", "\u{2066}\u{202B}x\u{202C}\u{2069}"),  // the PDI's implicit PDF spelled out
    // A PDF cannot close across an isolate.
    ("\u{202B}\u{2066}x\u{202C}\u{2069}", "\u{2067}\u{202B}\u{2066}x\u{2069}\u{202C}\u{2069}"),
    // Every paragraph on its own.
    ("\u{202E}abc\n\u{202A}def", "\u{2067}\u{202E}abc\u{202C}\u{2069}\n\u{2066}\u{202A}def\u{202C}\u{2069}"),
    ("\u{202B}a\r\nb", "\u{2067}\u{202B}a\u{202C}\u{2069}\r\nb"),
    ("x\u{202D}y\u{2066}z", "x\u{2066}\u{202D}y\u{2066}z\u{2069}\u{202C}\u{2069}"),
    ("\u{200F}x\u{200E}\u{061C}", "\u{200F}x\u{200E}\u{061C}"),  // marks need no closing
    ("\u{2068}\u{2067}x\u{2069}", "\u{2068}\u{2067}x\u{2069}\u{2069}"),
    ("plain", "plain"),
  ]

  @Test("close", arguments: closing)
  func close(input: String, expected: String) {
    #expect(escaped(BidiSanitizer().sanitize(input)) == escaped(expected))
  }

  @Test("close limits nesting so the isolator's own controls always fit")
  func nestingLimit() {
    // From a right-to-left paragraph each RLE adds two levels: 3, 5, … 117 fit under 118.
    let input = String(repeating: "\u{202B}a", count: 200)
    let expected =
      "\u{2067}" + String(repeating: "\u{202B}a", count: 58) + String(repeating: "a", count: 142)
      + String(repeating: "\u{202C}", count: 58) + "\u{2069}"
    #expect(BidiSanitizer().sanitize(input) == expected)
  }

  @Test("strip and keep")
  func stripAndKeep() {
    let input = "a\u{202A}b\u{200F}c\u{061C}\u{2067}d\u{2069}\u{202E}"
    #expect(BidiSanitizer(policy: .strip).sanitize(input) == "abcd")
    #expect(BidiSanitizer(policy: .keep).sanitize(input) == input)
  }

  @Test("an override pasted into a name reverses nothing outside the message", arguments: ControlPolicy.allCases)
  func overrideContained(policy: ControlPolicy) throws {
    let name = "\u{202E}ecila"
    let line = "User " + BidiIsolator(IsolationOptions(existingControls: policy)).isolate(name) + ": 3 posts."
    switch policy {
    case .close: #expect(try display(line) == "User alice: 3 posts.")
    case .strip: #expect(try display(line) == "User ecila: 3 posts.")
    case .keep: #expect(try display(line) == "User .stsop 3 :alice")
    }
  }

  @Test("audit: kinds and offsets of the problems")
  func audit() {
    let audit = BidiControlAudit("abc\u{202E}def\u{2069}")
    #expect(!audit.isWellBalanced)
    #expect(audit.issues.map(\.kind) == [.override, .unmatchedTerminator, .unclosedInitiator])
    #expect(audit.issues.map(\.scalarOffset) == [3, 7, 3])
    #expect(audit.issues.map(\.control) == [.rightToLeftOverride, .popDirectionalIsolate, .rightToLeftOverride])

    let emoji = BidiControlAudit("😀\u{2067}x")
    #expect(emoji.issues.map(\.kind) == [.unclosedInitiator])
    #expect(emoji.issues.map(\.scalarOffset) == [1])
    #expect(emoji.issues.map(\.utf16Offset) == [2])

    #expect(BidiControlAudit("\u{2066}\u{202B}x\u{2069}").issues.map(\.kind) == [.closedByIsolate])
    #expect(BidiControlAudit("\u{2066}\u{202B}x\u{2069}").issues.map(\.scalarOffset) == [1])

    // From a right-to-left paragraph each LRI adds one or two levels: 2, 4, … 124, the 63rd overflows.
    let deep = BidiControlAudit(
      String(repeating: "\u{2066}", count: 70) + "x" + String(repeating: "\u{2069}", count: 70))
    #expect(deep.issues.map(\.kind) == Array(repeating: .excessiveDepth, count: 8))
    #expect(deep.issues.first?.scalarOffset == 62)

    #expect(BidiControlAudit("\u{2066}x\u{2069}").issues.isEmpty)
    let override = BidiControlAudit("\u{202E}x\u{202C}")
    #expect(override.isWellBalanced)
    #expect(override.issues.map(\.kind) == [.override])
    #expect(BidiControlAudit("").issues.isEmpty)
  }

  @Test("the sanitiser's output passes the audit", arguments: closing.map(\.0))
  func sanitizedIsBalanced(input: String) {
    #expect(BidiControlAudit(BidiSanitizer().sanitize(input)).isWellBalanced)
  }
}

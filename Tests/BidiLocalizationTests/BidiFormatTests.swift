import Bidi
import BidiIsolator
import BidiLocalization
import BidiTestSupport
import Foundation
import Testing

/// `String(bidiFormat:)` and `BidiIsolated`: every argument isolated, and an error where
/// `String(format:)` would read past its arguments or read one as another type.
@Suite("Isolated format arguments")
struct BidiFormatTests {
  static let fsi = "\u{2068}"
  static let pdi = "\u{2069}"

  @Test("Each argument is isolated; the rest of the template is String(format:)'s")
  func isolatesArguments() throws {
    #expect(try String(bidiFormat: "متابعة %@", "@alice") == "متابعة \(Self.fsi)@alice\(Self.pdi)")
    #expect(
      try String(bidiFormat: "%2$@ أعجب بـ %1$lld صورة", 3 as Int64, "Bob")
        == "\(Self.fsi)Bob\(Self.pdi) أعجب بـ \(Self.fsi)3\(Self.pdi) صورة")
    #expect(try String(bidiFormat: "السعر %.2f", 3.14159) == "السعر \(Self.fsi)3.14\(Self.pdi)")
    #expect(try String(bidiFormat: "ارتفاع %d%%", 5) == "ارتفاع \(Self.fsi)5\(Self.pdi)%")
    #expect(try String(bidiFormat: "[%*d]", 4, 7) == "[\(Self.fsi)   7\(Self.pdi)]")
    // Markdown markers stay outside the isolate, where the Markdown parser finds them.
    #expect(try String(bidiFormat: "أهلًا **%@**", "Dana") == "أهلًا **\(Self.fsi)Dana\(Self.pdi)**")
    // A placeholder the template already isolates is left as it is.
    #expect(try String(bidiFormat: "الرصيد: \u{2066}%@\u{2069}", "$5") == "الرصيد: \u{2066}$5\u{2069}")
  }

  @Test("The word a placeholder is written in goes into the isolate whole, and displays as written")
  func isolatesThePlaceholdersWord() throws {
    let (fsi, pdi) = (Self.fsi, Self.pdi)
    #expect(try String(bidiFormat: "الوقت %d:%02d", 10, 5) == "الوقت \(fsi)10:05\(pdi)")
    // An isolate of each placeholder alone showed 05:10, 480x640, %50, $9.99 as 9.99$, 5+ and 2LZMA.
    #expect(try display(String(bidiFormat: "الوقت %d:%02d", 10, 5)) == "10:05 تقولا")
    #expect(try display(String(bidiFormat: "الدقة %ux%u", 640, 480)) == "640x480 ةقدلا")
    #expect(try display(String(bidiFormat: "הושלם %d%%", 50)) == "50% םלשוה")
    #expect(try display(String(bidiFormat: "המחיר $%.2f", 9.99)) == "$9.99 ריחמה")
    #expect(try display(String(bidiFormat: "التغيير +%d", 5)) == "+5 رييغتلا")
    #expect(try display(String(bidiFormat: "قاموس LZMA%c", 0x32)) == "LZMA2 سوماق")
    // After Arabic letters the algorithm makes the digits Arabic numbers, which terminators do not
    // join: they stay outside, where Arabic and Persian readers see them.
    #expect(try String(bidiFormat: "اكتمل %d%%", 50) == "اكتمل \(fsi)50\(pdi)%")
    #expect(try display(String(bidiFormat: "اكتمل %d%%", 50)) == "%50 لمتكا")
    #expect(try display(String(format: "اكتمل %d%%", 50)) == "%50 لمتكا")
    // A sign after a terminator joins a range, read in the sentence's direction as without isolates.
    #expect(try String(bidiFormat: "טווח %d%%-%d%%", 50, 70) == "טווח \(fsi)50%\(pdi)-\(fsi)70%\(pdi)")
    #expect(try display(String(bidiFormat: "טווח %d%%-%d%%", 50, 70)) == "70%-50% חווט")
    // Text arguments keep an isolate each, so that each takes its own direction.
    #expect(
      try String(bidiFormat: "تحديث %@:%@", "me@x.com", "البريد")
        == "تحديث \(fsi)me@x.com\(pdi):\(fsi)البريد\(pdi)")
    // Punctuation and brackets belong to the sentence, markup stays outside, and a hyphen after a
    // Hebrew prefix belongs to the prefix.
    #expect(try String(bidiFormat: "مرحبا %@!", "Bob") == "مرحبا \(fsi)Bob\(pdi)!")
    #expect(try display(String(bidiFormat: "مرحبا %@!", "Bob")) == "!Bob ابحرم")
    #expect(try String(bidiFormat: "العدد (%d).", 5) == "العدد (\(fsi)5\(pdi)).")
    #expect(try String(bidiFormat: "انقر <b>%@</b>", "Bob") == "انقر <b>\(fsi)Bob\(pdi)</b>")
    #expect(try String(bidiFormat: "נשלח ל-%@", "Bob") == "נשלח ל-\(fsi)Bob\(pdi)")
    #expect(try String(bidiFormat: "«%@»، %d", "Bob", 3) == "«\(fsi)Bob\(pdi)»، \(fsi)3\(pdi)")
  }

  @Test("A hostile argument is sanitised: an RLO or a stray PDI stays inside its isolate")
  func sanitizesArguments() throws {
    let formatted = try String(bidiFormat: "متابعة %@ الآن", "\u{2069}\u{202E}evil")
    // The stray PDI is dropped and the override closed inside the argument's isolate, which the
    // sanitiser may wrap once more: the text after the argument is out of its reach.
    #expect(formatted.hasPrefix("متابعة \(Self.fsi)") && formatted.hasSuffix("\(Self.pdi) الآن"))
    #expect(formatted.contains("\u{202E}evil"))
    #expect(BidiControlAudit(formatted).isWellBalanced)
    let inner = formatted.dropFirst("متابعة \(Self.fsi)".count).dropLast("\(Self.pdi) الآن".count)
    #expect(BidiControlAudit(String(inner)).isWellBalanced)
  }

  @Test(
    "A template that does not fit its arguments throws instead of crashing",
    arguments: [
      ("%@ و %@", ["one"] as [any CVarArg & Sendable], "missingArgument"),
      ("مرحبا %d", ["Bob"], "wrongArgumentType"),
      ("مرحبا %@", [5], "wrongArgumentType"),
      ("السعر %f", [5], "wrongArgumentType"),
      ("%1$@ و %@", ["a", "b"], "mixedPositionalAndSequential"),
      ("%1$@ و %3$@", ["a", "b", "c"], "skippedArgument"),
      ("100% جاهز", [], "invalidPlaceholder"),
      ("اسم %s", ["Bob"], "unsupportedPlaceholder"),
      ("%n", [5], "unsupportedPlaceholder"),
    ])
  func throwsInsteadOfCrashing(template: String, arguments: [any CVarArg & Sendable], expected: String) {
    do {
      _ = try String(bidiFormat: template, arguments: arguments.map { $0 as any CVarArg })
      Issue.record("\(template) formatted")
    } catch {
      #expect(Self.name(of: error) == expected, "\(template): \(error)")
      #expect(!error.description.isEmpty)
    }
  }

  @Test("BidiIsolated describes its value in an isolate, sanitised")
  func isolatedValue() {
    #expect(BidiIsolated("@alice").description == "\(Self.fsi)@alice\(Self.pdi)")
    #expect(BidiIsolated(42).description == "\(Self.fsi)42\(Self.pdi)")
    #expect(BidiIsolated("+1 555", direction: .leftToRight).description == "\u{2066}+1 555\(Self.pdi)")
    let hostile = BidiIsolated("\u{202E}x").description
    #expect(hostile.hasPrefix(Self.fsi) && hostile.hasSuffix(Self.pdi) && BidiControlAudit(hostile).isWellBalanced)
    #expect("متابعة \(BidiIsolated("@bob"))" == "متابعة \(Self.fsi)@bob\(Self.pdi)")
  }

  @Test("Through the engine: the unisolated template tears @alice apart, the isolated one does not")
  func displaysAsAUnit() throws {
    // Stored order "متابعة @alice": the @ is a neutral between Arabic and Latin and takes the
    // paragraph's direction, so it lands on the far side of the name.
    #expect(try display(String(format: "متابعة %@", "@alice")) == "alice@ ةعباتم")
    #expect(try display(String(bidiFormat: "متابعة %@", "@alice")) == "@alice ةعباتم")
    // An argument first makes the whole line left to right, unless it is isolated.
    #expect(try BidiText(String(format: "%@ بدأ بمتابعتك", "Bob")).paragraphs[0].direction == .leftToRight)
    #expect(try BidiText(String(bidiFormat: "%@ بدأ بمتابعتك", "Bob")).paragraphs[0].direction == .rightToLeft)
  }

  static func name(of error: BidiFormatError) -> String {
    switch error {
    case .missingArgument: "missingArgument"
    case .wrongArgumentType: "wrongArgumentType"
    case .mixedPositionalAndSequential: "mixedPositionalAndSequential"
    case .skippedArgument: "skippedArgument"
    case .invalidPlaceholder: "invalidPlaceholder"
    case .unsupportedPlaceholder: "unsupportedPlaceholder"
    }
  }
}

/// The examples of the README's "Translations" section and the DocC overview, as written there.
@Suite("Documented examples")
struct DocumentedExampleTests {
  @Test func readmeExamples() throws {
    #expect(try String(bidiFormat: "متابعة %@", "@alice") == "متابعة \u{2068}@alice\u{2069}")
    #expect(
      try String(bidiFormat: "%2$@ أعجب بـ %1$lld صورة", 3, "Bob")
        == "\u{2068}Bob\u{2069} أعجب بـ \u{2068}3\u{2069} صورة")
    let error = try #require(throws: BidiFormatError.self) { try String(bidiFormat: "مرحبا %d", "Bob") }
    #expect(error.description == "%d takes an integer for argument 1, not a String")
    #expect("\(BidiIsolated("@alice"))" == "\u{2068}@alice\u{2069}")
    #expect(DigitShaping.contextual().apply(to: "ID 42 ورقم 42") == "ID 42 ورقم ٤٢")
    #expect(DigitShaping.persian.apply(to: "ساعت 10:30") == "ساعت ۱۰:۳۰")
    #expect(PlaceholderSyntax.apple.placeholders(in: "%2$@ has %1$lld").map(\.argument) == [2, 1])
    let file = try LocalizationFile(bytes: Array(#""Follow %@" = "متابعة %@";"#.utf8), format: .strings)
    #expect(
      file.findings(isRightToLeft: { _ in true }).map { "\($0.line):\($0.column) \($0.kind)" } == [
        "1:23 unisolated-placeholder"
      ])
    #expect(String(decoding: file.isolatingPlaceholders(), as: UTF8.self) == #""Follow %@" = "متابعة \U2068%@\U2069";"#)
  }
}

import BidiLocalization
import BidiTestSupport
import Foundation
import Testing

/// Digit shaping against ICU's `u_shapeArabic` (Debian's libicu), compiled and run here.
@Suite("Digit shaping")
struct DigitShapingTests {
  @Test("Each mode on known text")
  func knownText() {
    #expect(DigitShaping.arabicIndic.apply(to: "الساعة 10:30") == "الساعة ١٠:٣٠")
    #expect(DigitShaping.persian.apply(to: "قیمت 1200 و ٣٤") == "قیمت ۱۲۰۰ و ۳۴")
    #expect(DigitShaping.european.apply(to: "۱۲۳ تومان و ٤٥") == "123 تومان و 45")
    #expect(DigitShaping.keep.apply(to: "٣ and 3") == "٣ and 3")
    // After an Arabic letter (AL), not after Hebrew (R) or Latin (L); at the start, as after AL.
    #expect(DigitShaping.contextual().apply(to: "ID 42 ورقم 42 ושם 42") == "ID 42 ورقم ٤٢ ושם 42")
    #expect(DigitShaping.contextual().apply(to: "42 عدد") == "٤٢ عدد")
    #expect(DigitShaping.contextual(startsAfterArabicLetter: false).apply(to: "42 عدد") == "42 عدد")
    #expect(DigitShaping.contextual(.extendedArabicIndic).apply(to: "فارسی 42") == "فارسی ۴۲")
  }

  @Test("A character outside the Basic Multilingual Plane is the neutral it is (ICU reads its two halves as L)")
  func supplementaryCharacters() {
    // U+1F600 is ON: the nearest strong character before 42 is still the Arabic letter. ICU 72 walks
    // UTF-16 units and takes each surrogate for a left-to-right character, so it leaves 42 as is;
    // the random comparison below keeps to the Basic Multilingual Plane for that reason.
    #expect(DigitShaping.contextual().apply(to: "سلام 😀 42") == "سلام 😀 ٤٢")
  }

  @Test(
    "Contextual and always shaping give what ICU gives, on random text", .requires(.icu),
    arguments: [
      ("alen2an-init-al", "an"), ("alen2an-init-lr", "an"), ("alen2an-init-al", "extended"), ("en2an", "an"),
      ("en2an", "extended"), ("an2en", "an"), ("an2en", "extended"),
    ])
  func againstICU(mode: String, digits: String) throws {
    let shaper = try ICUShaper.build()
    var random = SplitMix64(seed: 0xD161 &+ UInt64(mode.count * 7 + digits.count))
    let pieces = [
      "سلام", "مرحبا", "שלום", "hello", " ", "1", "23", "٤٥", "۶۷", ":", "-", "+", "٫", ",", "(", ")", "@", "\u{200F}",
      "\u{2067}", "\u{2069}", "中文", "\u{064E}", "۰", "9", "\u{2764}\u{FE0F}",
    ]
    var lines: [String] = []
    for _ in 0..<2_000 {
      var line = ""
      for _ in 0..<Int(random.next() % 12) { line += pieces[Int(random.next() % UInt64(pieces.count))] }
      lines.append(line)
    }
    let icu = try shaper.run(mode: mode, digits: digits, lines: lines)
    let set: DigitShaping.Digits = digits == "an" ? .arabicIndic : .extendedArabicIndic
    for (line, expected) in zip(lines, icu) {
      let ours: String
      switch mode {
      case "alen2an-init-al": ours = DigitShaping.contextual(set).apply(to: line)
      case "alen2an-init-lr": ours = DigitShaping.contextual(set, startsAfterArabicLetter: false).apply(to: line)
      case "en2an":
        // ICU converts only European digits; the other set's digits stay.
        ours = Self.onlyEuropean(line, to: set)
      default:
        // ICU converts only the chosen set back to European.
        ours = Self.onlySet(set, toEuropeanIn: line)
      }
      #expect(ours == expected, "\(line.debugDescription)")
    }
  }

  /// `.always(set)` restricted to European digits, as ICU's EN2AN converts.
  static func onlyEuropean(_ text: String, to set: DigitShaping.Digits) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      result += scalar.value &- 0x30 < 10 ? DigitShaping.always(set).apply(to: String(scalar)) : String(scalar)
    }
    return result
  }

  /// `.european` restricted to one set, as ICU's AN2EN converts.
  static func onlySet(_ set: DigitShaping.Digits, toEuropeanIn text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      result += scalar.value &- set.zero < 10 ? DigitShaping.european.apply(to: String(scalar)) : String(scalar)
    }
    return result
  }
}

/// The ICU program of `Tests/Fixtures/icu/shape-digits.c`.
struct ICUShaper {
  let program: ICUProgram

  static func build() throws -> ICUShaper {
    ICUShaper(program: try ICUProgram(fixture: "shape-digits.c"))
  }

  func run(mode: String, digits: String, lines: [String]) throws -> [String] {
    try program.run([mode, digits], lines: lines)
  }
}

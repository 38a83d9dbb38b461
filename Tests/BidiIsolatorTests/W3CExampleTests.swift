import Bidi
import BidiIsolator
import BidiTestSupport
import Foundation
import Testing

/// The W3C Internationalization articles' examples that involve names, numbers or URLs
/// (Tests/Fixtures/w3c/examples.json, see SOURCE.txt): the version without controls, once isolated,
/// displays as the article says it should. Each expected display is written by hand from the
/// article's words, one right-to-left run at a time.
@Suite("W3C article examples")
struct W3CExampleTests {
  struct Example: Decodable {
    let id: String
    let dir: String
    let logical: String
    let tags: [String]
  }

  static let examples: [String: Example] = {
    let url = fixturesDirectory.appendingPathComponent("w3c/examples.json")
    guard let data = try? Data(contentsOf: url),
      let list = try? JSONDecoder().decode([Example].self, from: data)
    else { return [:] }
    return Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
  }()

  /// The article's right display, by example id.
  static let rightDisplays: [(id: String, display: String)] = [
    // A number after a Hebrew or Arabic phrase in an English sentence stays in the sentence.
    ("UC3-bad", "We find the phrase '" + rtl("פעילות הבינאום") + "' 5 times on the page."),
    ("UC3-rli", "We found the phrase \"" + rtl("نشاط التدويل") + "\" 5 times on the page."),
    ("UB10-bad", rtl("פיצה סגלה") + " - 5 reviews"),
    ("LB7", rtl("تصميم و إنشاء مواقع الويب") + "  - 4 reviews"),
    ("SB2", rtl("أحمد") + " 5"),
    ("HT1", "User " + rtl("إيان") + ": 3 posts."),
    // A number between Arabic words does not break their run.
    ("UB6-en", "one two " + rtl("خمسة") + " 1234 " + rtl("ثلاثة")),
    ("UB6-ar", "one two " + rtl("خمسة") + " ١٢٣٤ " + rtl("ثلاثة")),
    // Domain names in an Arabic list keep the list's right-to-left order.
    ("IM2", "bidi_advanced.net ،bidi_intro.net :" + rtl("اتبع هذه الروابط بالترتيب")),
    // Phone numbers, hardware addresses and ISBNs in right-to-left text read left to right.
    ("IM6", "... (012) 345 6789 ..."),
    ("IM7", "... 01:02:aa:4a:bb:06 " + rtl("כתובת")),
    ("LB6", "123-4-56789-0 :" + rtl("المعرف")),
    ("SB3", "978-0-1234-5678-7 :" + rtl("ردمك")),
    // An Arabic range reads right to left, as the algorithm already shows it.
    ("SB4", rtl("أيام") + " 3-1 :" + rtl("متوفر")),
    // A quotation of both directions, most of it right to left, in an English sentence: its runs
    // read right to left, and its comma and period stay with the Hebrew and Arabic.
    ("IM9", "The title says \"W3C ," + rtl("פעילות הבינאום") + "\" in Hebrew."),
    (
      "UB5",
      "The translation is: \".bdo " + rtl("يتم تحقيق ذلك بإضافة العنصر المضمن") + " XHTML 1.0 " + rtl("في") + "\""
    ),
    // A Persian title quoted in English ends with a parenthetical in Latin letters: it stays at the
    // title's end, on its left.
    ("UC1-nocontrols", "'(FAQ) " + rtl("سوالات متداول") + "' [in Persian]"),
    // Already right; isolation must not break it.
    ("IM1", "Wadi Rum (" + rtl("وادي القم") + "), 321km from Amman, is a World Heritage site."),
  ]

  @Test("isolated, the plain version displays as the article says", arguments: rightDisplays.map(\.id))
  func isolatedDisplay(id: String) throws {
    let example = try #require(Self.examples[id], "examples.json holds \(id)")
    let expected = try #require(Self.rightDisplays.first { $0.id == id }?.display)
    let direction: BaseDirection = example.dir == "rtl" ? .rightToLeft : .leftToRight
    let plain = String(String.UnicodeScalarView(example.logical.unicodeScalars.filter { !Self.isBidiControl($0) }))
    if example.tags.contains("negative") {
      #expect(try display(plain, direction: direction) != expected, "the article's problem shows without isolation")
    }
    let isolated = BidiIsolator().isolate(plain)
    #expect(try display(isolated, direction: direction) == expected, "\(escaped(isolated))")
  }

  /// The examples that insert user text into a template, fixed by wrapping the user text as the
  /// articles do with `<bdi>` or `dir`: the expected displays are the articles' intended ones.
  static let templateDisplays: [(id: String, heuristic: DirectionHeuristic, display: String)] = [
    ("HT1-fixed", .firstStrong, "User " + rtl("إيان") + ": 3 posts."),
    ("UB10-fixed", .firstStrong, rtl("פיצה סגלה") + " - 5 reviews"),
    ("UB10-mixed", .firstStrong, "Roma " + rtl("פיצה סגלה") + " - 3 reviews"),
    ("LB7-fixed", .firstStrong, rtl("تصميم و إنشاء مواقع الويب") + "  - 4 reviews"),
    ("IM5", .firstStrong, "Your search, CSS " + rtl("הצהרות קידוד תװי") + ", did not match any documents."),
    // The article's failure: first-strong sees `CSS` and isolates the Arabic title left to right.
    // Counting words finds it right to left: `CSS` at its right end, `!` at the far left.
    ("SB1", .wordMajority, "Title: !" + rtl("مغامرة جديدة") + " :CSS"),
  ]

  @Test("user text wrapped into a template displays as the article intends", arguments: templateDisplays.map(\.id))
  func templateDisplay(id: String) throws {
    let example = try #require(Self.examples[id])
    let entry = try #require(Self.templateDisplays.first { $0.id == id })
    // The article's isolate marks where the user text goes; the wrapper replaces it.
    let scalars = Array(example.logical.unicodeScalars)
    let start = try #require(scalars.firstIndex { (0x2066...0x2068).contains($0.value) })
    let end = try #require(scalars.lastIndex { $0.value == 0x2069 })
    let before = String(String.UnicodeScalarView(scalars[..<start]))
    let userText = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
    let after = String(String.UnicodeScalarView(scalars[(end + 1)...]))
    let line = before + BidiWrapper(heuristic: entry.heuristic).wrap(userText) + after
    #expect(try display(line, direction: .leftToRight) == entry.display, "\(escaped(line))")
  }

  /// LB3: "a Latin hash tag or @name at the start of a tweet" makes first-strong pick the wrong
  /// direction; the article asks for stored direction metadata. The isolator writes it in.
  @Test("LB3: a message that starts with Latin words, made explicitly right to left")
  func initialLatin() throws {
    let example = try #require(Self.examples["LB3"])
    #expect(try paragraphDirection(example.logical) == .leftToRight)
    let output = isolator(explicit: .mark, heuristic: .wordMajority).isolate(example.logical)
    #expect(try paragraphDirection(output) == .rightToLeft)
    #expect(try display(output) == rtl(": تصميم و إنشاء مواقع الويب") + "CSS" + " و " + "HTML")
  }

  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }
}

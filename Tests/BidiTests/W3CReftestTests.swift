import Bidi
import BidiTestSupport
import Foundation
import Testing

/// The 216 cases of the W3C i18n reftests on bidi formatting characters (Tests/Fixtures/w3c, see
/// SOURCE.txt there for origin and licence): the display order of each logical string must match
/// the reference rendering.
@Suite("W3C bidi-controls reftests")
struct W3CReftestTests {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // The fixture's own JSON keys.
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let file: String
    let para_dir: String
    /// The test's markup, as its HTML file has it.
    let source_html: String
    let logical: String
    /// The reference file's rendering, left to right.
    let expected_visual_ltr: String
    let logical_escaped: String
    var testDescription: String { "\(file) \(para_dir) \(logical_escaped)" }
  }

  struct Fixture: Decodable { let cases: [Case] }

  static func loadCases() throws -> [Case] {
    let url = fixturesDirectory.appendingPathComponent("w3c/i18n-tests-bidi-controls.json")
    return try JSONDecoder().decode(Fixture.self, from: Data(fixtureText(url).utf8)).cases
  }

  /// The markup the reftests use, as the HTML rendering rules turn it into controls
  /// (`[dir] { unicode-bidi: isolate }`): a `span` with `dir` is an isolate of that direction.
  static let markup = [
    "<span dir=\"ltr\">": "\u{2066}", "<span dir=\"rtl\">": "\u{2067}", "<span dir=\"auto\">": "\u{2068}",
    "</span>": "\u{2069}",
  ]

  /// `html` with its markup replaced by controls, and its character references (`&gt;` and
  /// numeric ones) by the characters they name.
  static func text(ofHTML html: String) -> String {
    var text = html
    for (tag, control) in markup { text = text.replacingOccurrences(of: tag, with: control) }
    text = text.replacingOccurrences(of: "&gt;", with: ">")
    while let start = text.range(of: "&#x"), let end = text[start.upperBound...].firstIndex(of: ";") {
      let scalar = UInt32(text[start.upperBound..<end], radix: 16).flatMap(Unicode.Scalar.init)
      text.replaceSubrange(start.lowerBound...end, with: scalar.map { String($0) } ?? "\u{FFFD}")
    }
    return text
  }

  @Test("All 216 cases are there, each the test's own markup, each reference a reordering of it")
  func fixtureIsFaithful() throws {
    let cases = try Self.loadCases()
    #expect(cases.count == 216)
    for testCase in cases {
      #expect(["ltr", "rtl"].contains(testCase.para_dir), "\(testCase.testDescription)")
      #expect(Self.text(ofHTML: testCase.source_html) == testCase.logical, "\(testCase.testDescription)")
      #expect(
        shownCharacters(testCase.expected_visual_ltr) == shownCharacters(testCase.logical),
        "\(testCase.testDescription): the reference shows other characters")
    }
  }

  @Test("Display order matches the reference", arguments: try loadCases())
  func displayOrder(_ testCase: Case) throws {
    let direction: BaseDirection = testCase.para_dir == "rtl" ? .rightToLeft : .leftToRight
    #expect(try display(testCase.logical, direction: direction) == testCase.expected_visual_ltr)
  }
}

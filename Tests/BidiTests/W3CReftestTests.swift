import Bidi
import Foundation
import Testing

/// The 216 cases of the W3C i18n reftests on bidi formatting characters (Tests/Fixtures/w3c, see
/// SOURCE.txt there for origin and licence): the display order of each logical string must match
/// the reference rendering.
@Suite("W3C bidi-controls reftests")
struct W3CReftestTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let file: String
    let para_dir: String
    let logical: String
    let expected_visual_ltr: String
    let logical_escaped: String
    var testDescription: String { "\(file) \(para_dir) \(logical_escaped)" }
  }

  struct Fixture: Decodable { let cases: [Case] }

  static let cases: [Case] = {
    let url = fixturesDirectory.appendingPathComponent("w3c/i18n-tests-bidi-controls.json")
    guard let data = try? Data(contentsOf: url),
      let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
    else { return [] }
    return fixture.cases
  }()

  @Test("All 216 cases are there")
  func fixtureIsComplete() {
    #expect(Self.cases.count == 216)
  }

  @Test("Display order matches the reference", arguments: cases)
  func displayOrder(_ testCase: Case) throws {
    let direction: BaseDirection = testCase.para_dir == "rtl" ? .rightToLeft : .leftToRight
    let line = try BidiText(testCase.logical, direction: direction).paragraphs[0]
      .line(options: [.mirror, .removeBidiControls])
    #expect(line.visualString == testCase.expected_visual_ltr)
  }
}

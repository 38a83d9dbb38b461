@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// The W3C Internationalization articles' bidi examples (Tests/Fixtures/w3c/examples.json; origin and
/// licence in SOURCE.txt there), shown by `bidi-fix display` as a terminal with no bidi of its own needs
/// them. The expected displays (Tests/Fixtures/w3c/display-expectations.json) were written by hand from
/// the articles' words, working UAX #9 by hand where the words leave spaces and punctuation open; they
/// were never computed by bidi-fix.
@Suite("W3C article examples through bidi-fix display")
struct W3CDisplayTests {
  enum Kind: String, Decodable, Sendable {
    /// The display the article says is right.
    case right
    /// The wrong display the article shows (a negative example).
    case wrong
  }

  struct Expectation: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let dir: String
    let kind: Kind
    /// The display, left to right, unshaped, brackets mirrored, bidi controls removed.
    let visual: String
    /// Which words of the article the display was derived from.
    let basis: String
    /// Wrong entries: "isolation" when the difference is an entity the isolator wraps (a mention,
    /// hashtag, URL, e-mail or number), nil when isolating entities cannot fix it.
    let fixedBy: String?
    /// Wrong entries fixed by isolation: what the isolated message must display.
    let rightVisual: String?
    /// The example `rightVisual` comes from (the corrected counterpart, or the example itself when
    /// the article states the right display in the negative example's own words).
    let rightFrom: String?
    let fixNote: String?

    var testDescription: String { "\(id) (\(kind.rawValue), \(dir))" }
  }

  struct Fixture: Decodable {
    let source: String
    let skipped: [String: String]
    let entries: [Expectation]
  }

  struct Example: Decodable {
    let id: String
    let dir: String
    let logical: String
  }

  static let fixtureURL = repositoryRoot.appendingPathComponent("Tests/Fixtures/w3c/display-expectations.json")
  static let examplesURL = repositoryRoot.appendingPathComponent("Tests/Fixtures/w3c/examples.json")

  static func loadFixture() throws -> Fixture {
    try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: fixtureURL))
  }

  static func loadExamples() throws -> [String: Example] {
    let list = try JSONDecoder().decode([Example].self, from: Data(contentsOf: examplesURL))
    return Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
  }

  static let examples: [String: Example] = (try? loadExamples()) ?? [:]

  static func displayArguments(dir: String, isolate: Bool) -> [String] {
    ["display"] + (isolate ? [] : ["--no-isolate"])
      + ["--no-wrap", "--align", "none", "--no-shape", "--terminal", "none", "--dir", dir]
  }

  static func display(_ logical: String, dir: String, isolate: Bool) throws -> ProgramRun {
    try BidiFixBinary.run(displayArguments(dir: dir, isolate: isolate), input: logical + "\n")
  }

  @Test("The expectations fixture parses and covers every example")
  func fixtureParses() throws {
    let fixture = try Self.loadFixture()
    let examples = try Self.loadExamples()
    #expect(examples.count == 61)
    #expect(fixture.entries.count == 61 - fixture.skipped.count)
    #expect(fixture.entries.filter { $0.kind == .right }.count == 40)
    #expect(fixture.entries.filter { $0.kind == .wrong }.count == 21)
    #expect(fixture.skipped.isEmpty)
    let ids = fixture.entries.map(\.id)
    #expect(Set(ids).count == ids.count, "no example appears twice")
    #expect(Set(ids).union(fixture.skipped.keys) == Set(examples.keys), "every example is either expected or skipped")
    for entry in fixture.entries {
      let example = try #require(examples[entry.id], "examples.json holds \(entry.id)")
      #expect(entry.dir == example.dir, "\(entry.id): same paragraph direction as the example")
      #expect(!entry.basis.isEmpty, "\(entry.id) says which words it comes from")
      // A display only reorders and mirrors: one written by hand shows the example's characters.
      for visual in [entry.visual] + (entry.rightVisual.map { [$0] } ?? []) {
        #expect(
          shownCharacters(visual) == shownCharacters(example.logical), "\(entry.id): \(visual) shows other characters")
      }
      switch entry.kind {
      case .right:
        #expect(entry.fixedBy == nil && entry.rightVisual == nil, "\(entry.id): only wrong entries are fixed")
      case .wrong:
        #expect(entry.fixedBy == nil || entry.fixedBy == "isolation", "\(entry.id): fixedBy is isolation or null")
        #expect((entry.fixedBy == "isolation") == (entry.rightVisual != nil), "\(entry.id): a fix has a right display")
        if let rightFrom = entry.rightFrom, rightFrom != entry.id, let rightVisual = entry.rightVisual {
          let counterpart = try #require(fixture.entries.first { $0.id == rightFrom }, "\(rightFrom) is expected")
          #expect(
            counterpart.kind == .right && counterpart.visual == rightVisual, "\(entry.id): \(rightFrom)'s display")
        }
      }
    }
  }

  @Test(
    "A positive example displays as the article says",
    arguments: try loadFixture().entries.filter { $0.kind == .right })
  func rightDisplay(_ entry: Expectation) throws {
    let example = try #require(Self.examples[entry.id], "examples.json holds \(entry.id)")
    let run = try Self.display(example.logical, dir: entry.dir, isolate: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.text == entry.visual + "\n", "\(entry.basis)")
  }

  @Test(
    "A negative example shows the article's wrong display unisolated",
    arguments: try loadFixture().entries.filter { $0.kind == .wrong })
  func wrongDisplay(_ entry: Expectation) throws {
    let example = try #require(Self.examples[entry.id], "examples.json holds \(entry.id)")
    let raw = try Self.display(example.logical, dir: entry.dir, isolate: false)
    #expect(raw.status == 0, "\(raw.stderr)")
    #expect(raw.text == entry.visual + "\n", "without isolation: \(entry.basis)")

    guard entry.fixedBy == "isolation", let rightVisual = entry.rightVisual else {
      // The problem here is not a mention, hashtag, URL, e-mail or number but a phrase, a title or the
      // paragraph direction, which the isolator does not know about: isolating entities cannot fix it,
      // and that is the expected behaviour. Only the article's wrong display is checked.
      return
    }
    // The difference is an entity the isolator wraps: isolated, the message must display right.
    let isolated = try Self.display(example.logical, dir: entry.dir, isolate: true)
    #expect(isolated.status == 0, "\(isolated.stderr)")
    #expect(isolated.text != entry.visual + "\n", "isolation changes the article's wrong display")
    #expect(isolated.text == rightVisual + "\n", "isolated, as \(entry.rightFrom ?? entry.id): \(entry.fixNote ?? "")")
  }
}

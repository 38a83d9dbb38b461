import Bidi
import BidiTestSupport
import Foundation
import Testing

/// The explicit rules (X1–X10) the engine applies in Swift, to segments with embeddings, overrides
/// and PDFs, against another implementation of UAX #9: the JDK's `java.text.Bidi`. The conformance
/// files cover every class pattern up to a few characters; these are longer, nested, and mixed with
/// brackets, numbers and marks, as pasted or hostile chat text is.
@Suite("Embeddings and overrides against the JDK")
struct ExplicitResolutionTests {
  /// Four seeds by default; `BIDI_ENGINE_SEEDS=100` runs a hundred for a longer soak.
  static let seeds = SplitMix64.seeds("BIDI_ENGINE_SEEDS")
  static let stringsPerSeed = 500

  /// Pieces of text, all in the Basic Multilingual Plane so that a UTF-16 index is a scalar index:
  /// the embedding and override controls (PDF twice as often, so that runs close), marks, brackets,
  /// three kinds of digit with separators and terminators, letters of three directions, spaces, a
  /// tab, a boundary neutral. A mark comes only right after a letter, and no isolate control comes
  /// at all: the isolates' own path is the conformance files' and the sibling-isolate tests'.
  ///
  /// Brackets come only before the first override: the JDK (17) pairs a bracket whose type an
  /// override made L or R, which rule BD14 rules out (BidiCharacterTest.txt checks it, in "Explicit
  /// directional overrides applied to paired brackets"), and the engine follows the rule.
  static let pieces = [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{202C}", "\u{200E}", "\u{200F}", "\u{061C}",
    "\u{200B}", "(", ")", "[", "]", "0", "5", "\u{0660}", "\u{06F4}", "+", "-", ",", ".", ":", "%", "$", "!", " ",
    "\t", "a", "Z", "\u{05D0}", "\u{0627}", "a\u{0300}", "\u{0627}\u{064B}", "我",
  ]

  @Test("levels after rule L1 are those java.text.Bidi gives", .requires(.jdk), arguments: seeds)
  func levelsMatchTheJDK(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var strings: [String] = []
    for _ in 0..<Self.stringsPerSeed {
      var string = ""
      var overridden = false
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        var piece = Self.pieces.randomElement(using: &random)!
        if piece == "\u{202D}" || piece == "\u{202E}" { overridden = true }
        if overridden && "()[]".contains(piece) { piece = "!" }
        string += piece
      }
      strings.append(string)
    }
    let explicit = strings.filter { $0.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) } }.count
    #expect(explicit > Self.stringsPerSeed * 3 / 4, "most strings hold an embedding or override")

    let directions: [(BaseDirection, String)] = [
      (.leftToRight, "DIRECTION_LEFT_TO_RIGHT"), (.rightToLeft, "DIRECTION_RIGHT_TO_LEFT"),
    ]
    // ICU, and the JDK after it, gives every character the paragraph level when all levels are of
    // one parity. A second paragraph, "a" and alef, makes every text hold both parities (L and R at
    // level 0, or 2 and 1), and leaves the first paragraph's levels as they are (rule P1).
    let literals = strings.map { string in
      "\"" + string.utf16.map { String(format: "\\u%04X", $0) }.joined() + "\\u2029a\\u05D0\""
    }
    let source = """
      import java.text.Bidi;
      public class F {
        static final String[] TEXTS = { \(literals.joined(separator: ",\n    ")) };
        public static void main(String[] arguments) {
          for (String text : TEXTS) {
            for (int direction : new int[] { \(directions.map { "Bidi.\($0.1)" }.joined(separator: ", ")) }) {
              Bidi bidi = new Bidi(text, direction);
              StringBuilder line = new StringBuilder();
              for (int i = 0; i < text.length() - 3; i++) line.append(i == 0 ? "" : " ").append(bidi.getLevelAt(i));
              System.out.println(line);
            }
          }
        }
      }
      """
    let folder = try TemporaryFolder()
    let file = try folder.file("F.java", text: source)
    let run = try Program.run("java", [file.path], timeout: 300)
    try #require(run.status == 0, "java failed: \(run.stderr)")
    let answers = run.text.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(answers.count >= strings.count * directions.count)

    var failures = 0
    for (index, string) in strings.enumerated() {
      for (number, direction) in directions.enumerated() {
        let text = try BidiText(string, direction: direction.0)
        let engine = text.paragraphs[0].line().levels
        let jdk = answers[index * directions.count + number].split(separator: " ").map { UInt8($0) }
        // The JDK gives the characters rule X9 removes a level too; the engine gives them none.
        let compared = text.classes.indices.filter { !text.classes[$0].isRemovedByX9 }
        let differing = compared.filter { engine[$0]?.rawValue != jdk[$0] }
        if !differing.isEmpty {
          Issue.record(
            """
            seed \(seed) #\(index), \(direction.0): \(escaped(string)) differs at \(differing)
              engine \(compared.map { engine[$0]?.rawValue ?? 0xFF }), JDK \(compared.map { jdk[$0] ?? 0xFF })
            """)
          failures += 1
        }
      }
      if failures >= 5 { break }
    }
  }
}

import BidiTestSupport
import Foundation
import Testing

/// The bad-input matrix for lines built to exhaust the tool: a huge single line, nesting past the
/// depth limit, a million bracket pairs, thousands of unmatched terminators, lone CRs. Each gets
/// its documented output, and every run must finish before its hang timeout and peak, on its own,
/// at no more than 20 times the longest input line plus 32 MB.
@Suite("bidi-fix on huge and hostile lines", .serialized, .requires(.procFileSystem))
struct HugeInputTests {
  /// The huge line's size: 100 MB when the lines go to a release build of `bidi-fix`,
  /// which Scripts/test builds and names in `BIDI_FIX_RELEASE_BINARY`; a debug build processes only
  /// 1 to 2 MB a second, so without one the line is 4 MB, to keep each run to seconds.
  /// `BIDI_FIX_HUGE_LINE_MB` sets it either way.
  static let hugeLineBytes: Int = {
    if let megabytes = ProcessInfo.processInfo.environment["BIDI_FIX_HUGE_LINE_MB"].flatMap({ Int($0) }) {
      return megabytes * 1_000_000
    }
    return MeasuredBinary.isRelease ? 100_000_000 : 4_000_000
  }()

  /// Generous for a debug build on a busy machine, far below what a quadratic pass would take.
  static func timeout(forBytes bytes: Int) -> Double { 60 + Double(bytes) / 250_000 }

  /// How many copies of `unit` make at least `bytes` bytes.
  static func copies(of unit: String, filling bytes: Int) -> Int {
    (bytes + unit.utf8.count - 1) / unit.utf8.count
  }

  /// `unit` `count` times, built by doubling so that even 100 MB takes no time in a debug build.
  static func repeated(_ unit: String, count: Int) -> Data {
    let piece = Data(unit.utf8)
    let total = piece.count * count
    guard total > 0 else { return Data() }
    var data = piece
    data.reserveCapacity(total)
    while data.count * 2 <= total { data.append(data) }
    data.append(data.prefix(total - data.count))
    return data
  }

  @Test("A huge single line: isolate and strip round-trip it byte for byte, check finds nothing")
  func hugeLineRoundTrip() throws {
    let folder = try TemporaryFolder()
    // Every unit holds a mention after Arabic, so the whole line goes through the isolator's
    // general path; a short line after it must come out as if alone.
    let unit = "مرحبا @bob "
    let count = Self.copies(of: unit, filling: Self.hugeLineBytes)
    let body = Self.repeated(unit, count: count)
    var input = body
    input.append(contentsOf: Array("\n@x\n".utf8))
    let inputFile = try folder.file("huge.txt", contents: input)
    let timeout = Self.timeout(forBytes: body.count)

    let isolated = try MeasuredBinary.run(["isolate"], input: inputFile, in: folder, timeout: timeout)
    let isolatedTail = "\n\u{2066}@x\u{2069}\n"
    var expected = Self.repeated("مرحبا \u{2066}@bob\u{2069} ", count: count)
    expected.append(contentsOf: Array(isolatedTail.utf8))
    #expect(isolated.status == 0 && isolated.stderr.isEmpty, "\(isolated.stderr)")
    #expect(isolated.stdout == expected)
    expectWithinBound(isolated, longestLine: body.count, "isolate")

    let isolatedFile = try folder.file("isolated.txt", contents: isolated.stdout)
    let stripped = try MeasuredBinary.run(["strip"], input: isolatedFile, in: folder, timeout: timeout)
    #expect(stripped.status == 0 && stripped.stderr.isEmpty, "\(stripped.stderr)")
    #expect(stripped.stdout == input)
    expectWithinBound(stripped, longestLine: expected.count - isolatedTail.utf8.count, "strip")

    let checked = try MeasuredBinary.run(["check", inputFile.path], input: inputFile, in: folder, timeout: timeout)
    #expect(checked.status == 0 && checked.stdout.isEmpty && checked.stderr.isEmpty, "\(checked.stderr)")
    expectWithinBound(checked, longestLine: body.count, "check")
  }

  @Test("A huge single line: scan and check name FILE:LINE:COLUMN at its far end, strip keeps it")
  func hugeLineReports() throws {
    let folder = try TemporaryFolder()
    // Plain filler with a mention at the start, and an RLO and a hashtag at the end.
    let filler = Self.repeated("abc def ", count: Self.copies(of: "abc def ", filling: Self.hugeLineBytes))
    var input = Data("@alice ".utf8)
    input.append(filler)
    input.append(contentsOf: Array("\u{202E} #end\nok\n".utf8))
    let file = try folder.file("huge.txt", contents: input)
    let longest = input.count - 4
    let timeout = Self.timeout(forBytes: longest)
    // All ASCII before the RLO, so its column is its byte offset plus one.
    let rloColumn = 7 + filler.count + 1

    let scanned = try MeasuredBinary.run(["scan", file.path], input: file, in: folder, timeout: timeout)
    #expect(scanned.status == 0 && scanned.stderr.isEmpty, "\(scanned.stderr)")
    #expect(scanned.text == "\(file.path):1:1: mention @alice\n\(file.path):1:\(rloColumn + 2): hashtag #end\n")
    expectWithinBound(scanned, longestLine: longest, "scan")

    let checked = try MeasuredBinary.run(["check", file.path], input: file, in: folder, timeout: timeout)
    #expect(checked.status == 1)
    #expect(
      checked.text
        == """
        \(file.path):1:\(rloColumn): RLO (U+202E) forces the direction of the text it covers
        \(file.path):1:\(rloColumn): RLO (U+202E) is never closed: it reaches the end of the line

        """)
    expectWithinBound(checked, longestLine: longest, "check")

    // Nothing the isolator inserted: every byte stays.
    let stripped = try MeasuredBinary.run(["strip"], input: file, in: folder, timeout: timeout)
    #expect(stripped.status == 0 && stripped.stdout == input)
    expectWithinBound(stripped, longestLine: longest, "strip")
  }

  /// `display` on a debug build does about 0.2 MB a second, so without a release build its line
  /// is 1 MB; with one it gets the full huge line. `BIDI_FIX_DISPLAY_LINE_MB` sets it.
  static let displayLineBytes =
    ProcessInfo.processInfo.environment["BIDI_FIX_DISPLAY_LINE_MB"]
    .flatMap { Int($0) }.map { $0 * 1_000_000 } ?? (MeasuredBinary.isRelease ? hugeLineBytes : 1_000_000)

  @Test("A long right-to-left line displays reversed, shaped, with its mentions whole")
  func longLineDisplay() throws {
    let folder = try TemporaryFolder()
    let count = Self.copies(of: "مرحبا @bob ", filling: Self.displayLineBytes)
    let body = Self.repeated("مرحبا @bob ", count: count)
    var input = body
    input.append(contentsOf: Array("\nok\n".utf8))
    let file = try folder.file("long.txt", contents: input)
    let run = try MeasuredBinary.run(
      ["display", "--no-wrap", "--align", "none"], input: file, in: folder,
      timeout: Self.timeout(forBytes: body.count * 4))
    // The paragraph is right to left: the last unit's trailing space comes first, then `@bob`
    // (isolated, so not reversed), then مرحبا reversed in presentation forms: final alef U+FE8E,
    // medial beh U+FE92, initial hah U+FEA3, final reh U+FEAE, initial meem U+FEE3.
    var expected = Self.repeated(" @bob \u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}", count: count)
    expected.append(contentsOf: Array("\nok\n".utf8))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    #expect(run.stdout == expected)
    expectWithinBound(run, longestLine: body.count, "display")
  }

  /// 200 initiators of each kind, and of all kinds mixed, with and without their closers.
  static let deepLines: [String] = {
    let initiators = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
    func closer(_ initiator: String) -> String { initiators.suffix(3).contains(initiator) ? "\u{2069}" : "\u{202C}" }
    let mixed = (0..<200).map { initiators[$0 % initiators.count] }
    var lines = initiators.map { String(repeating: $0, count: 200) + "abc @bob 12" }
    lines.append(mixed.joined() + "שלום @bob 12")
    lines.append(mixed.joined() + "x" + mixed.reversed().map(closer).joined())
    return lines
  }()

  @Test("200-deep nesting: isolate balances each line, nothing spills into the next")
  func deepNesting() throws {
    let folder = try TemporaryFolder()
    let after = "after @c 7"
    let input = Self.deepLines.map { $0 + "\n" + after + "\n" }.joined()
    let file = try folder.file("deep.txt", contents: Data(input.utf8))
    let longest = Self.deepLines.map(\.utf8.count).max()!

    let isolated = try MeasuredBinary.run(["isolate"], input: file, in: folder, timeout: 60)
    #expect(isolated.status == 0 && isolated.stderr.isEmpty, "\(isolated.stderr)")
    let lines = isolated.text.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count == 2 * Self.deepLines.count + 1)
    for (index, original) in Self.deepLines.enumerated() {
      let line = String(lines[2 * index])
      #expect(nestingDepth(line).map { $0 <= 125 } == true, "line \(2 * index + 1) is not balanced within 125 levels")
      #expect(withoutControls(line) == withoutControls(original), "line \(2 * index + 1) lost or gained characters")
      // The line after: exactly what isolating it alone gives.
      #expect(lines[2 * index + 1] == "after \u{2066}@c\u{2069} 7")
    }
    #expect(lines.last == "")
    expectWithinBound(isolated, longestLine: longest, "isolate")

    let stripped = try MeasuredBinary.run(["strip", "--all"], input: file, in: folder, timeout: 60)
    #expect(stripped.status == 0 && stripped.text == withoutControls(input))
    expectWithinBound(stripped, longestLine: longest, "strip --all")

    // In display, every line shows its own characters, and the one after shows as if alone.
    let shown = try MeasuredBinary.run(
      ["display", "--no-wrap", "--align", "none"], input: file, in: folder, timeout: 60)
    #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
    let shownLines = shown.text.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(shownLines.count == 2 * Self.deepLines.count + 1)
    for (index, original) in Self.deepLines.enumerated() {
      #expect(
        shownLines[2 * index].unicodeScalars.map(\.value).sorted()
          == withoutControls(original).unicodeScalars.map(\.value).sorted(), "line \(2 * index + 1)")
      #expect(shownLines[2 * index + 1] == Substring(after))
    }
    expectWithinBound(shown, longestLine: longest, "display")
  }

  @Test("200-deep nesting: check reports the initiators past the depth limit, at their columns")
  func deepNestingCheck() throws {
    let folder = try TemporaryFolder()
    let input = Self.deepLines.joined(separator: "\n") + "\nafter\n"
    let file = try folder.file("deep.txt", contents: Data(input.utf8))
    let run = try MeasuredBinary.run(["check", file.path], input: file, in: folder, timeout: 60)
    #expect(run.status == 1)
    let findings = run.text.split(separator: "\n").map(String.init)
    func pastTheLimit(line: Int) -> [Int] {
      findings.compactMap { finding in
        let prefix = "\(file.path):\(line):"
        guard finding.hasPrefix(prefix), finding.hasSuffix("is nested past the depth limit of 125 and is ignored")
        else { return nil }
        return Int(finding.dropFirst(prefix.count).prefix { $0 != ":" })
      }
    }
    // 200 RLEs: in a right-to-left paragraph the 62nd reaches level 125, in a left-to-right one the
    // 63rd; so the 64th on are past the limit either way, and the first 62 never are.
    let rle = pastTheLimit(line: 2)
    #expect(rle.allSatisfy { $0 >= 63 } && Set(64...200).isSubset(of: rle), "\(rle)")
    // 200 LREs: the 62nd reaches level 124 in either direction, the 63rd would be 126.
    #expect(pastTheLimit(line: 1) == Array(63...200))
    #expect(pastTheLimit(line: Self.deepLines.count + 1).isEmpty)
    #expect(findings.allSatisfy { $0.hasPrefix("\(file.path):") }, "\(findings.prefix(3))")
    expectWithinBound(run, longestLine: Self.deepLines.map(\.utf8.count).max()!, "check")
  }

  @Test("A million bracket pairs on one line: isolate keeps it, display reverses and mirrors it")
  func millionBrackets() throws {
    let folder = try TemporaryFolder()
    var line = Data("א".utf8)
    line.append(Self.repeated("()", count: 1_000_000))
    var input = line
    input.append(contentsOf: Array("\nafter\n".utf8))
    let file = try folder.file("brackets.txt", contents: input)

    let isolated = try MeasuredBinary.run(["isolate"], input: file, in: folder, timeout: 60)
    #expect(isolated.status == 0 && isolated.stdout == input)
    expectWithinBound(isolated, longestLine: line.count, "isolate")

    // A right-to-left paragraph of neutrals after a Hebrew letter: all at level 1, so the line is
    // reversed, each `)(` mirrored back to `()`, and the letter ends up on the right.
    let shown = try MeasuredBinary.run(
      ["display", "--no-wrap", "--align", "none"], input: file, in: folder, timeout: 120)
    var expected = Self.repeated("()", count: 1_000_000)
    expected.append(contentsOf: Array("א\nafter\n".utf8))
    #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
    #expect(shown.stdout == expected)
    expectWithinBound(shown, longestLine: line.count, "display")
  }

  /// Unmatched PDF and PDI: 5,000 of each between words, and 20,000 of each in one run between
  /// two letters.
  static let unmatchedLines = [
    String(repeating: "\u{202C}\u{2069}x ", count: 5_000),
    "a" + String(repeating: "\u{202C}\u{2069}", count: 20_000) + "b",
    "after @c",
  ]

  @Test("Thousands of unmatched PDF and PDI: isolate drops them, strip keeps them, display hides them")
  func unmatchedTerminators() throws {
    let folder = try TemporaryFolder()
    let input = Self.unmatchedLines.joined(separator: "\n") + "\n"
    let file = try folder.file("unmatched.txt", contents: Data(input.utf8))
    let longest = Self.unmatchedLines.map(\.utf8.count).max()!

    let isolated = try MeasuredBinary.run(["isolate"], input: file, in: folder, timeout: 60)
    #expect(isolated.status == 0 && isolated.stderr.isEmpty, "\(isolated.stderr)")
    #expect(isolated.text == String(repeating: "x ", count: 5_000) + "\nab\nafter \u{2066}@c\u{2069}\n")
    expectWithinBound(isolated, longestLine: longest, "isolate")

    let stripped = try MeasuredBinary.run(["strip"], input: file, in: folder, timeout: 60)
    #expect(stripped.status == 0 && stripped.text == input)
    expectWithinBound(stripped, longestLine: longest, "strip")

    let shown = try MeasuredBinary.run(
      ["display", "--no-wrap", "--align", "none"], input: file, in: folder, timeout: 60)
    #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
    #expect(shown.text == String(repeating: "x ", count: 5_000) + "\nab\nafter @c\n")
    expectWithinBound(shown, longestLine: longest, "display")
  }

  @Test(
    "Thousands of unmatched PDF and PDI: check names the first thousand of a line, counts the rest, and finishes in seconds"
  )
  func unmatchedTerminatorsCheck() throws {
    let folder = try TemporaryFolder()
    let input = Self.unmatchedLines.joined(separator: "\n") + "\n"
    let file = try folder.file("unmatched.txt", contents: Data(input.utf8))
    // Linear work takes a second or two even in a debug build; a pass over the whole run of
    // controls for each control in it takes minutes.
    let run = try MeasuredBinary.run(["check", file.path], input: file, in: folder, timeout: 30)
    #expect(run.status == 1)
    let findings = run.text.split(separator: "\n")
    let first = findings.filter { $0.hasPrefix("\(file.path):1:") }
    let second = findings.filter { $0.hasPrefix("\(file.path):2:") }
    // Line 1: a PDF and a PDI in every four characters, 10,000 findings; the first 1,000 are shown.
    #expect(first.count == 1_001)
    #expect(first.first == "\(file.path):1:1: PDF (U+202C) closes nothing")
    #expect(first.dropLast().last == "\(file.path):1:1998: PDI (U+2069) closes nothing")
    #expect(first.last == "\(file.path):1: and 9000 more findings on this line, not shown")
    // Line 2: between `a` and `b` each control also sits inside an identifier: 80,000 findings.
    #expect(second.count == 1_001)
    #expect(second.filter { $0.hasSuffix("closes nothing") }.count == 500)
    #expect(second.filter { $0.hasSuffix("inside an identifier (Trojan Source, CVE-2021-42574)") }.count == 500)
    #expect(
      second.dropLast().last == "\(file.path):2:501: PDI (U+2069) inside an identifier (Trojan Source, CVE-2021-42574)")
    #expect(second.last == "\(file.path):2: and 79000 more findings on this line, not shown")
    #expect(findings.count == 2_002)
    expectWithinBound(run, longestLine: Self.unmatchedLines.map(\.utf8.count).max()!, "check")
  }

  @Test("A lone CR is data to isolate, strip, scan and check, and a paragraph break to display")
  func loneCarriageReturns() throws {
    let folder = try TemporaryFolder()
    // Lone CRs inside a line, a CRLF line, and a last line of lone CRs with no final LF.
    let input = "a\r@bob\r\u{202E}x\nnext @c\r\n\r\rend\r"
    let file = try folder.file("cr.txt", contents: Data(input.utf8))
    func run(_ arguments: [String]) throws -> MeasuredRun {
      let run = try MeasuredBinary.run(arguments, input: file, in: folder, timeout: 30)
      expectWithinBound(run, longestLine: input.utf8.count, arguments.joined(separator: " "))
      return run
    }

    // The RLO is closed where its paragraph ends, at the LF here, and contained in an RLI.
    let isolated = try run(["isolate"])
    #expect(isolated.status == 0)
    #expect(
      isolated.text
        == "a\r\u{2066}@bob\u{2069}\r\u{2067}\u{202E}x\u{202C}\u{2069}\nnext \u{2066}@c\u{2069}\r\n\r\rend\r")
    let stripped = try run(["strip", "--all"])
    #expect(stripped.status == 0 && stripped.text == "a\r@bob\rx\nnext @c\r\n\r\rend\r")

    // Columns count the CR as one character; line numbers count LFs only.
    let scanned = try run(["scan", file.path])
    #expect(scanned.text == "\(file.path):1:3: mention @bob\n\(file.path):2:6: mention @c\n")
    let checked = try run(["check", file.path])
    #expect(checked.status == 1)
    #expect(
      checked.text
        == """
        \(file.path):1:8: RLO (U+202E) forces the direction of the text it covers
        \(file.path):1:8: RLO (U+202E) is never closed: it reaches the end of the line

        """)

    // Each paragraph on its own line, ended like the input line; with no final LF, by a LF.
    let shown = try run(["display", "--no-wrap", "--align", "none"])
    #expect(shown.status == 0)
    #expect(shown.text == "a\n@bob\nx\nnext @c\r\n\n\nend")
  }

  @Test("An RLO before a lone CR is closed before it: the next paragraph reads as written")
  func overrideBeforeLoneCarriageReturn() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("cr.txt", contents: Data("a\u{202E}bc\rdef\n".utf8))
    let isolated = try MeasuredBinary.run(["isolate"], input: file, in: folder, timeout: 30)
    #expect(isolated.text == "a\u{2067}\u{202E}bc\u{202C}\u{2069}\rdef\n")
    let shown = try MeasuredBinary.run(
      ["display", "--no-wrap", "--align", "none"], input: file, in: folder, timeout: 30)
    #expect(shown.text == "acb\ndef\n")
  }
}

/// How deep the controls of `line` nest, or `nil` when they are not balanced and properly nested.
/// Written here, independently of the isolator's own balancer.
func nestingDepth(_ line: String) -> Int? {
  var stack: [Bool] = []  // true for an isolate
  var deepest = 0
  for scalar in line.unicodeScalars {
    switch scalar.value {
    case 0x202A, 0x202B, 0x202D, 0x202E: stack.append(false)
    case 0x2066...0x2068: stack.append(true)
    case 0x202C:
      guard stack.last == false else { return nil }
      stack.removeLast()
    case 0x2069:
      guard stack.last == true else { return nil }
      stack.removeLast()
    default: break
    }
    deepest = max(deepest, stack.count)
  }
  return stack.isEmpty ? deepest : nil
}

func withoutControls(_ text: String) -> String {
  String(
    String.UnicodeScalarView(
      text.unicodeScalars.filter {
        !((0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
          || [0x200E, 0x200F, 0x061C].contains($0.value))
      }))
}

/// The memory bound the README promises: 20 times the longest line plus 32 MB.
func expectWithinBound(
  _ run: MeasuredRun, longestLine: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let bound = 20 * longestLine + 32 << 20
  if ProcessInfo.processInfo.environment["BIDI_FIX_RESOURCE_REPORT"] != nil {
    print(
      "bidi-fix \(what): longest line \(longestLine) bytes, \(String(format: "%.2f", run.seconds)) s, peak \(run.peakMemory >> 20) MB (\(run.peakSource)) of \(bound >> 20) MB allowed"
    )
  }
  // An AddressSanitizer build's peak is mostly the sanitizer's: shadow memory, red zones around
  // every allocation and a 256 MB quarantine of freed memory. The bound is the tool's, so it is
  // checked on normal builds only (Scripts/test runs one); the run itself still has to succeed.
  guard !MeasuredBinary.isAddressSanitized else { return }
  #expect(
    run.peakMemory <= bound,
    "bidi-fix \(what) peaked at \(run.peakMemory >> 20) MB, over 20 × \(longestLine) bytes + 32 MB",
    sourceLocation: sourceLocation)
}

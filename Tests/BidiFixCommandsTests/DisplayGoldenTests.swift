@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// The bundled sample chat, displayed at 40 and 80 cells. The golden files were reviewed line by
/// line when written (direction, alignment, wrap points, mirrored brackets, whole entities); the
/// hand-derived checks are in TerminalScreenTests and FriBidiToolComparisonTests.
@Suite("display golden files")
struct DisplayGoldenTests {
  @Test("Sample chat at each width", arguments: [40, 80])
  func sampleChat(width: Int) throws {
    let sample = repositoryRoot.appendingPathComponent("Examples/sample-chat.txt")
    let golden = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/display/sample-chat.width\(width).txt"),
      encoding: .utf8)
    let run = try BidiFixBinary.run(["display", "--width", "\(width)", "--terminal", "none", sample.path])
    #expect(run.status == 0)
    #expect(run.text == golden)
  }

  @Test("On a terminal, output is wrapped in CSI 8 l … CSI 8 h; --terminal none emits nothing")
  func terminalModes() throws {
    let explicit = try BidiFixBinary.run(["display", "--terminal", "explicit"], input: "שלום\n")
    #expect(explicit.text == "\u{1B}[8l" + String(repeating: " ", count: 76) + "םולש\n\u{1B}[8h")
    let none = try BidiFixBinary.run(["display", "--terminal", "none", "--width", "10"], input: "שלום\n")
    #expect(none.text == "      םולש\n")
    let columns = try BidiFixBinary.run(
      ["display", "--terminal", "none"], input: "שלום\n", environment: ["COLUMNS": "12"])
    #expect(columns.text == "        םולש\n")
  }

  @Test("--align, --no-wrap, --no-shape and --dir")
  func layoutOptions() throws {
    func display(_ options: [String], _ input: String) throws -> String {
      try BidiFixBinary.run(["display", "--terminal", "none", "--width", "12"] + options, input: input + "\n").text
    }
    #expect(try display(["--align", "left"], "שלום") == "םולש\n")
    #expect(try display(["--align", "right"], "abc") == "         abc\n")
    #expect(try display(["--align", "none"], "שלום") == "םולש\n")
    #expect(try display(["--no-wrap", "--align", "none"], "one two three four") == "one two three four\n")
    #expect(try display([], "one two three four") == "one two\nthree four\n")
    #expect(try display(["--no-shape", "--align", "none"], "سلام") == "مالس\n")
    #expect(try display(["--align", "none"], "سلام") == "\u{FEE1}\u{FEFC}\u{FEB3}\n")
    #expect(try display(["--dir", "rtl", "--align", "none"], "abc!") == "!abc\n")
    // A leading Latin mention does not make an Arabic message left to right.
    #expect(try display(["--align", "none", "--no-shape", "--no-wrap"], "@bob مرحبا") == "ابحرم @bob\n")
  }
}

import BidiTestSupport
import Foundation

/// A C program of `Tests/Fixtures/icu`, built against the system's ICU with the C compiler: the
/// reference the digit shaping and locale direction tests compare with. Tests that use one need
/// ``TestRequirement/icu``.
struct ICUProgram {
  let binary: URL

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Builds `Tests/Fixtures/icu/NAME`.
  init(fixture name: String) throws {
    binary = try FixtureProgram.build("icu/\(name)", library: "icu-uc")
  }

  /// The program's output lines for `lines` on its standard input.
  func run(_ arguments: [String], lines: [String]) throws -> [String] {
    let input = Data(lines.joined(separator: "\n").appending("\n").utf8)
    let output = try Self.output(binary.path, arguments, input: input)
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  static func output(_ program: String, _ arguments: [String], input: Data = Data()) throws -> String {
    let run = try Program.run(program, arguments, input: input)
    guard run.status == 0 else { throw Failure(description: "\(program) \(arguments) failed: \(run.stderr)") }
    return run.text
  }
}

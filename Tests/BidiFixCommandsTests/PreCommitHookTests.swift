@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// The hooks of `.pre-commit-hooks.yaml`, run by pre-commit itself (`pre-commit try-repo`) in a
/// scratch git repository, as a team's commit would run them. `language: swift` builds this
/// repository with `swift build -c release`, in a temporary store for each `try-repo`: slow, so the
/// test runs it twice in all. The test suite holds the shared build lock while it runs.
@Suite("pre-commit hooks")
struct PreCommitHookTests {
  static let preCommit: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/pre-commit" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  @Test(
    "bidi-fix-strings and bidi-fix-check pass on clean files and fail on a broken translation and on Trojan Source",
    .enabled(if: preCommit != nil, "needs pre-commit: pip install pre-commit"), .timeLimit(.minutes(30)))
  func hooks() throws {
    let folder = try TemporaryFolder()
    let repository = folder.url
    func write(_ name: String, _ text: String) throws {
      let file = repository.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    try write("App/en.lproj/Localizable.strings", "\"Follow %@\" = \"Follow %@\";\n")
    try write("App/ar.lproj/Localizable.strings", "\"Follow %@\" = \"متابعة \\U2068%@\\U2069\";\n")
    try write("App/he.lproj/Localizable.strings", "\"Follow %@\" = \"עקוב אחרי @%\";\n")
    try write("Sources/Clean.swift", "let greeting = \"שלום \\u{2068}\\(name)\\u{2069}\"\n")
    try write("Sources/Trojan.swift", "let isAdmin\u{202E} = false // \u{2066}admin\u{2069}\n")
    for arguments in [["init", "-q"], ["add", "."]] {
      #expect(try Program.runCombined("/usr/bin/git", arguments, in: repository).status == 0)
    }
    // Every `try-repo` builds the repository anew in a temporary store: two runs, each with both
    // hooks, are the whole test.
    func tryRepo(_ files: [String]) throws -> CombinedRun {
      try Program.runCombined(
        try #require(Self.preCommit), ["try-repo", repositoryRoot.path, "--verbose", "--files"] + files, in: repository)
    }
    /// What pre-commit says of `hook`: its line, `NAME....Passed` or `....Failed`.
    func verdict(_ hook: String, in output: String) -> String? {
      guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(hook) }) else { return nil }
      return line.hasSuffix("Passed") ? "Passed" : line.hasSuffix("Failed") ? "Failed" : String(line)
    }

    let clean = try tryRepo(
      ["App/en.lproj/Localizable.strings", "App/ar.lproj/Localizable.strings", "Sources/Clean.swift"])
    #expect(clean.status == 0, "\(clean.output)")
    #expect(verdict("bidi-fix strings check", in: clean.output) == "Passed", "\(clean.output)")
    #expect(verdict("bidi-fix check", in: clean.output) == "Passed", "\(clean.output)")

    let broken = try tryRepo(["App/he.lproj/Localizable.strings", "Sources/Trojan.swift"])
    #expect(broken.status != 0)
    #expect(verdict("bidi-fix strings check", in: broken.output) == "Failed", "\(broken.output)")
    #expect(verdict("bidi-fix check", in: broken.output) == "Failed", "\(broken.output)")
    #expect(
      broken.output.contains("App/he.lproj/Localizable.strings:1:26: reversed-placeholder: @%"), "\(broken.output)")
    #expect(broken.output.contains("Sources/Trojan.swift:1:12: RLO (U+202E)"), "\(broken.output)")
  }
}

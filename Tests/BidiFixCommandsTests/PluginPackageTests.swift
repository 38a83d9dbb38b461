@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// A package that depends on this one by path and uses its plugins, built with `swift build` as an
/// app's package would be: `Tests/Fixtures/plugin-package`, with Arabic and Hebrew `.lproj` files
/// and a String Catalog whose defects are known. It is copied to a temporary folder, so the
/// repository is never written, and built in `.build/plugin-fixture`, kept between runs. The test
/// suite holds the shared build lock while it runs (`flock … Scripts/test`), so these builds take
/// no lock of their own.
@Suite("The SwiftPM plugins in a package that uses them")
struct PluginPackageTests {
  static let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/plugin-package")
  static let fixed = repositoryRoot.appendingPathComponent("Tests/Fixtures/plugin-package-fixed")
  static let scratch = repositoryRoot.appendingPathComponent(".build/plugin-fixture")
  static let swift = ["/opt/swift/usr/bin/swift", "/usr/bin/swift"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// `swift ARGUMENTS` in `folder`, with bidi-fix's folder named for the fixture's manifest.
  static func swift(_ arguments: [String], in folder: URL) throws -> CombinedRun {
    try Program.runCombined(
      try #require(swift), arguments, in: folder, environment: ["BIDI_FIX_PACKAGE": repositoryRoot.path])
  }

  @Test(
    "swift build shows each finding inline and fails on the errors; after bidi-strings fix it builds clean, and a build with nothing changed does not check again",
    .enabled(if: swift != nil, "needs the Swift toolchain at /opt/swift or /usr/bin"),
    .timeLimit(.minutes(20)))
  func buildFixBuild() throws {
    let folder = try TemporaryFolder()
    let package = folder.url.appendingPathComponent("PluginFixture")
    try FileManager.default.copyItem(at: Self.fixture, to: package)
    let resources = package.appendingPathComponent("Sources/Greeter/Resources")
    let build = ["build", "--scratch-path", Self.scratch.path]

    let first = try Self.swift(build, in: package)
    #expect(first.status != 0, "the errors fail the build")
    // Read off the fixture by hand: FILE:LINE:COLUMN, severity, kind.
    let expected = [
      ("Catalog.xcstrings:9:31", "error", "reversed-placeholder"),  // dll% for %lld
      ("Catalog.xcstrings:15:30", "warning", "unisolated-placeholder"),
      ("ar.lproj/Localizable.strings:2:23", "error", "reversed-placeholder"),  // @% for %@
      ("ar.lproj/Localizable.strings:3:22", "warning", "unisolated-placeholder"),
      ("ar.lproj/Localizable.strings:4:28", "warning", "unisolated-placeholder"),
      ("ar.lproj/Localizable.strings:4:33", "warning", "unisolated-placeholder"),
      ("he.lproj/Localizable.strings:2:26", "warning", "unisolated-placeholder"),
      ("he.lproj/Localizable.strings:3:22", "warning", "unisolated-placeholder"),
      ("he.lproj/Localizable.strings:4:24", "warning", "unisolated-placeholder"),
      ("he.lproj/Localizable.strings:4:38", "error", "reversed-placeholder"),  // %2$ @ for %2$@
    ]
    let findings = first.output.split(separator: "\n").filter { $0.hasPrefix(resources.path) }
    for (place, severity, kind) in expected {
      #expect(
        findings.contains { $0.hasPrefix("\(resources.path)/\(place): \(severity): ") && $0.hasSuffix("[\(kind)]") },
        "\(place) \(severity) \(kind) in:\n\(first.output)")
    }
    // The split %2$ @ is also not isolated: 11 findings in all.
    #expect(findings.count == expected.count + 1, "\(findings.joined(separator: "\n"))")

    let check = try Self.swift(["package", "--scratch-path", Self.scratch.path, "bidi-strings", "check"], in: package)
    #expect(check.status != 0)
    #expect(check.output.contains("\(resources.path)/ar.lproj/Localizable.strings:2:23: error: "))

    let fix = try Self.swift(
      ["package", "--scratch-path", Self.scratch.path, "--allow-writing-to-package-directory", "bidi-strings", "fix"],
      in: package)
    #expect(fix.status == 0, "\(fix.output)")
    // The files differ only as `fix` promises: isolates around every placeholder, the broken ones
    // restored (the expected files were checked line by line against the originals).
    for name in ["ar.lproj/Localizable.strings", "he.lproj/Localizable.strings", "Catalog.xcstrings"] {
      #expect(
        try Data(contentsOf: resources.appendingPathComponent(name))
          == Data(contentsOf: Self.fixed.appendingPathComponent(name)), "\(name)")
    }
    #expect(
      try Data(contentsOf: resources.appendingPathComponent("en.lproj/Localizable.strings"))
        == Data(
          contentsOf: Self.fixture.appendingPathComponent("Sources/Greeter/Resources/en.lproj/Localizable.strings")))

    let clean = try Self.swift(build, in: package)
    #expect(clean.status == 0, "\(clean.output)")
    #expect(clean.output.contains("bidi-fix strings check Greeter"), "the changed files are checked again")
    #expect(!clean.output.contains(resources.path), "\(clean.output)")

    let again = try Self.swift(build, in: package)
    #expect(again.status == 0)
    #expect(!again.output.contains("bidi-fix strings check"), "nothing changed, nothing checked:\n\(again.output)")
    let cleanCheck = try Self.swift(
      ["package", "--scratch-path", Self.scratch.path, "bidi-strings", "check"], in: package)
    #expect(cleanCheck.status == 0, "\(cleanCheck.output)")
  }
}

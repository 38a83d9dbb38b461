@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// End-to-end: `bidi-fix strings check|fix` on the hand-written translation files, run as a
/// localization pipeline runs it. Expected findings were read off the fixtures by hand; expected
/// fixes are the hand-written files in `Expected/`.
@Suite("bidi-fix strings")
struct StringsCommandTests {
  static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/localization/handwritten")

  /// A copy of the hand-written fixtures to run in and change.
  static func copyOfFixtures() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
    }
    return folder
  }

  static func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

  @Test("check lists each problem at its line and column, in order, and exits 1")
  func checkArabic() throws {
    let path = Self.fixtures.appendingPathComponent("Apple/ar.lproj/Localizable.strings").path
    let run = try BidiFixBinary.run(["strings", "check", path])
    #expect(run.status == 1)
    let found = run.text.split(separator: "\n").map { line -> String in
      // "PATH:LINE:COLUMN: KIND: message" → "LINE:COLUMN KIND PLACEHOLDER-OR-TAG"
      let rest = line.dropFirst(path.count + 1)
      let parts = rest.split(separator: ":", maxSplits: 3)
      let message = parts[3].trimmingCharacters(in: .whitespaces)
      return
        "\(parts[0]):\(parts[1]) \(parts[2].trimmingCharacters(in: .whitespaces)) \(message.split(separator: " ")[0])"
    }
    // Line 5 ("NewMovies": **, no placeholder) and line 8 (already isolated) have nothing.
    #expect(
      found == [
        "2:23 unisolated-placeholder %@",  // "Follow %@" = "متابعة %@"
        "6:18 unisolated-placeholder %@",  // "I am %@"
        "7:32 unisolated-placeholder %1$@", "7:40 unisolated-placeholder %2$lld",
        "9:23 unisolated-placeholder %.2f",
        // "Call %@ at %@" = "اتصل بـ %d على %@": an integer where the code passes an object.
        "10:28 unisolated-placeholder %d", "10:28 placeholder-mismatch %d", "10:35 unisolated-placeholder %@",
        "11:22 placeholder-mismatch ٪@",  // ARABIC PERCENT SIGN: the name is never shown
        "12:21 unisolated-placeholder %d",
        "13:20 markup-mismatch <b>", "13:28 unisolated-placeholder %@",  // <b> never closed
      ])
  }

  @Test("A left-to-right translation passes untouched: Chinese 我是%@ needs no isolates")
  func chineseUntouched() throws {
    let file = Self.fixtures.appendingPathComponent("Apple/zh-Hans.lproj/Localizable.strings")
    let check = try BidiFixBinary.run(["strings", "check", file.path])
    #expect(check.status == 0)
    #expect(check.stdout.isEmpty)
    let fix = try BidiFixBinary.run(["strings", "fix", file.path])
    #expect(fix.status == 0)
    #expect(fix.stdout == (try Self.bytes(file)))
  }

  @Test("check --json writes one object per finding with file, line, column, kind, severity, key and message")
  func checkJSON() throws {
    let path = Self.fixtures.appendingPathComponent("gettext/po/he.po").path
    let run = try BidiFixBinary.run(["strings", "check", "--json", path])
    #expect(run.status == 1)
    let objects = try run.text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 4)
    #expect(objects.allSatisfy { Set($0.keys) == ["file", "line", "column", "kind", "severity", "key", "message"] })
    #expect(objects.allSatisfy { $0["file"] as? String == path })
    let mismatch = try #require(objects.first { $0["kind"] as? String == "placeholder-mismatch" })
    #expect(mismatch["line"] as? Int == 8)
    #expect(mismatch["column"] as? Int == 19)
    #expect((mismatch["message"] as? String)?.contains("%d") == true)
    #expect(mismatch["severity"] as? String == "error")
    #expect(
      objects.filter { $0["kind"] as? String == "unisolated-placeholder" }.allSatisfy {
        $0["severity"] as? String == "warning"
      })
  }

  @Test("Every format is read and checked; a Hebrew file's RLO left open is reported")
  func everyFormat() throws {
    let files = [
      "Apple/he.lproj/Localizable.strings", "Apple/fa.lproj/Localizable.strings",
      "Apple/ar.lproj/Localizable.stringsdict",
      "Apple/Catalog/Localizable.xcstrings", "Android/res/values-ar/strings.xml", "Android/res/values-iw/strings.xml",
      "Android/res/values-fa/strings.xml", "gettext/po/ar.po", "gettext/po/fa.po", "gettext/po/he.po",
    ]
    let run = try BidiFixBinary.run(["strings", "check"] + files.map { Self.fixtures.appendingPathComponent($0).path })
    #expect(run.status == 1)
    for file in files {
      #expect(run.text.contains(Self.fixtures.appendingPathComponent(file).path + ":"), "\(file) has findings")
    }
    #expect(run.text.contains("he.lproj/Localizable.strings:5:22: unbalanced-controls: RLO (U+202E)"))
    // The Android translation sends a string where the source's %2$d sends an integer: a crash.
    #expect(run.text.contains("values-ar/strings.xml:6:43: placeholder-mismatch: %2$s"))
  }

  @Test("A syntax error is reported at its line and column, exit 2, and the other files are still checked")
  func syntaxErrors() throws {
    let broken = ["Broken/ar.lproj/Localizable.strings", "Broken/po/ar.po", "Broken/res/values-ar/strings.xml"]
    let good = "Apple/ar.lproj/Localizable.strings"
    let run = try BidiFixBinary.run(
      ["strings", "check"] + (broken + [good]).map { Self.fixtures.appendingPathComponent($0).path })
    #expect(run.status == 2)
    #expect(run.stderr.contains("Broken/ar.lproj/Localizable.strings:3:1: error: expected ';'"))
    #expect(run.stderr.contains("Broken/po/ar.po:6:8: error: string never closed"))
    #expect(run.stderr.contains("Broken/res/values-ar/strings.xml:3:44: error: </string> closes <b>"))
    #expect(run.text.contains("ar.lproj/Localizable.strings:2:23: unisolated-placeholder"))

    let missing = try BidiFixBinary.run(["strings", "check", "/nonexistent/ar.lproj/Localizable.strings"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("/nonexistent/ar.lproj/Localizable.strings"))
    let fixBroken = try BidiFixBinary.run(["strings", "fix", Self.fixtures.appendingPathComponent(broken[0]).path])
    #expect(fixBroken.status == 2)
    #expect(fixBroken.stdout.isEmpty)

    // A .po file in ISO-8859-8, which msgfmt -c accepts: refused with the way to convert it, untouched.
    let legacy = Self.fixtures.appendingPathComponent("Broken/legacy/he.po")
    let legacyCheck = try BidiFixBinary.run(["strings", "check", legacy.path])
    #expect(legacyCheck.status == 2)
    #expect(legacyCheck.stderr.contains("legacy/he.po:9:9: error: the file declares charset ISO-8859-8"))
    let before = try Data(contentsOf: legacy)
    let legacyFix = try BidiFixBinary.run(["strings", "fix", "--in-place", legacy.path])
    #expect(legacyFix.status == 2)
    #expect(try Data(contentsOf: legacy) == before)
  }

  @Test(
    "fix writes the hand-written expected file for each format",
    arguments: [
      ("Apple/ar.lproj/Localizable.strings", "Expected/ar.lproj/Localizable.strings"),
      ("Apple/he.lproj/Localizable.strings", "Expected/he.lproj/Localizable.strings"),  // CRLF kept
      ("Android/res/values-ar/strings.xml", "Expected/values-ar/strings.xml"),
      ("gettext/po/ar.po", "Expected/ar.po"),
    ])
  func fixToStandardOutput(input: String, expected: String) throws {
    let run = try BidiFixBinary.run(["strings", "fix", Self.fixtures.appendingPathComponent(input).path])
    #expect(run.status == 0)
    #expect(run.stdout == (try Self.bytes(Self.fixtures.appendingPathComponent(expected))))
  }

  @Test(
    "fix --in-place rewrites only right-to-left files that change, keeps permissions, and a second run changes nothing")
  func fixInPlace() throws {
    let folder = try Self.copyOfFixtures()
    let root = folder.url
    let files = [
      "Apple/ar.lproj/Localizable.strings", "Apple/he.lproj/Localizable.strings", "Apple/en.lproj/Localizable.strings",
      "Apple/zh-Hans.lproj/Localizable.strings", "Apple/fa.lproj/Localizable.strings",
      "Apple/ar.lproj/Localizable.stringsdict", "Apple/Catalog/Localizable.xcstrings",
      "Android/res/values/strings.xml", "Android/res/values-ar/strings.xml", "gettext/po/ar.po",
    ].map { root.appendingPathComponent($0) }
    let arabic = files[0]
    unsafe chmod(arabic.path, 0o640)
    let before = try Dictionary(uniqueKeysWithValues: files.map { ($0.path, try Self.bytes($0)) })
    let unchanged = [files[2], files[3], files[7]]  // English, Chinese, Android's source values/
    let modified = try unchanged.map {
      try FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date
    }
    Thread.sleep(forTimeInterval: 0.02)

    let first = try BidiFixBinary.run(["strings", "fix", "--in-place"] + files.map(\.path))
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.isEmpty)
    #expect(first.stderr.contains("ar.lproj/Localizable.strings: isolated 9 placeholders"))
    #expect(
      try Self.bytes(arabic)
        == Self.bytes(Self.fixtures.appendingPathComponent("Expected/ar.lproj/Localizable.strings")))
    #expect(
      try Self.bytes(files[8]) == Self.bytes(Self.fixtures.appendingPathComponent("Expected/values-ar/strings.xml")))
    #expect(try Self.bytes(files[9]) == Self.bytes(Self.fixtures.appendingPathComponent("Expected/ar.po")))
    for (file, date) in zip(unchanged, modified) {
      #expect(try Self.bytes(file) == before[file.path], "\(file.lastPathComponent) untouched")
      #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == date)
    }
    let permissions = try FileManager.default.attributesOfItem(atPath: arabic.path)[.posixPermissions] as? Int
    #expect(permissions == 0o640)
    // The new files were renamed over the old ones: none is left beside them.
    for folder in Set(files.map { $0.deletingLastPathComponent().path }) {
      let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".bidi-fix-") }
      #expect(left.isEmpty, "\(folder): \(left)")
    }
    // Every right-to-left file changed, and the fixed ones check clean of unisolated placeholders.
    for file in [files[0], files[1], files[4], files[5], files[6], files[8], files[9]] {
      #expect(try Self.bytes(file) != before[file.path], "\(file.path) fixed")
    }
    let check = try BidiFixBinary.run(["strings", "check"] + files.map(\.path))
    #expect(!check.text.contains("unisolated-placeholder"))

    let fixed = try Dictionary(uniqueKeysWithValues: files.map { ($0.path, try Self.bytes($0)) })
    let second = try BidiFixBinary.run(["strings", "fix", "--in-place"] + files.map(\.path))
    #expect(second.status == 0)
    #expect(second.stderr.isEmpty)
    for file in files { #expect(try Self.bytes(file) == fixed[file.path]) }
  }

  @Test("A --source that is a pipe is read whole, as the same file would be")
  func sourceFromPipe() throws {
    let folder = try Self.copyOfFixtures()
    let arabic = folder.url.appendingPathComponent("Apple/ar.lproj/Localizable.strings").path
    let english = folder.url.appendingPathComponent("Apple/en.lproj/Localizable.strings")
    // Repeated past a pipe's 64 KB, so that it arrives in many reads.
    var source = try Data(contentsOf: english)
    let copy = source
    while source.count < 300_000 { source.append(copy) }
    let sourceFile = folder.url.appendingPathComponent("large-en.strings")
    try source.write(to: sourceFile)
    let fromFile = try BidiFixBinary.run(["strings", "check", "--source", sourceFile.path, arabic])
    let fromPipe = try BidiFixBinary.run(["strings", "check", "--source", "/dev/stdin", arabic], input: source)
    #expect(fromFile.status == 1)
    #expect(fromPipe.status == fromFile.status)
    #expect(fromPipe.stdout == fromFile.stdout && !fromPipe.stdout.isEmpty)
  }

  @Test(
    "msgfmt -c judges each .po file the same after the fix as before (he.po has a %d for a %s)", .requires(.msgfmt))
  func fixedPOKeepsMsgfmtVerdict() throws {
    let folder = try TemporaryFolder()
    for (name, valid) in [("ar", true), ("fa", true), ("he", false)] {
      let original = Self.fixtures.appendingPathComponent("gettext/po/\(name).po")
      let run = try BidiFixBinary.run(["strings", "fix", original.path])
      #expect(run.stdout != (try Self.bytes(original)), "\(name).po has placeholders to isolate")
      let fixed = try folder.file("\(name).po", contents: run.stdout)
      #expect(try Msgfmt.accepts(original) == valid, "\(name).po before")
      #expect(try Msgfmt.accepts(fixed) == valid, "\(name).po after")
    }
  }

  @Test("--locale names the locale of a file whose path has none; --rtl-locales adds right-to-left locales")
  func locales() throws {
    let folder = try TemporaryFolder()
    let text = Data("\"Follow %@\" = \"متابعة %@\";\n".utf8)
    let plain = try folder.file("Localizable.strings", contents: text)
    let unnamed = try BidiFixBinary.run(["strings", "check", plain.path])
    #expect(unnamed.status == 0)
    #expect(unnamed.stderr.contains("no locale in its path (give --locale)"))
    let named = try BidiFixBinary.run(["strings", "check", "--locale", "ar", plain.path])
    #expect(named.status == 1)
    #expect(named.text.contains("1:23: unisolated-placeholder"))
    let left = try BidiFixBinary.run(["strings", "check", "--locale", "de", plain.path])
    #expect(left.status == 0)

    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("xx.lproj"), withIntermediateDirectories: true)
    let privateFile = try folder.file("xx.lproj/Localizable.strings", contents: text)
    #expect(try BidiFixBinary.run(["strings", "check", privateFile.path]).status == 0)
    let added = try BidiFixBinary.run(["strings", "check", "--rtl-locales", "yy,xx", privateFile.path])
    #expect(added.status == 1)
  }

  @Test("Usage errors exit 64: no file, or two files without --in-place")
  func usage() throws {
    #expect(try BidiFixBinary.run(["strings", "check"]).status == 64)
    let two = try BidiFixBinary.run(
      ["strings", "fix"]
        + ["Apple/ar.lproj/Localizable.strings", "Apple/he.lproj/Localizable.strings"].map {
          Self.fixtures.appendingPathComponent($0).path
        })
    #expect(two.status == 64)
    #expect(two.stderr.contains("without --in-place, give one file"))
    let unknown = try BidiFixBinary.run(["strings", "check", "/tmp/notes.txt"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("not a translation file"))
  }
}

/// `display --digits`: the digits are converted before the bidi algorithm runs. Expected lines are
/// the visual order, written by hand: an Arabic line reads right to left, its numbers left to right.
@Suite("bidi-fix display --digits")
struct DisplayDigitsTests {
  @Test(arguments: [
    ("keep", "كل ٣٠ و لاير 25 رعسلا", "price 25"),
    ("contextual", "كل ٣٠ و لاير ٢٥ رعسلا", "price 25"),
    ("european", "كل 30 و لاير 25 رعسلا", "price 25"),
    ("arabic-indic", "كل ٣٠ و لاير ٢٥ رعسلا", "price ٢٥"),
    ("persian", "كل ۳۰ و لاير ۲۵ رعسلا", "price ۲۵"),
  ])
  func digits(choice: String, arabic: String, latin: String) throws {
    let run = try BidiFixBinary.run(
      ["display", "--digits", choice, "--no-shape", "--no-wrap", "--align", "none"],
      input: "السعر 25 ريال و ٣٠ لك\nprice 25\n")
    #expect(run.status == 0)
    #expect(run.text == "\(arabic)\n\(latin)\n")
  }
}

@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// `--format text|xcode|github|sarif|json` of `strings check` and `check`, the severities, and the
/// configuration file, run as CI runs them. Expected lines were read off the fixtures by hand; the
/// SARIF logs are judged by the schema with Python's jsonschema.
@Suite("Report formats")
struct ReportFormatTests {
  static let arabic = StringsCommandTests.fixtures.appendingPathComponent("Apple/ar.lproj/Localizable.strings")

  /// OASIS's SARIF 2.1.0 schema, from the shared reference folder beside the repository.
  static let sarifSchema = repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/reference/sarif-schema-2.1.0.json")

  static let hasJSONSchema: Bool =
    (try? Program.run("python3", ["-c", "import jsonschema"]).status == 0) ?? false

  /// Whether Python's jsonschema finds `log` valid against the SARIF 2.1.0 schema; its complaint
  /// when not.
  static func validateSARIF(_ log: Data) throws -> String? {
    let folder = try TemporaryFolder()
    let file = try folder.file("log.sarif", contents: log)
    let run = try Program.run(
      "python3",
      [
        "-c",
        "import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
        file.path, sarifSchema.path,
      ])
    return run.status == 0 ? nil : run.stderr
  }

  /// A GitHub workflow command read back as the runner reads it: its severity, properties and
  /// message, with `%25`, `%0D`, `%0A`, `%3A` and `%2C` undone.
  static func annotation(_ line: Substring) -> (severity: String, properties: [String: String], message: String)? {
    guard line.hasPrefix("::"), let space = line.firstIndex(of: " ") else { return nil }
    let severity = String(line[line.index(line.startIndex, offsetBy: 2)..<space])
    guard let end = line.range(of: "::", range: space..<line.endIndex) else { return nil }
    func unescape(_ text: Substring) -> String {
      var result = String(text)
      for (escaped, plain) in [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")] {
        result = result.replacingOccurrences(of: escaped, with: plain)
      }
      return result
    }
    var properties: [String: String] = [:]
    for property in line[line.index(after: space)..<end.lowerBound].split(separator: ",") {
      let parts = property.split(separator: "=", maxSplits: 1)
      properties[String(parts[0])] = unescape(parts[1])
    }
    return (severity, properties, unescape(line[end.upperBound...]))
  }

  /// A folder with a name every format has to escape, holding an Arabic translation and its source.
  static func hostileFolder(in folder: TemporaryFolder) throws -> (name: String, file: URL) {
    let name = "50% off, ar:ab\nic عربي"
    let base = folder.url.appendingPathComponent(name)
    for (locale, value) in [("en", "Save %@ on %d"), ("ar", "وفر @% على %d")] {
      let lproj = base.appendingPathComponent("\(locale).lproj")
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      try Data("\"Save %@ on %d\" = \"\(value)\";\n".utf8).write(
        to: lproj.appendingPathComponent("Localizable.strings"))
    }
    return (name, base.appendingPathComponent("ar.lproj/Localizable.strings"))
  }

  @Test("xcode: FILE:LINE:COLUMN: warning|error: MESSAGE [KIND], placeholder mismatches as errors")
  func xcode() throws {
    let run = try BidiFixBinary.run(["strings", "check", "--format", "xcode", Self.arabic.path])
    #expect(run.status == 1)
    let lines = run.text.split(separator: "\n").map(String.init)
    #expect(lines.count == 12)
    #expect(
      lines.first
        == "\(Self.arabic.path):2:23: warning: %@ is not isolated: a Latin name or -5 in it displays torn apart (fix: FSI … PDI around it) [unisolated-placeholder]"
    )
    #expect(
      lines.contains {
        $0.hasPrefix("\(Self.arabic.path):10:28: error: %d takes argument 1") && $0.hasSuffix(" [placeholder-mismatch]")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("\(Self.arabic.path):13:20: warning: <b> is not balanced") && $0.hasSuffix(" [markup-mismatch]")
      })

    let raised = try BidiFixBinary.run([
      "strings", "check", "--format", "xcode", "--warnings-as-errors", Self.arabic.path,
    ])
    #expect(raised.text.split(separator: "\n").allSatisfy { $0.contains(": error: ") })
    // Warnings alone, with --fail-on error: reported, exit 0.
    let onlyErrors = try BidiFixBinary.run(
      [
        "strings", "check", "--format", "xcode", "--fail-on", "error",
        StringsCommandTests.fixtures.appendingPathComponent("Apple/fa.lproj/Localizable.strings").path,
      ])
    #expect(onlyErrors.status == 0)
    #expect(onlyErrors.text.contains(": warning: "))
    #expect(!onlyErrors.text.contains(": error: "))
  }

  @Test("check --format: xcode, json with the JSON Lines field, and github")
  func checkFormats() throws {
    let input = "ok\nif (isAdmin\u{202E} x) {\n"
    let xcode = try BidiFixBinary.run(["check", "--format", "xcode"], input: input)
    #expect(xcode.status == 1)
    #expect(
      xcode.text
        == "<stdin>:2:12: warning: RLO (U+202E) forces the direction of the text it covers [override]\n"
        + "<stdin>:2:12: warning: RLO (U+202E) is never closed: it reaches the end of the line [unclosed-initiator]\n")
    let json = try BidiFixBinary.run(
      ["check", "--jsonl", "--field", "text", "--json"], input: #"{"text":"see https://exa\u202Emple.com"}"# + "\n")
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.text.split(separator: "\n")[0].utf8)) as? [String: Any])
    #expect(object["field"] as? String == "text")
    #expect(object["kind"] as? String == "override")
    #expect(object["severity"] as? String == "warning")
    let github = try BidiFixBinary.run(["check", "--format", "github", "--warnings-as-errors"], input: input)
    #expect(github.text.hasPrefix("::error file=<stdin>,line=2,col=12,title=override::RLO (U+202E) forces"))
    #expect(try BidiFixBinary.run(["check", "--format", "github"], input: "plain\n").stdout.isEmpty)
  }

  @Test("github: messages with %, and file names with %, commas, colons, a line break and Arabic, read back intact")
  func githubHostile() throws {
    let folder = try TemporaryFolder()
    let (name, file) = try Self.hostileFolder(in: folder)
    for (arguments, directory, path) in [
      ([file.path], nil as URL?, file.path),
      (["\(name)/ar.lproj/Localizable.strings"], folder.url, "\(name)/ar.lproj/Localizable.strings"),
      ([file.path], folder.url, "\(name)/ar.lproj/Localizable.strings"),  // made relative to the working directory
    ] {
      let run = try BidiFixBinary.run(["strings", "check", "--format", "github"] + arguments, directory: directory)
      #expect(run.status == 1)
      let lines = run.text.split(separator: "\n")
      // The reversed %@ and the unisolated %d: restored, the %@ leaves nothing else wrong.
      #expect(lines.count == 2, "one line per annotation:\n\(run.text)")
      let annotations = lines.compactMap(Self.annotation)
      #expect(annotations.count == 2)
      #expect(annotations.allSatisfy { $0.properties["file"] == path })
      let reversed = try #require(annotations.first { $0.properties["title"] == "reversed-placeholder" })
      #expect(reversed.severity == "error")
      #expect(reversed.properties["line"] == "1" && reversed.properties["col"] == "24")
      #expect(reversed.message.hasPrefix("@% is the source's %@ turned around"))
      #expect(annotations.contains { $0.severity == "warning" && $0.message.hasPrefix("%d is not isolated") })
    }
  }

  @Test(
    "sarif: one log valid against the SARIF 2.1.0 schema, a rule per kind, URIs relative to the working directory",
    .enabled(if: hasJSONSchema, "needs Python's jsonschema: pip install jsonschema"),
    .enabled(
      if: FileManager.default.fileExists(atPath: sarifSchema.path),
      "needs the SARIF 2.1.0 schema at ../shared/reference/sarif-schema-2.1.0.json beside the repository"))
  func sarif() throws {
    let folder = try TemporaryFolder()
    let (name, _) = try Self.hostileFolder(in: folder)
    let outside = try TemporaryFolder()
    try FileManager.default.createDirectory(
      at: outside.url.appendingPathComponent("ar.lproj"), withIntermediateDirectories: true)
    let far = outside.url.appendingPathComponent("ar.lproj/Localizable.strings")
    try Data("\"Follow %@\" = \"متابعة %@\";\n".utf8).write(to: far)
    let run = try BidiFixBinary.run(
      ["strings", "check", "--format", "sarif", "\(name)/ar.lproj/Localizable.strings", far.path], directory: folder.url
    )
    #expect(run.status == 1)
    #expect(try Self.validateSARIF(run.stdout) == nil)
    let log = try #require(JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    #expect(runs[0]["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(
      rules.compactMap { $0["id"] as? String }
        == [
          "unisolated-placeholder", "placeholder-mismatch", "reversed-placeholder", "unbalanced-controls",
          "markup-mismatch",
        ])
    #expect(rules.allSatisfy { (($0["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
    let levels = rules.map { (($0["defaultConfiguration"] as? [String: Any])?["level"] as? String) ?? "" }
    #expect(levels == ["warning", "error", "error", "warning", "warning"])
    let base = (runs[0]["originalUriBaseIds"] as? [String: Any])?["SRCROOT"] as? [String: Any]
    #expect(URL(string: try #require(base?["uri"] as? String))?.path == folder.url.path)

    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.count == 3)
    func location(_ result: [String: Any]) -> (uri: String, base: String?, line: Int, column: Int)? {
      guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
        let artifact = physical["artifactLocation"] as? [String: Any], let region = physical["region"] as? [String: Any]
      else { return nil }
      return (
        artifact["uri"] as? String ?? "", artifact["uriBaseId"] as? String, region["startLine"] as? Int ?? 0,
        region["startColumn"] as? Int ?? 0
      )
    }
    let reversed = try #require(results.first { $0["ruleId"] as? String == "reversed-placeholder" })
    #expect(reversed["level"] as? String == "error")
    let place = try #require(location(reversed))
    #expect(place.uri.removingPercentEncoding == "\(name)/ar.lproj/Localizable.strings")
    #expect(!place.uri.contains(":") && !place.uri.contains(" ") && !place.uri.contains("\n"))
    #expect(place.base == "SRCROOT")
    #expect((place.line, place.column) == (1, 24))
    // Outside the working directory: an absolute file: URI.
    let farResult = try #require(results.compactMap(location).first { $0.uri.hasPrefix("file://") })
    #expect(URL(string: farResult.uri)?.path == far.path)
    #expect(farResult.base == nil)
    #expect(results.allSatisfy { result in rules.contains { $0["id"] as? String == result["ruleId"] as? String } })

    // check's log, with a line past the number of findings shown.
    let many = String(repeating: "\u{202C}", count: 1_005)
    let check = try BidiFixBinary.run(["check", "--format", "sarif"], input: "x\u{202E}y\n\(many)\n")
    #expect(check.status == 1)
    #expect(try Self.validateSARIF(check.stdout) == nil)
    let checkLog = try #require(JSONSerialization.jsonObject(with: check.stdout) as? [String: Any])
    let checkRun = try #require((checkLog["runs"] as? [[String: Any]])?.first)
    // x RLO y: an override, never closed, inside an identifier; then 1,000 of the 1,005 PDFs.
    #expect((checkRun["results"] as? [Any])?.count == 1_003)
    let invocation = try #require((checkRun["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["executionSuccessful"] as? Bool == true)
    let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
    #expect(
      (notes.first?["message"] as? [String: Any])?["text"] as? String == "and 5 more findings on this line, not shown")
    // The notes in input order, with two jobs, and a file named twice noted for each reading.
    let noted = try TemporaryFolder()
    try Data("\(many)\nplain\n\(many)\n".utf8).write(to: noted.url.appendingPathComponent("f.txt"))
    try Data("plain\n\(many)\n".utf8).write(to: noted.url.appendingPathComponent("g.txt"))
    let twice = try BidiFixBinary.run(
      ["check", "--format", "sarif", "--jobs", "2", "f.txt", "g.txt", "f.txt"], directory: noted.url)
    #expect(try Self.validateSARIF(twice.stdout) == nil)
    let twiceLog = try #require(JSONSerialization.jsonObject(with: twice.stdout) as? [String: Any])
    let twiceRun = try #require((twiceLog["runs"] as? [[String: Any]])?.first)
    let twiceNotes = try #require(
      (twiceRun["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
    let noteLocations = twiceNotes.map { note in
      let physical = (note["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
      let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
      return "\(uri):\((physical?["region"] as? [String: Any])?["startLine"] as? Int ?? 0)"
    }
    #expect(noteLocations == ["f.txt:1", "f.txt:3", "g.txt:2", "f.txt:1", "f.txt:3"])
    #expect((twiceRun["results"] as? [Any])?.count == 5_000)
    // Nothing found: a valid log with no results.
    let clean = try BidiFixBinary.run(["check", "--format", "sarif"], input: "plain\n")
    #expect(clean.status == 0)
    #expect(try Self.validateSARIF(clean.stdout) == nil)
    // Every file named excluded by the configuration: still one valid log, with no results.
    let excluding = try TemporaryFolder()
    try Data(#"{"exclude": ["*.txt"]}"#.utf8).write(to: excluding.url.appendingPathComponent(".bidi-fix.json"))
    try Data("x\u{202E}y\n".utf8).write(to: excluding.url.appendingPathComponent("a.txt"))
    let excluded = try BidiFixBinary.run(["check", "--format", "sarif", "a.txt"], directory: excluding.url)
    #expect(excluded.status == 0)
    #expect(try Self.validateSARIF(excluded.stdout) == nil)
    let excludedLog = try #require(JSONSerialization.jsonObject(with: excluded.stdout) as? [String: Any])
    #expect(((excludedLog["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
  }

  @Test("--json is --format json; they cannot disagree")
  func jsonAlias() throws {
    let alias = try BidiFixBinary.run(["strings", "check", "--json", Self.arabic.path])
    let format = try BidiFixBinary.run(["strings", "check", "--format", "json", Self.arabic.path])
    #expect(alias.stdout == format.stdout && !alias.stdout.isEmpty)
    #expect(try BidiFixBinary.run(["strings", "check", "--json", "--format", "xcode", Self.arabic.path]).status == 64)
  }

  @Test(
    "The configuration file lowers, raises and turns off kinds, and leaves out paths; a bad one exits 64 with its place"
  )
  func configuration() throws {
    let folder = try StringsCommandTests.copyOfFixtures()
    try Data(
      #"""
      {
        "severity": { "unisolated-placeholder": "off", "markup-mismatch": "error", "placeholder-mismatch": "warning" },
        "exclude": ["Apple/he.lproj", "**/values-*/*.xml"]
      }
      """#.utf8
    ).write(to: folder.url.appendingPathComponent(".bidi-fix.json"))
    let files = [
      "Apple/ar.lproj/Localizable.strings", "Apple/he.lproj/Localizable.strings", "Android/res/values-ar/strings.xml",
    ]
    // Found in the working directory.
    let run = try BidiFixBinary.run(["strings", "check", "--format", "xcode"] + files, directory: folder.url)
    #expect(run.status == 1)
    let lines = run.text.split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("Apple/ar.lproj/Localizable.strings:") }, "\(run.text)")
    #expect(!run.text.contains("[unisolated-placeholder]"))
    #expect(lines.contains { $0.contains(": error: ") && $0.hasSuffix("[markup-mismatch]") })
    #expect(lines.contains { $0.contains(": warning: ") && $0.hasSuffix("[placeholder-mismatch]") })
    // Named from elsewhere: its patterns are relative to its own folder.
    let named = try BidiFixBinary.run(
      ["strings", "check", "--config", folder.url.appendingPathComponent(".bidi-fix.json").path]
        + files.map { folder.url.appendingPathComponent($0).path })
    #expect(named.text.split(separator: "\n").count == lines.count)
    // `strings fix` leaves the excluded files alone.
    let he = folder.url.appendingPathComponent(files[1])
    let before = try Data(contentsOf: he)
    #expect(try BidiFixBinary.run(["strings", "fix", "--in-place", files[1]], directory: folder.url).status == 0)
    #expect(try Data(contentsOf: he) == before)

    for (text, place) in [
      (#"{"severity": {"unisolated": "off"}}"#, "1:16: error: no kind \"unisolated\""),
      (
        #"{"severity": {"override": "loud"}}"#, #"1:28: error: the severity of override is "error", "warning" or "off""#
      ),
      ("{\n  \"exclude\": \"Legacy\"\n}", "2:15: error: \"exclude\" is an array of path patterns"),
      (#"{"excludes": []}"#, "1:3: error: unknown setting \"excludes\""),
      ("{\"severity\": ", "1:14: error: unexpected end of the file"),
    ] {
      let bad = try folder.file("bad.json", contents: Data(text.utf8))
      let refused = try BidiFixBinary.run(["check", "--config", bad.path], input: "x\n")
      #expect(refused.status == 64)
      #expect(refused.stderr.contains("\(bad.path):\(place)"), "\(refused.stderr)")
    }
  }

  @Test("A String Catalog's findings are at the value's own line and column, past escapes, in a catalog on one line")
  func catalogPositions() throws {
    let folder = try TemporaryFolder()
    let catalog = try folder.file(
      "Localizable.xcstrings",
      contents: Data(
        #"{"sourceLanguage":"en","strings":{"Hi\n%@":{"localizations":{"ar":{"stringUnit":{"state":"translated","value":"\u0645\u0631\u062d\u0628\u0627\n%@ \"x\""}}}}}}"#
          .utf8))
    let run = try BidiFixBinary.run(["strings", "check", "--format", "xcode", catalog.path])
    // The value's text starts at column 112; `%@` comes after five \uXXXX escapes (30 columns) and
    // \n (2): column 144.
    #expect(run.text.hasPrefix("\(catalog.path):1:144: warning: %@ is not isolated"), "\(run.text)")
  }
}

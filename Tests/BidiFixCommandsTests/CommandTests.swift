@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// End-to-end: every command and option of `bidi-fix`, run as a user runs it.
@Suite("bidi-fix commands")
struct CommandTests {
  static let seed = "مرحبا @我, 今天天气好吗"
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // The controls' own abbreviations.
  static let LRI = "\u{2066}", RLI = "\u{2067}", FSI = "\u{2068}", PDI = "\u{2069}"

  @Test("isolate is the default command and wraps each entity")
  func isolateByDefault() throws {
    let run = try BidiFixBinary.run([], input: "اتصل بي على +1-555-0100 أو @علي\n")
    #expect(run.status == 0)
    #expect(run.text == "اتصل بي على \(Self.LRI)+1-555-0100\(Self.PDI) أو \(Self.RLI)@علي\(Self.PDI)\n")
    let explicit = try BidiFixBinary.run(["isolate"], input: "اتصل بي على +1-555-0100 أو @علي\n")
    #expect(explicit.stdout == run.stdout)
  }

  @Test(
    "isolate --strategy embed and mark",
    arguments: [
      // The comma and the Chinese that follow are left to right anyway: no mark is needed after them.
      ("embed", "مرحبا \u{202A}@我\u{202C}, 今天天气好吗\n"),
      // An LRM before the sigil; a closing RLM would pull the comma back into the Arabic and break the
      // display the seed article asks for (checked in the isolator's tests with the engine).
      ("mark", "مرحبا \u{200E}@我, 今天天气好吗\n"),
    ])
  func strategies(strategy: String, expected: String) throws {
    let run = try BidiFixBinary.run(["isolate", "--strategy", strategy], input: Self.seed + "\n")
    #expect(run.status == 0)
    #expect(run.text == expected)
  }

  @Test("isolate --kinds chooses what is wrapped")
  func kinds() throws {
    let run = try BidiFixBinary.run(["isolate", "--kinds", "url"], input: "@bob see http://x.com/a and 50%\n")
    #expect(run.text == "@bob see \(Self.LRI)http://x.com/a\(Self.PDI) and 50%\n")
    // A retweet marker is found before a mention, and only when both kinds are asked for.
    let repost = "RT @bob: שלום\n"
    let marked = try BidiFixBinary.run(["isolate", "--kinds", "retweet,mention"], input: repost)
    #expect(marked.text == "\(Self.LRI)RT\(Self.PDI) \(Self.LRI)@bob\(Self.PDI): שלום\n")
    let mentionsOnly = try BidiFixBinary.run(["isolate", "--kinds", "mention"], input: repost)
    #expect(mentionsOnly.text == "RT \(Self.LRI)@bob\(Self.PDI): שלום\n")
    let listed = try BidiFixBinary.run(["scan", "--json"], input: repost)
    #expect(
      listed.text
        == #"{"entities":[{"kind":"retweet","start":0,"end":2,"text":"RT"},{"kind":"mention","start":3,"end":7,"text":"@bob"}]}"#
        + "\n")
    let bad = try BidiFixBinary.run(["isolate", "--kinds", "phone"], input: "x\n")
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("unknown entity kind 'phone'"))
  }

  @Test("isolate --sanitize close, strip and keep")
  func sanitize() throws {
    let message = "name: \u{202E}evil\n"
    // An override left open is closed and isolated, so it cannot pull the text after the message.
    #expect(try BidiFixBinary.run(["isolate"], input: message).text == "name: \u{2067}\u{202E}evil\u{202C}\u{2069}\n")
    #expect(try BidiFixBinary.run(["isolate", "--sanitize", "strip"], input: message).text == "name: evil\n")
    #expect(try BidiFixBinary.run(["isolate", "--sanitize", "keep"], input: message).text == message)
  }

  @Test("isolate --members makes a mention the longest member name")
  func members() throws {
    let folder = try TemporaryFolder()
    let members = try folder.file("members.txt", contents: Data("@张三\n李四\n".utf8))
    let run = try BidiFixBinary.run(["isolate", "--members", members.path], input: "@张三今天好\n")
    #expect(run.text == "\(Self.LRI)@张三\(Self.PDI)今天好\n")
    let without = try BidiFixBinary.run(["isolate"], input: "@张三今天好\n")
    #expect(without.text == "\(Self.LRI)@张三今天好\(Self.PDI)\n")
    let missing = try BidiFixBinary.run(["isolate", "--members", folder.url.path + "/none"], input: "x\n")
    #expect(missing.status == 64)
  }

  @Test("isolate --explicit-direction marks a message that starts with a Latin mention")
  func explicitDirection() throws {
    let run = try BidiFixBinary.run(["isolate", "--explicit-direction", "mark"], input: "@alice مرحبا كيف حالك\n")
    #expect(run.text == "\u{200F}\(Self.LRI)@alice\(Self.PDI) مرحبا كيف حالك\n")
    // The W3C's book title: first strong says LTR ("HTML"), six of eight words are Arabic.
    let title = "HTML و CSS: تصميم و إنشاء مواقع الويب\n"
    let firstStrong = try BidiFixBinary.run(["isolate", "--explicit-direction", "mark"], input: title)
    #expect(firstStrong.text == "\u{200E}" + title)
    let majority = try BidiFixBinary.run(
      ["isolate", "--explicit-direction", "mark", "--direction-heuristic", "wordMajority"], input: title)
    #expect(majority.text == "\u{200F}" + title)
  }

  @Test("strip undoes isolate exactly; strip --all removes every control")
  func strip() throws {
    let sample = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Examples/sample-chat.txt"), encoding: .utf8)
    let isolated = try BidiFixBinary.run(["isolate"], input: sample)
    #expect(isolated.text != sample)
    let stripped = try BidiFixBinary.run(["strip"], input: isolated.text)
    #expect(stripped.text == sample)
    let all = try BidiFixBinary.run(["strip", "--all"], input: "a\u{2067}b\u{200F}c\u{202C}\n")
    #expect(all.text == "abc\n")
    // A user's own control that is not where the isolator puts one stays.
    #expect(try BidiFixBinary.run(["strip"], input: "a\u{2067}b\n").text == "a\u{2067}b\n")
  }

  @Test("scan --json writes exactly one object per line, in scalar offsets")
  func scanJSON() throws {
    let run = try BidiFixBinary.run(["scan", "--json"], input: Self.seed + "\nno entities\n")
    #expect(run.status == 0)
    #expect(
      run.text == #"{"entities":[{"kind":"mention","start":6,"end":8,"text":"@我"}]}"# + "\n" + #"{"entities":[]}"#
        + "\n")
    let kinds = try BidiFixBinary.run(
      ["scan", "--json"], input: "#خبر mail a@b.com at https://例子.cn/路径 for $9.99\n")
    #expect(
      kinds.text
        == ##"{"entities":[{"kind":"hashtag","start":0,"end":4,"text":"#خبر"},{"kind":"email","start":10,"end":17,"text":"a@b.com"},{"kind":"url","start":21,"end":35,"text":"https://例子.cn/"},{"kind":"number","start":42,"end":47,"text":"$9.99"}]}"##
        + "\n")
  }

  @Test("scan reports a well-formed line from its bytes as the text path reports an ill-formed one")
  func scanPathsAgree() throws {
    // The well-formed line is reported straight from its bytes; the same line with an ill-formed
    // byte after its entities goes through the decoded text (U+FFFD for the byte). Both must list
    // the same entities at the same offsets, the JSON Lines field too.
    let line = "مرحبا @我, +1-555-0100 😀 a@b.com https://例子.cn/路径 #话题"
    let clean = try BidiFixBinary.run(["scan", "--json"], input: line + "\n")
    var broken = Data((line + " ").utf8)
    broken.append(contentsOf: [0xFF, 0x0A])
    let decoded = try BidiFixBinary.run(["scan", "--json"], input: broken)
    #expect(clean.status == 0 && decoded.status == 0)
    #expect(clean.text.contains(#""kind":"url""#) && clean.text.contains(#""kind":"hashtag""#))
    #expect(clean.text == decoded.text)
    let record = try BidiFixBinary.run(
      ["scan", "--json", "--jsonl", "--field", "text"], input: #"{"text":"\#(line)"}"# + "\n")
    #expect(record.text == clean.text.replacingOccurrences(of: #""start""#, with: #""field":"text","start""#))
    let plain = try BidiFixBinary.run(["scan"], input: line + "\n")
    let plainDecoded = try BidiFixBinary.run(["scan"], input: broken)
    #expect(plain.text == plainDecoded.text && plain.text.hasPrefix("<stdin>:1:7: mention @我\n"))
  }

  @Test("scan without --json names FILE:LINE:COLUMN")
  func scanText() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("chat.txt", contents: Data("hi\n\(Self.seed)\n".utf8))
    let run = try BidiFixBinary.run(["scan", file.path])
    #expect(run.text == "\(file.path):2:7: mention @我\n")
  }

  @Test("inspect --json follows the documented shape")
  func inspectJSON() throws {
    // Hebrew, a ZWJ (removed by X9) and a digit: the README's example of `inspect --json`.
    let run = try BidiFixBinary.run(["inspect", "--json"], input: "אב\u{200D}1\n")
    #expect(
      run.text == #"{"paragraphs":[{"direction":"rtl","baseLevel":1,"levels":[1,1,null,2],"visualOrder":[3,1,0]}]}"#
        + "\n")
    // An RLE raises the digit to level 3, where a European number resolves to 4.
    let embedded = try BidiFixBinary.run(["inspect", "--json"], input: "אב\u{202B}1\n")
    #expect(
      embedded.text
        == #"{"paragraphs":[{"direction":"rtl","baseLevel":1,"levels":[1,1,null,4],"visualOrder":[3,1,0]}]}"# + "\n")
    let ltr = try BidiFixBinary.run(["inspect", "--json", "--dir", "ltr"], input: "אב c\n")
    #expect(
      ltr.text == #"{"paragraphs":[{"direction":"ltr","baseLevel":0,"levels":[1,1,0,0],"visualOrder":[1,0,2,3]}]}"#
        + "\n")
    let escaped = try BidiFixBinary.run(
      ["inspect", "--json", "--escapes"], input: #"\u05D0\u{5D1}\u2066x\u2069"# + "\n")
    #expect(
      escaped.text
        == #"{"paragraphs":[{"direction":"rtl","baseLevel":1,"levels":[1,1,1,2,1],"visualOrder":[4,3,2,1,0]}]}"# + "\n")
  }

  @Test("inspect shows a table for people, and takes text as its argument")
  func inspectTable() throws {
    let run = try BidiFixBinary.run(["inspect", "א1"])
    #expect(run.status == 0)
    #expect(run.text.contains("paragraph 1: rtl, base level 1"))
    #expect(run.text.contains("U+05D0"))
    #expect(run.text.contains("EN"))
    #expect(!run.text.contains("\u{1B}["))  // not a terminal: no colour
  }

  @Test("check reports FILE:LINE:COLUMN and exits 1; clean input exits 0")
  func check() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "code.txt", contents: Data("ok line\nif (isAdmin\u{202E} \u{2066}// check\u{2069}\u{2066}) {\nabc\u{2069}\n".utf8)
    )
    let run = try BidiFixBinary.run(["check", file.path])
    #expect(run.status == 1)
    let lines = run.text.split(separator: "\n").map(String.init)
    #expect(lines.contains("\(file.path):2:12: RLO (U+202E) forces the direction of the text it covers"))
    #expect(lines.contains("\(file.path):2:12: RLO (U+202E) is never closed: it reaches the end of the line"))
    #expect(lines.contains("\(file.path):3:4: PDI (U+2069) closes nothing"))
    let hidden = try BidiFixBinary.run(["check"], input: "see https://exa\u{202E}mple.com/x and user\u{2067}name\n")
    #expect(hidden.status == 1)
    #expect(
      hidden.text.contains(
        "<stdin>:1:16: RLO (U+202E) inside the URL https://example.com/x (Trojan Source, CVE-2021-42574)"))
    #expect(hidden.text.contains("<stdin>:1:36: RLI (U+2067) inside an identifier (Trojan Source, CVE-2021-42574)"))
    let clean = try BidiFixBinary.run(["check"], input: "שלום \u{2066}@bob\u{2069}\n")
    #expect(clean.status == 0)
    #expect(clean.text.isEmpty)
  }

  @Test("--jsonl rewrites only the chosen string fields and keeps every other byte")
  func jsonLines() throws {
    let input =
      #"{"id":1, "text":"اتصل +1-555", "author":{"name":"@علي","bio":"@x"},"n":2}"# + "\n"
      + "\n" + #"{"id":2,"text":"plain"}"# + "\r\n"
    let run = try BidiFixBinary.run(["isolate", "--jsonl", "--field", "text", "--field", "author.name"], input: input)
    #expect(run.status == 0)
    #expect(
      run.text
        == #"{"id":1, "text":"اتصل \#(Self.LRI)+1-555\#(Self.PDI)", "author":{"name":"\#(Self.RLI)@علي\#(Self.PDI)","bio":"@x"},"n":2}"#
        + "\n\n" + #"{"id":2,"text":"plain"}"# + "\r\n")
  }

  @Test("--jsonl: a broken record or a non-string field is reported with FILE:LINE and left as it is")
  func jsonLinesErrors() throws {
    let input = #"{"text":"ok @bob"}"# + "\n" + #"{"text": "unterminated}"# + "\n" + #"{"text": 42}"# + "\n"
    let run = try BidiFixBinary.run(["isolate", "--jsonl", "--field", "text"], input: input)
    #expect(run.status == 2)
    #expect(
      run.text == #"{"text":"ok \#(Self.LRI)@bob\#(Self.PDI)"}"# + "\n" + #"{"text": "unterminated}"# + "\n"
        + #"{"text": 42}"# + "\n")
    #expect(run.stderr.contains("<stdin>:2: error: not a JSON record (unterminated string"))
    #expect(run.stderr.contains("<stdin>:3: warning: field 'text' is not a string; left unchanged"))
    let usage = try BidiFixBinary.run(["isolate", "--jsonl"], input: "{}\n")
    #expect(usage.status == 64)
  }

  @Test(
    "A stream's lines come out as they come in, not when a batch fills or the input ends",
    arguments: ["isolate", "display --terminal none", "scan --json", "check"], [1, 2])
  func streamsLinesAsTheyCome(command: String, jobs: Int) throws {
    // The producer writes one line (with an RLO, so that `check` reports it), then waits up to 20 s
    // for the reader of bidi-fix's output to have its first line before it writes the next and
    // ends: it says "streamed" when that came first, "held back" when it never did.
    let script = """
      flag=$(mktemp -u)
      ( printf 'hello @bob \\342\\200\\256x\\n'; i=0
        while [ ! -e "$flag" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
        if [ -e "$flag" ]; then echo streamed >&2; else echo "held back" >&2; fi
        printf 'world\\n'
      ) | "$0" "$@" | { IFS= read -r first; touch "$flag"; cat > /dev/null; }
      rm -f "$flag"
      """
    let arguments = command.split(separator: " ").map(String.init) + ["--jobs", "\(jobs)"]
    let run = try BidiFixBinary.run(["-c", script, BidiFixBinary.url.path] + arguments, launcher: "/bin/sh")
    #expect(run.stderr == "streamed\n", "\(command) --jobs \(jobs)")
  }

  @Test("--jobs gives output byte-identical to --jobs 1")
  func jobsAreDeterministic() throws {
    let sample = try Data(contentsOf: repositoryRoot.appendingPathComponent("Examples/sample-chat.txt"))
    // Some 20,000 lines, several batches of the driver's, each sample followed by a line of
    // controls for `check`, and a line with more findings than it shows.
    var big = Data()
    for round in 0..<1_600 {
      big.append(sample)
      big.append(Data("user\u{202E}name \u{2066}\(round)\n".utf8))
      if round % 400 == 0 { big.append(Data(String(repeating: "\u{202E}", count: 1_200).utf8 + [0x0A])) }
    }
    for command in [["isolate"], ["display", "--width", "30"], ["scan", "--json"], ["check", "--format", "sarif"]] {
      let one = try BidiFixBinary.run(command + ["--jobs", "1"], input: big)
      let four = try BidiFixBinary.run(command + ["--jobs", "4"], input: big)
      let status: Int32 = command[0] == "check" ? 1 : 0
      #expect(one.status == status && four.status == status, "\(command)")
      #expect(one.stdout == four.stdout, "\(command)")
      #expect(!one.stdout.isEmpty, "\(command)")
    }
  }

  /// The newest version CHANGELOG.md records as released (`## [0.1.0] - 2026-11-26`), which
  /// `--version` must print.
  static func releasedVersion() throws -> String {
    let changelog = try fixtureText(repositoryRoot.appendingPathComponent("CHANGELOG.md"))
    let heading = try #require(
      changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") })
    return String(heading.dropFirst("## [".count).prefix { $0 != "]" })
  }

  @Test("--help, --version (the newest release in CHANGELOG.md) and shell completion come from the parser")
  func parserFeatures() throws {
    let help = try BidiFixBinary.run(["--help"])
    #expect(help.status == 0)
    for command in ["isolate", "scan", "inspect", "check", "strip", "display"] {
      #expect(help.text.contains(command))
    }
    #expect(try BidiFixBinary.run(["--version"]).text == Self.releasedVersion() + "\n")
    let completion = try BidiFixBinary.run(["--generate-completion-script", "bash"])
    #expect(completion.status == 0)
    #expect(completion.text.contains("bidi-fix"))
    #expect(completion.text.contains("-W 'isolate'$'\\n''embed'$'\\n''mark'"), "--strategy completes its words")
  }

  @Test(
    "an option that takes one of a few words names them all when given another",
    arguments: [
      (["isolate", "--strategy", "bogus"], "'isolate', 'embed' or 'mark'"),
      (["check", "--format", "bogus"], "'text', 'xcode', 'github', 'sarif' or 'json'"),
      (["display", "--terminal", "bogus"], "'auto', 'explicit' or 'none'"),
      (["display", "--align", "bogus"], "'auto', 'left', 'right' or 'none'"),
    ])
  func optionWords(arguments: [String], words: String) throws {
    let run = try BidiFixBinary.run(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.contains("Please provide one of \(words)."), "\(run.stderr)")
  }
}

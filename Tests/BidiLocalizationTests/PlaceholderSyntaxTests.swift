import BidiLocalization
import BidiTestSupport
import Foundation
import Testing

/// The placeholder parsers against the formatters whose syntax they read: Foundation's
/// `String(format:)` for Apple's, `java.util.Formatter` (run by the JDK) for Java's, and `msgfmt -c`
/// for gettext's c-format.
@Suite("Placeholder syntaxes")
struct PlaceholderSyntaxTests {
  /// Templates of one placeholder each, with an argument of the kind it takes.
  static let appleCases: [(String, any CVarArg & Sendable)] = [
    ("%@", "word"), ("%d", 42), ("%i", -7), ("%u", 7 as UInt32), ("%ld", 42 as Int), ("%lld", Int64.max),
    ("%llu", UInt64.max), ("%hd", 5 as Int16), ("%hhd", 5 as Int8), ("%qd", 9 as Int64), ("%zd", 3 as Int),
    ("%x", 255), ("%X", 255), ("%lx", 4096 as Int), ("%o", 8), ("%f", 3.5), ("%.2f", 3.14159), ("%10.3f", 2.5),
    ("%-8d", 12), ("%+d", 12), ("%05d", 42), ("% d", 42), ("%#x", 255), ("%e", 12345.678), ("%E", 0.5),
    ("%g", 0.0001), ("%G", 1e20), ("%a", 1.0), ("%c", 65), ("%1$@", "first"), ("%2$d", 2), ("%lf", 1.25),
  ]

  @Test(
    "Each Apple placeholder is where String(format:) finds it, and takes what it formats", arguments: appleCases.indices
  )
  func applePlaceholders(index: Int) throws {
    let (placeholder, argument) = Self.appleCases[index]
    // Positional placeholders need their arguments before them.
    let arguments: [any CVarArg] = placeholder == "%2$d" ? [0, argument] : [argument]
    let template = placeholder == "%2$d" ? "<%1$d|\(placeholder)>" : "<\(placeholder)>"
    let parsed = PlaceholderSyntax.apple.placeholders(in: template)
    let found = try #require(parsed.last)
    #expect(found.text == placeholder)
    #expect(found.kind != .invalid)
    // The text around the placeholder's range stays; what String(format:) puts in its place is
    // what it makes of the placeholder alone.
    let formatted = String(format: template, arguments: arguments)
    let alone = String(format: placeholder.replacingOccurrences(of: "2$", with: "1$"), argument)
    let before = String(template[..<found.range.lowerBound]).replacingOccurrences(of: "%1$d", with: "0")
    #expect(formatted == before + alone + template[found.range.upperBound...])
    // The kind names the argument's type.
    switch found.kind {
    case .object: #expect(argument is String)
    case .integer, .character: #expect(argument is any BinaryInteger)
    case .floatingPoint: #expect(argument is any BinaryFloatingPoint)
    default: Issue.record("\(placeholder) parsed as \(found.kind)")
    }
  }

  @Test("Apple: positions, %%, stringsdict variables, stars, and what is not a placeholder")
  func appleDetails() {
    let placeholders = PlaceholderSyntax.apple.placeholders(in: "%2$@ has %#@files@ (%%) %*d %y %")
    #expect(placeholders.map(\.text) == ["%2$@", "%#@files@", "%%", "%*d", "%y", "%"])
    #expect(placeholders.map(\.kind) == [.object, .variable, .percent, .integer, .invalid, .invalid])
    #expect(placeholders[0].argument == 2 && placeholders[0].isPositional)
    #expect(placeholders[1].variableName == "files" && placeholders[1].argument == 1)
    #expect(placeholders[2].argument == nil)
    // `%*d` takes the width, argument 2, and then its value, argument 3.
    #expect(placeholders[3].argument == 3 && placeholders[3].starArguments == 1)
    #expect(String(format: "[%*d]", 5, 42) == "[   42]")
  }

  @Test("C: gettext's <inttypes.h> macros, lengths, and positions")
  func cDetails() {
    let placeholders = PlaceholderSyntax.c.placeholders(in: "%<PRIu64> of %zu, %1$s and %Lf %lc")
    #expect(placeholders.map(\.text) == ["%<PRIu64>", "%zu", "%1$s", "%Lf", "%lc"])
    #expect(placeholders.map(\.kind) == [.integer, .integer, .string, .floatingPoint, .character])
    #expect(PlaceholderSyntax.c.placeholders(in: "%@").map(\.kind) == [.invalid])
    let localDigits = PlaceholderSyntax.c.placeholders(in: "%Id of %I.1f")
    #expect(localDigits.map(\.text) == ["%Id", "%I.1f"])
    #expect(localDigits.map(\.kind) == [.integer, .floatingPoint])
  }

  @Test("Java: each placeholder is where java.util.Formatter finds it", .requires(.jdk))
  func javaAgainstTheJDK() throws {
    // Template, its arguments as Java expressions.
    let cases: [(String, [String])] = [
      ("Hello %s!", [#""x""#]), ("%1$s and %2$d", [#""a""#, "5"]), ("%2$s before %1$s", [#""a""#, #""b""#]),
      ("%d%% done", ["50"]), ("%.2f km", ["3.14159"]), ("%-6s|", [#""ab""#]), ("%08.3f", ["2.5"]),
      ("%,d", ["1234567"]), ("%x %X %o", ["255", "255", "8"]), ("%e", ["12345.678"]), ("%b", ["true"]),
      ("%c", ["'z'"]), ("%h", [#""hi""#]), ("line%nbreak", []), ("%s and %<s", [#""same""#]),
      ("%tY", ["java.time.LocalDate.of(2026, 11, 25)"]), ("%(d", ["-5"]), ("%+d", ["5"]), ("%S", [#""up""#]),
    ]
    var source = "public class F { public static void main(String[] a) {\n"
    for (template, arguments) in cases {
      source +=
        "  System.out.println(String.format(\(Self.javaLiteral(template))\(arguments.map { ", " + $0 }.joined())));\n"
      // Each placeholder alone with the argument it takes, for the segmentation check.
      for placeholder in PlaceholderSyntax.java.placeholders(in: template) {
        let argument = placeholder.argument.map { ", " + arguments[$0 - 1] } ?? ""
        let alone = placeholder.text.replacingOccurrences(of: "%<", with: "%")
          .replacingOccurrences(of: #"\d+\$"#, with: "", options: .regularExpression)
        source += "  System.out.println(String.format(\(Self.javaLiteral(alone))\(argument)));\n"
      }
    }
    source += "} }\n"
    let output = try Self.runJava(source).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var line = 0
    for (template, _) in cases {
      // `%n` prints a line break: its template's output spans two lines.
      let lines = template.contains("%n") ? 2 : 1
      let whole = output[line..<line + lines].joined(separator: "\n")
      line += lines
      var rebuilt = ""
      var copied = template.startIndex
      for placeholder in PlaceholderSyntax.java.placeholders(in: template) {
        #expect(placeholder.kind != .invalid, "\(template)")
        rebuilt += template[copied..<placeholder.range.lowerBound]
        let aloneLines = placeholder.kind == .lineSeparator ? 2 : 1
        rebuilt += output[line..<line + aloneLines].joined(separator: "\n")
        line += aloneLines
        copied = placeholder.range.upperBound
      }
      rebuilt += template[copied...]
      #expect(rebuilt == whole, "\(template)")
    }
  }

  @Test("C: a placeholder mismatch is found exactly where msgfmt -c finds one", .requires(.msgfmt))
  func cAgainstMsgfmt() throws {
    let pairs: [(String, String)] = [
      ("Follow %s", "متابعة %s"), ("Follow %s", "متابعة %d"), ("%s liked %d photos", "أعجب %1$s بـ %2$d صورة"),
      ("%s liked %d photos", "أعجب %2$d بـ %1$s"), ("%s liked %d photos", "أعجب %2$s بـ %1$d"),
      ("Size %zu", "الحجم %zu"), ("Size %zu", "الحجم %d"), ("%d%%", "%d٪"), ("%d%%", "%%%d"),
      ("Offset %<PRIu64>", "الإزاحة %<PRIu64>"), ("Offset %<PRIu64>", "الإزاحة %<PRId64>"), ("%s", "اسم"),
      ("Name", "%s اسم"), ("%.2f km", "%.1f كم"), ("%5d", "%d"), ("%s and %s", "%2$s و %1$s"),
      // glibc's I flag, the locale's digits, as GNOME's Arabic and Persian translations use it.
      ("%d files", "%Id ملف"), ("%.1f MB", "%I.1f م.ب"), ("%lu bytes", "%Ilu بايت"), ("%d", "%'Id"),
      ("%d files", "%Is ملف"), ("%u", "%I"),
    ]
    let (disagreements, _) = try Self.comparedWithMsgfmt(pairs.map { ("c-format", $0.0, $0.1) })
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  @Test("PHP, Python and str.format: arguments by number, by name, and fields")
  func otherSyntaxes() {
    let php = PlaceholderSyntax.php.placeholders(in: "%1$s paid %'*10.2f, %u%% and %i")
    #expect(php.map(\.text) == ["%1$s", "%'*10.2f", "%u", "%%", "%i"])
    #expect(php.map(\.kind) == [.string, .floatingPoint, .integer, .percent, .invalid])
    let python = PlaceholderSyntax.python.placeholders(in: "%(name)s has %(n(all))05d, %r and %1$s")
    #expect(python.map(\.text) == ["%(name)s", "%(n(all))05d", "%r", "%1$"])
    #expect(python.map(\.name) == ["name", "n(all)", nil, nil])
    #expect(python.map(\.kind) == [.string, .integer, .string, .invalid])
    #expect(python[2].argument == 1 && python[0].argument == nil && python[0].takesArgument)
    let brace = PlaceholderSyntax.pythonBrace.placeholders(
      in: "{} and {0!r:>{width}}, {user.name[0]} {{literal}} } {open")
    #expect(brace.map(\.text) == ["{}", "{0!r:>{width}}", "{user.name[0]}", "{"])
    #expect(brace.map(\.name) == [nil, "0", "user.name[0]", nil])
    #expect(brace.map(\.kind) == [.any, .any, .any, .invalid])
    #expect(PlaceholderSyntax.python.placeholders(in: "{name}").isEmpty)
    #expect(PlaceholderSyntax.pythonBrace.placeholders(in: "%s 100%").isEmpty)
  }

  /// Templates of Python's `%` operator and `str.format`, each with its positional and keyword
  /// arguments as JSON.
  static let pythonCases: [(syntax: PlaceholderSyntax, template: String, arguments: String, keywords: String)] = [
    (.python, "Hello %(name)s, %(count)05d new (%(ratio).1f%%)", "[]", #"{"name": "Ada", "count": 7, "ratio": 0.25}"#),
    (.python, "%s of %d", #"["a", 5]"#, "{}"), (.python, "%-6s|%+d|%x|%r|%c|%#o", #"["ab", 5, 255, "q", 65, 8]"#, "{}"),
    (.python, "%(n(all))d:%(m)s", "[]", #"{"n(all)": 3, "m": "x"}"#),
    (.python, "%*d and %.*f", "[5, 42, 2, 3.14159]", "{}"),
    (.python, "%ld %hd %Lf %a", #"[1, 2, 1.5, "z"]"#, "{}"),
    (
      .pythonBrace, "{0} and {0!r:>{width}}, {user[name]} {{literal}}", #"["x"]"#,
      #"{"width": 6, "user": {"name": "Ada"}}"#
    ),
    (.pythonBrace, "{} + {} = {:05.1f}", "[1, 2, 3]", "{}"),
    (.pythonBrace, "{name.__class__.__name__}}}", "[]", #"{"name": "s"}"#),
    (.pythonBrace, "{a:{w}.{p}f}|{b!s:^7}", "[]", #"{"a": 2.5, "w": 8, "p": 2, "b": "mid"}"#),
  ]

  @Test("Python: each placeholder is where Python's % operator and str.format find it", .requires(.python))
  func pythonAgainstPython() throws {
    // For each template: Python's result, then each placeholder alone with the arguments it takes.
    var jobs: [String] = []
    for (syntax, template, arguments, keywords) in Self.pythonCases {
      var alone: [String] = []
      for placeholder in syntax.placeholders(in: template) where placeholder.takesArgument {
        #expect(placeholder.kind != .invalid, "\(template)")
        let taken: String
        if placeholder.name != nil {
          taken = "[]"
        } else {
          // The arguments a `*` takes, then the value's own.
          let last = placeholder.argument! - 1
          taken = "args[\(last - placeholder.starArguments)...\(last)]"
        }
        // `{}` alone takes its argument as the first.
        let text = placeholder.text == "{}" ? "{0}" : placeholder.text
        alone.append("[\(Self.pythonLiteral(text)), \(Self.pythonLiteral(taken))]")
      }
      let mode = syntax == .python ? "percent" : "brace"
      jobs.append(
        "[\(Self.pythonLiteral(mode)), \(Self.pythonLiteral(template)), \(arguments), \(keywords), [\(alone.joined(separator: ", "))]]"
      )
    }
    let program = """
      import json, sys
      def fmt(mode, text, args, kwargs):
          return text % (kwargs or tuple(args)) if mode == "percent" else text.format(*args, **kwargs)
      for mode, template, args, kwargs, alone in json.loads(sys.stdin.read()):
          print(json.dumps(fmt(mode, template, args, kwargs)))
          for text, taken in alone:
              chosen = args if taken == "[]" else eval(taken.replace("...", ":").replace("]", "+1]"), {"args": args})
              print(json.dumps(fmt(mode, text, chosen, kwargs)))
      """
    let run = try Program.run(
      "python3", ["-c", program], input: Data(("[" + jobs.joined(separator: ", ") + "]").utf8), timeout: 120)
    #expect(run.status == 0, "python3 failed: \(run.stderr)")
    let lines = try run.text.split(separator: "\n").map {
      try JSONDecoder().decode(String.self, from: Data($0.utf8))
    }
    var line = 0
    // The next line Python printed; a misread placeholder shifts them, which must fail, not trap.
    func nextLine() -> String {
      defer { line += 1 }
      return line < lines.count ? lines[line] : ""
    }
    for (syntax, template, _, _) in Self.pythonCases {
      let whole = nextLine()
      // The template rebuilt from its literal text and each placeholder as Python formats it alone.
      var rebuilt = ""
      var copied = template.startIndex
      func literal(_ text: Substring) -> String {
        syntax == .pythonBrace
          ? text.replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}") : String(text)
      }
      for placeholder in syntax.placeholders(in: template) {
        rebuilt += literal(template[copied..<placeholder.range.lowerBound])
        if placeholder.kind == .percent {
          rebuilt += "%"
        } else {
          rebuilt += nextLine()
        }
        copied = placeholder.range.upperBound
      }
      rebuilt += literal(template[copied...])
      #expect(rebuilt == whole, "\(template)")
    }
    #expect(line == lines.count)
  }

  /// `text` as a JSON string, which Python reads as its own string literal.
  static func pythonLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\": literal += "\\" + String(scalar)
      case _ where scalar.value < 0x20: literal += String(format: "\\u%04x", scalar.value)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  @Test(
    "PHP, Python and str.format: a placeholder mismatch is found exactly where msgfmt -c finds one",
    .requires(.msgfmt))
  func otherSyntaxesAgainstMsgfmt() throws {
    // Flag, msgid, msgstr. Left out: the specs gettext 0.21 reads more narrowly than Python
    // (`{n:>10}`, `{a:{b}}`), and `{}` with `{1}`, which Python refuses at run time and msgfmt lets by.
    let cases: [(String, String, String)] = [
      ("python-format", "Hello %(name)s, you have %(count)d messages", "مرحبا %(name)s، لديك %(count)s رسائل"),
      ("python-format", "Hello %(name)s", "مرحبا %(nom)s"), ("python-format", "%(a)s and %(b)s", "%(b)s"),
      ("python-format", "%s of %d", "%d من %s"), ("python-format", "%(a)s", "%(a)s %s"),
      ("python-format", "%(a)5.2f", "%(a)r"), ("python-format", "%s", "%r"), ("python-format", "%i", "%d ملف"),
      ("python-format", "%x", "%d"), ("python-format", "%c", "%s"), ("python-format", "%(a)s x", "%(a)"),
      ("python-format", "%%(a)s %s", "%s %%(a)s"), ("python-format", "%*d", "%d"), ("python-format", "%ld", "%d"),
      ("python-format", "%(a)s %%", "%(a)s %"), ("python-format", "%5s", "%-5s"), ("python-format", "%(a) s", "%(a)s"),
      ("python-format", "%s %s", "%s"), ("python-format", "%s", "%s %s"),
      ("python-format", "%(from)s-%(to)s relationship", "%(from)s-%(to)s علاقة"),
      ("python-brace-format", "Hello {name}", "مرحبا {nom}"), ("python-brace-format", "{name} {x}", "{name}"),
      ("python-brace-format", "{name}", "مرحبا {name} {x}"), ("python-brace-format", "Hello {}", "مرحبا {}"),
      ("python-brace-format", "{0} {1}", "{1} {0}"), ("python-brace-format", "{0} {1}", "{1}"),
      ("python-brace-format", "{name!r}", "{name}"), ("python-brace-format", "{name.attr}", "{name[0]}"),
      ("python-brace-format", "{{name}}", "{{name}}"), ("python-brace-format", "{a}", "{a} }"),
      ("python-brace-format", "{اسم}", "{اسم}"), ("python-brace-format", "{a}{b}", "{b}{a"),
      ("php-format", "%s of %d", "%2$d من %1$s"), ("php-format", "%s", "%d"), ("php-format", "%'.10d", "%d"),
      ("php-format", "%+d", "%d"), ("php-format", "%F", "%f"), ("php-format", "%g", "%f"), ("php-format", "%b", "%d"),
      ("php-format", "%u", "%d"), ("php-format", "%s %s", "%s"), ("php-format", "%1$s %s", "%s"),
      ("php-format", "%5.2f", "%f"),
    ]
    let (disagreements, rejected) = try Self.comparedWithMsgfmt(cases)
    #expect(disagreements.isEmpty, "\(disagreements)")
    // Both answers occur, so the comparison can fail either way.
    #expect(rejected > 10 && rejected < cases.count - 10)
  }

  @Test("Qt and KDE: numbered placeholders, and every other % is text")
  func qtAndKDE() {
    let qt = PlaceholderSyntax.qt.placeholders(in: "%1 of %L2, %05 and %100%, %%3 %L %0 % 5")
    #expect(qt.map(\.text) == ["%1", "%L2", "%05", "%10", "%3", "%0"])
    #expect(qt.map(\.argument) == [1, 2, 5, 10, 3, 0])
    #expect(qt.allSatisfy { $0.kind == .any && $0.isPositional })
    let kde = PlaceholderSyntax.kde.placeholders(in: "%1 of %L2, %05 and %100%, %%3 %0 %12")
    #expect(kde.map(\.text) == ["%1", "%100", "%3", "%12"])
    #expect(kde.map(\.argument) == [1, 100, 3, 12])
    #expect(PlaceholderSyntax.kde.placeholders(in: "100% of %").isEmpty)
  }

  @Test(
    "Qt, Qt's plural count and KDE: a placeholder mismatch is found exactly where msgfmt -c finds one",
    .requires(.msgfmt))
  func qtAndKDEAgainstMsgfmt() throws {
    // Flag, msgid, msgstr. Left out: Qt's `%L1` or a two-digit number in a translation of a
    // msgid with neither, which msgfmt refuses for Qt 3, not for what the translation shows.
    var cases: [(String, String, String)] = []
    for flag in ["qt-format", "kde-format"] {
      cases += [
        (flag, "Deleted %1 files from %2", "تم حذف %1 ملفات من %2"), (flag, "%1 of %2", "%2 من %1"),
        (flag, "%1 of %2", "%1 من"), (flag, "%1", "%1 %2"), (flag, "%1 %3", "%3 %1"), (flag, "%1 %3", "%1 %2"),
        (flag, "%1", "%1 %1"), (flag, "Move %1", "نقل 1%"), (flag, "%1 100%", "%1 100%%"), (flag, "%%1", "%1"),
        (flag, "%1%2", "%2%1"), (flag, "%1 %10", "%10 %1"), (flag, "%1", "% 1"), (flag, "%2", "%2"),
        (flag, "%1 %2", "%2"), (flag, "Time: %1:%2", "الوقت: %1:%2"), (flag, "%1", "٪1"),
      ]
    }
    let plural = PlaceholderSyntax.qtPlural.placeholders(in: "%n files, %Ln bytes, %1 and 100%")
    #expect(plural.map(\.text) == ["%n", "%Ln"])
    #expect(plural.allSatisfy { $0.kind == .integer && $0.argument == 1 })
    cases += [
      ("qt-plural-format", "%n files", "%n ملفات"), ("qt-plural-format", "%n files", "ملفات"),
      ("qt-plural-format", "files", "%n ملفات"), ("qt-plural-format", "%Ln files", "%n ملفات"),
      ("qt-plural-format", "%n files %1", "%n ملفات"), ("qt-plural-format", "%n files", "n% ملفات"),
      ("qt-format", "%L1 MB", "%1 م.ب"), ("qt-format", "%L1 %L2", "%L2 %L1"), ("qt-format", "%0", "x"),
      ("qt-format", "%1", "%0 %1"), ("kde-format", "%0", "x"), ("kde-format", "%1", "%0 %1"),
      ("kde-format", "%L1", "%1"), ("kde-format", "%1", "%01"),
    ]
    let (disagreements, rejected) = try Self.comparedWithMsgfmt(cases)
    #expect(disagreements.isEmpty, "\(disagreements)")
    // Both answers occur, so the comparison can fail either way.
    #expect(rejected > 10 && rejected < cases.count - 10)
  }

  @Test("JavaScript: placeholders, and a mismatch exactly where msgfmt -c finds one", .requires(.msgfmt))
  func javascriptAgainstMsgfmt() throws {
    let found = PlaceholderSyntax.javascript.placeholders(in: "%2$s got %+05.1f, %j, %x%% and %'s %i")
    #expect(found.map(\.text) == ["%2$s", "%+05.1f", "%j", "%x", "%%", "%'", "%i"])
    #expect(found.map(\.kind) == [.string, .floatingPoint, .object, .integer, .percent, .invalid, .invalid])
    let flag = "javascript-format"
    let cases: [(String, String, String)] = [
      (flag, "%s of %d", "%s من %d"), (flag, "%s of %d", "%d من %s"), (flag, "%1$s of %2$d", "%2$d من %1$s"),
      (flag, "%s", "%j"), (flag, "%s", "%o"), (flag, "%d", "%i"), (flag, "%d", "%f"), (flag, "%d", "%x"),
      (flag, "%d", "%o"), (flag, "%d", "%b"), (flag, "%d", "%c"), (flag, "%e", "%f"), (flag, "%f", "%g"),
      (flag, "%5.2f", "%f"), (flag, "%-5s", "%s"), (flag, "%s", "%y"), (flag, "%s 100%%", "%s 100%"),
      (flag, "%s", "%S"), (flag, "%s %s", "%s"), (flag, "%s", "%'s"), (flag, "%s", "%#s"), (flag, "%s", "%*s"),
      (flag, "%s", "%ld"), (flag, "%s %d", "%s %1$d"), (flag, "%s %s", "%2$s %1$s"), (flag, "%2$s", "%s"),
      (flag, "Hello %s", "مرحبا s%"), (flag, "%s", "%0$s"), (flag, "%d", "%+-05d"),
    ]
    let (disagreements, rejected) = try Self.comparedWithMsgfmt(cases)
    #expect(disagreements.isEmpty, "\(disagreements)")
    // Both answers occur, so the comparison can fail either way.
    #expect(rejected > 10 && rejected < cases.count - 8)
  }

  @Test(
    "JavaScript, Qt and KDE: random entries, a mismatch exactly where msgfmt -c finds one", .requires(.msgfmt),
    arguments: SplitMix64.seeds("BIDI_MSGFMT_SEEDS"))
  func randomEntriesAgainstMsgfmt(seed: UInt64) throws {
    // Pieces of each syntax's placeholders, their look-alikes and text; `n%` is left out for the
    // plural count, which a translation giving `%Ln` may also hold as text.
    let pieces: [String: [String]] = [
      "javascript-format": [
        "%s", "%d", "%1$s", "%2$d", "%j", "%.2f", "%x", "%c", "%%", "%", "s%", "%5s", "%-d", "%i", " ", "x",
      ],
      "qt-format": ["%1", "%2", "%3", "%L1", "%L2", "%0", "%10", "%%", "%", "%L", "1%", "%01", " ", "x", ":"],
      "qt-plural-format": ["%n", "%Ln", "%1", "%%", "%", " ", "x"],
      "kde-format": ["%1", "%2", "%3", "%L1", "%0", "%10", "%%", "%", "1%", "%01", " ", "x", ":"],
    ]
    var random = SplitMix64(seed: seed)
    let folder = try TemporaryFolder()
    var entries: [(String, String, String)] = []
    while entries.count < 60 {
      let flag = pieces.keys.sorted().randomElement(using: &random)!
      func text() -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces[flag]!.randomElement(using: &random)! }.joined()
      }
      let source = text()
      let translation = Bool.random(using: &random) ? text() : source
      // msgfmt checks a translation only against a msgid valid in its syntax (as a translation of
      // a msgid with no placeholder, an invalid one is refused as such), and refuses Qt's `%L1`
      // and two-digit numbers where the msgid has neither, for Qt 3.
      let alone = try Program.run(
        "msgfmt",
        ["-c", "-o", "/dev/null", try folder.file("alone.po", text: Self.po((flag, "x", source))).path])
      guard !alone.stderr.contains("is not a valid") else { continue }
      let both = try Program.run(
        "msgfmt",
        ["-c", "-o", "/dev/null", try folder.file("both.po", text: Self.po((flag, source, translation))).path])
      guard !both.stderr.contains("simple format string") else { continue }
      entries.append((flag, source, translation))
    }
    let (disagreements, _) = try Self.comparedWithMsgfmt(entries)
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  /// A `.po` file of one entry: flag, msgid, msgstr.
  static func po(_ entry: (flag: String, source: String, translation: String)) -> String {
    """
    msgid ""
    msgstr "Content-Type: text/plain; charset=UTF-8\\n"

    #, \(entry.flag)
    msgid "\(entry.source)"
    msgstr "\(entry.translation)"

    """
  }

  /// Each entry judged by our `placeholder-mismatch` and `reversed-placeholder` and by `msgfmt -c`:
  /// the entries where the two differ, and how many `msgfmt -c` rejects.
  static func comparedWithMsgfmt(
    _ entries: [(String, String, String)]
  ) throws -> (
    disagreements: [String], rejected: Int
  ) {
    let folder = try TemporaryFolder()
    var disagreements: [String] = []
    var rejected = 0
    for (index, entry) in entries.enumerated() {
      let text = po(entry)
      let msgfmtObjects = try !Msgfmt.accepts(folder.file("\(index).po", text: text))
      let parsed = try LocalizationFile(bytes: Array(text.utf8), format: .gettext)
      // A placeholder turned around or split by right-to-left editing is a finding of its own.
      let ours = parsed.findings(isRightToLeft: { _ in false }).contains {
        $0.kind == .placeholderMismatch || $0.kind == .reversedPlaceholder
      }
      if ours != msgfmtObjects {
        disagreements.append("\(entry.0): \(entry.1.debugDescription) → \(entry.2.debugDescription)")
      }
      if msgfmtObjects { rejected += 1 }
    }
    return (disagreements, rejected)
  }

  /// The Plural-Forms rules of gettext's documentation for Arabic, Hebrew, Persian and Urdu and a few
  /// with unusual forms; each form is written with and without the number, and `msgfmt -c` says which
  /// of those files are wrong: a form serving many numbers must show it.
  @Test(
    "po plural forms: a form may leave out the number exactly where msgfmt -c lets it", .requires(.msgfmt),
    arguments: [
      ("ar", 6, "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5"),
      ("he", 4, "(n==1) ? 0 : ((n==2) ? 1 : ((n>10 && n%10==0) ? 2 : 3))"), ("fa", 2, "(n==0 || n==1) ? 0 : 1"),
      ("fa-one", 1, "0"), ("ur", 2, "(n != 1)"),
      ("ru", 3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
      ("ga", 5, "n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4"),
      ("sl", 4, "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)"), ("fr", 2, "(n > 1)"),
      // A form for five numbers must show the number; one for four need not.
      ("five", 3, "n==1 ? 0 : n>=2 && n<=6 ? 1 : 2"), ("four", 3, "n==1 ? 0 : n>=2 && n<=5 ? 1 : 2"),
    ])
  func pluralFormsAgainstMsgfmt(language: String, count: Int, rule: String) throws {
    let folder = try TemporaryFolder()
    // Every form with the number but one, for each form in turn; and all with it. The number is the
    // last argument: printf cannot skip a positional one whatever the form.
    for without in [nil] + Array(0..<count) {
      var po = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=\(count); plural=\(rule);\\n"

        #, c-format
        msgid "in %s, %d file"
        msgid_plural "in %s, %d files"

        """
      for form in 0..<count {
        po += form == without ? "msgstr[\(form)] \"في %s ملف واحد\"\n" : "msgstr[\(form)] \"في %s %d ملفات\"\n"
      }
      let file = try folder.file("\(language)-\(without.map(String.init) ?? "all").po", text: po)
      let msgfmtObjects = try !Msgfmt.accepts(file)
      let parsed = try LocalizationFile(bytes: Array(po.utf8), format: .gettext)
      // A placeholder turned around or split by right-to-left editing is a finding of its own.
      let ours = parsed.findings(isRightToLeft: { _ in false }).contains {
        $0.kind == .placeholderMismatch || $0.kind == .reversedPlaceholder
      }
      #expect(ours == msgfmtObjects, "\(language), form \(without.map(String.init) ?? "none") without the number")
    }
  }

  @Test(
    "Plural-Forms that overflow, divide by zero, name a form past nplurals, nest deep or run long are read without harm",
    arguments: [
      "nplurals=2; plural=n>18446744073709551616;", "nplurals=2; plural=n%0;", "nplurals=2; plural=n+5;",
      "nplurals=2; plural=" + String(repeating: "(", count: 5_000) + "n" + String(repeating: ")", count: 5_000) + ";",
      "nplurals=2; plural=" + String(repeating: "!", count: 5_000) + "n;",
      "nplurals=2; plural=" + Array(repeating: "n", count: 100_000).joined(separator: "+") + ";",
      "nplurals=2; plural=n !=;", "nplurals=x; plural=n;", "plural=(n != 1);",
    ])
  func hostilePluralForms(header: String) throws {
    let po = """
      msgid ""
      msgstr "Plural-Forms: \(header)\\n"

      #, c-format
      msgid "in %s, %d file"
      msgid_plural "in %s, %d files"
      msgstr[0] "في %s ملف"
      msgstr[1] "في %s %d ملفات"

      """
    let file = try LocalizationFile(bytes: Array(po.utf8), format: .gettext)
    // Without a rule to go by, each of several forms may leave the number out, as msgfmt -c allows.
    #expect(!file.findings(isRightToLeft: { _ in false }).contains { $0.kind == .placeholderMismatch })
  }

  static func javaLiteral(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Runs a Java program from its source with the JDK's single-file launcher.
  static func runJava(_ source: String) throws -> String {
    let folder = try TemporaryFolder()
    let file = try folder.file("F.java", text: source)
    let run = try Program.run("java", ["-Duser.language=en", "-Duser.country=US", file.path], timeout: 300)
    #expect(run.status == 0, "java failed: \(run.stderr)")
    return run.text
  }
}

import ArgumentParser
import BidiLocalizationCore
import SystemPackage

@available(SwiftStdlib 6.2, *)
struct StringsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strings",
    abstract: "Check translation files for what displays wrong or crashes in right-to-left languages, and fix it.",
    discussion: """
      Reads Apple .strings (UTF-8 or UTF-16), .stringsdict and .xcstrings, Android res/values-*/strings.xml \
      and gettext .po files, by their extension; a .po entry's placeholders are read in the syntax \
      its flag names (c-format, php-format, python-format, python-brace-format). A file's locale \
      comes from its path (ar.lproj, \
      values-ar, values-b+ar, ar.po), a .po header's Language:, or a catalog's keys; --locale \
      overrides it. Whether a locale is right to left comes from Unicode CLDR's locale data, with \
      --rtl-locales for more.
      """,
    subcommands: [StringsCheckCommand.self, StringsFixCommand.self])
}

/// What `check` and `fix` share: the files, and how their locales are found.
@available(SwiftStdlib 6.2, *)
struct LocalizationOptions: ParsableArguments {
  @Argument(help: "Translation files: .strings, .stringsdict, .xcstrings, strings.xml, .po.")
  var files: [String] = []

  @Option(help: "The files' locale, instead of the one their path names (in a catalog: check only this localization).")
  var locale: String?

  @Option(
    name: .customLong("rtl-locales"), parsing: .singleValue,
    help: ArgumentHelp("More locales to treat as right to left, comma-separated (such as arz).", valueName: "locales"))
  var rtlLocales: [String] = []

  func validate() throws {
    if files.isEmpty { throw ValidationError("give at least one translation file") }
  }

  var additionalRightToLeft: Set<String> {
    Set(rtlLocales.flatMap { $0.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }) } })
  }
}

@available(SwiftStdlib 6.2, *)
struct StringsCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Report unisolated placeholders, placeholder and markup mismatches, and unbalanced controls.",
    discussion: """
      One line per finding, FILE:LINE:COLUMN: KIND: message; --format xcode, github, sarif or json \
      writes them for Xcode and swift build, GitHub Actions, code scanning or programs (--json: one \
      object per line, {"file","line","column","kind","severity","key","message"}). Kinds: \
      unisolated-placeholder (fixable with `strings fix`), placeholder-mismatch, reversed-placeholder \
      (fixable where the source leaves one way to read it), unbalanced-controls, markup-mismatch; \
      placeholder-mismatch and reversed-placeholder are errors, the others warnings, unless the \
      configuration file or --warnings-as-errors says otherwise. The source text a translation is \
      compared with: a .po msgid, a catalog's source language, or the sibling file the platform \
      would use (en.lproj or Base.lproj next to ar.lproj, values/ next to values-ar/); --source \
      overrides it. Exit status 1 when anything is found (with --fail-on error, only when an error \
      is), 0 when clean, 2 for a missing or unparsable file.
      """)

  @OptionGroup var options: LocalizationOptions

  @Option(help: "The source-language file to compare translations with, instead of the sibling file.")
  var source: String?

  @OptionGroup var reportOptions: ReportOptions

  @Option(
    help: ArgumentHelp(
      """
      A file to write when the check passes and to remove when it fails, for build systems that rerun a \
      step until its output exists.
      """,
      valueName: "file"))
  var stamp: String?

  func run() throws {
    // Each read of an option group looks up its type at run time: read once, not per finding.
    let options = self.options
    let reportOptions = self.reportOptions
    let configuration = try reportOptions.configuration.load()
    let paths = ReportPaths.current()
    let severities = configuration.severities(
      of: ReportRule.translationRules, warningsAsErrors: reportOptions.warningsAsErrors)
    var status = ExitStatus.success
    do throws(OutputError) {
      var writer = try ReportWriter(
        reporter: reportOptions.reportFormat.reporter(namesKind: true, paths: paths), rules: ReportRule.translationRules
      )
      for path in options.files where !configuration.excludes(path, paths: paths) {
        guard let (file, sourceFile) = TranslationFiles.load(path, source: source, options: options) else {
          status = max(status, .badInput)
          continue
        }
        let locale = TranslationFiles.locale(of: file, path: path, options: options)
        let findings = file.findings(isRightToLeft: locale.isRightToLeft, sourceFile: sourceFile)
          .filter { options.locale == nil || file.format != .stringCatalog || $0.locale == options.locale }
        for finding in findings {
          let rule = ReportRule.translationRule(finding.kind)
          guard let severity = severities[rule.id] else { continue }
          if severity >= reportOptions.failOn { status = max(status, .findings) }
          try writer.write(
            ReportedFinding(
              file: path, line: finding.line, column: finding.column, rule: rule, severity: severity,
              message: finding.message, key: finding.key))
        }
      }
      try writer.finish(successful: status < .badInput)
    } catch {
      throw ExitCode(error.report().rawValue)
    }
    if let stamp { TranslationFiles.mark(stamp, passed: status == .success) }
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

@available(SwiftStdlib 6.2, *)
struct StringsFixCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fix",
    abstract:
      """
      Wrap each unisolated placeholder of a right-to-left translation in FSI … PDI, and restore \
      placeholders broken by right-to-left editing.
      """,
    discussion: """
      An isolate holds the word the placeholder is written in (%d:%02d, %ux%u, and in Hebrew %d%%), \
      which an isolate of the placeholder alone would tear apart (10:05 would show as 05:10, 50% as \
      %50); text arguments keep an isolate each, and brackets, quotation marks and sentence \
      punctuation stay outside. \
      A placeholder turned around or split (@% for the source's %@, %1$ s for %1$s) is restored in \
      any translation where the source leaves one way to read it. The isolates are written the way the format writes an escape, so reviewers see them in a diff: \
      \\U2068 in .strings, \\u2068 in Android and .xcstrings, &#x2068; in .stringsdict, the \
      character itself in .po. Every other byte stays as it was; source-language files and \
      left-to-right locales are never changed, and fixing twice gives what fixing once gave. \
      Without --in-place, the fixed file goes to standard output.
      """)

  @OptionGroup var options: LocalizationOptions

  @Option(
    help: "The source-language file the translations' placeholders are restored from, instead of the sibling file.")
  var source: String?

  @Flag(name: .customLong("in-place"), help: "Rewrite each file (atomically, and only when something changed).")
  var inPlace = false

  @OptionGroup var configuration: ConfigurationOption

  func validate() throws {
    if !inPlace && options.files.count != 1 {
      throw ValidationError("without --in-place, give one file (its fixed text goes to standard output)")
    }
  }

  func run() throws {
    // Each read of an option group looks up its type at run time: read once, not per value.
    let options = self.options
    let configuration = try configuration.load()
    let paths = ReportPaths.current()
    var status = ExitStatus.success
    for path in options.files {
      let excluded = configuration.excludes(path, paths: paths)
      if excluded && inPlace { continue }
      guard let (file, sourceFile) = TranslationFiles.load(path, source: source, options: options) else {
        status = max(status, .badInput)
        continue
      }
      let locale = TranslationFiles.locale(of: file, path: path, options: options)
      let isChosen = { (value: LocalizedValue) in
        !excluded && (options.locale == nil || file.format != .stringCatalog || value.locale == options.locale)
      }
      let fix = file.fixed(
        sourceFile: sourceFile, isolatingWhere: { locale.isRightToLeft($0) && isChosen($0) }, restoringWhere: isChosen)
      if !inPlace {
        var output = OutputWriter(descriptor: .standardOutput)
        do {
          try output.write(fix.bytes)
          try output.flush()
        } catch {
          throw ExitCode(error.report().rawValue)
        }
        continue
      }
      guard fix.isolated > 0 || fix.restored > 0 else { continue }
      do {
        try TranslationFiles.replace(path, with: fix.bytes)
        var done: [String] = []
        if fix.isolated > 0 { done.append("isolated \(fix.isolated) placeholder\(fix.isolated == 1 ? "" : "s")") }
        if fix.restored > 0 {
          done.append(
            "restored \(fix.restored) placeholder\(fix.restored == 1 ? "" : "s") broken by right-to-left editing")
        }
        Standard.error("bidi-fix: \(path): \(done.joined(separator: ", "))")
      } catch {
        Standard.error("bidi-fix: \(path): cannot write: \(error)")
        status = max(status, .outputFailed)
      }
    }
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

/// Reading translation files, finding their locale and their source-language sibling, and
/// writing them back.
@available(SwiftStdlib 6.2, *)
enum TranslationFiles {
  /// How a file's values are judged right to left.
  struct Locale {
    /// Whether the file's one locale is right to left, in the formats with one locale per file.
    private let fileIsRightToLeft: Bool
    /// Whether each locale of a catalog is, asked once per locale rather than once per value.
    private let catalogIsRightToLeft: [String: Bool]

    init(identifier: String?, file: LocalizationFile, additional: Set<String>) {
      func isRightToLeft(_ locale: String) -> Bool { LocalizationLocale.isRightToLeft(locale, additional: additional) }
      fileIsRightToLeft = identifier.map(isRightToLeft) ?? false
      var catalog: [String: Bool] = [:]
      if file.format == .stringCatalog {
        for locale in Set(file.values.compactMap(\.locale)) { catalog[locale] = isRightToLeft(locale) }
      }
      catalogIsRightToLeft = catalog
    }

    func isRightToLeft(_ value: LocalizedValue) -> Bool {
      guard let locale = value.locale else { return fileIsRightToLeft }
      return catalogIsRightToLeft[locale] ?? false
    }
  }

  static func locale(of file: LocalizationFile, path: String, options: LocalizationOptions) -> Locale {
    let identifier =
      file.format == .stringCatalog
      ? nil
      : options.locale ?? LocalizationLocale.locale(ofPath: path)
        ?? (file.format == .gettext ? file.declaredLanguage : nil)
    // Base.lproj and Android's values/ hold the development language: no locale to name.
    let isSourceFolder = path.contains("Base.lproj/") || path.hasPrefix("values/") || path.contains("/values/")
    if identifier == nil && file.format != .stringCatalog && !isSourceFolder {
      Standard.error("bidi-fix: \(path): warning: no locale in its path (give --locale); not treated as right to left")
    }
    return Locale(identifier: identifier, file: file, additional: options.additionalRightToLeft)
  }

  /// The file at `path`, parsed, and its source-language file when the format keeps one language
  /// per file; `nil`, with the reason on stderr, when it cannot be read.
  static func load(
    _ path: String, source: String?, options: LocalizationOptions
  ) -> (LocalizationFile, LocalizationFile?)? {
    guard let format = LocalizationFormat(path: path) else {
      Standard.error("bidi-fix: \(path): not a translation file (.strings, .stringsdict, .xcstrings, .xml or .po)")
      return nil
    }
    guard let file = parse(path, format: format) else { return nil }
    guard [.strings, .stringsdict, .androidStrings].contains(format) else { return (file, nil) }
    if let source {
      guard let sourceFile = parse(source, format: format) else { return nil }
      return (file, sourceFile)
    }
    guard let sibling = sourceSibling(of: path, format: format) else { return (file, nil) }
    return (file, parse(sibling, format: format))
  }

  private static func parse(_ path: String, format: LocalizationFormat) -> LocalizationFile? {
    // A path is a file here, `-` too: `strings` does not read standard input.
    guard let bytes = WholeFile.read(path: path) else { return nil }
    do {
      return try LocalizationFile(bytes: bytes, format: format)
    } catch {
      Standard.error("\(path):\(error.line):\(error.column): error: \(error.message)")
      return nil
    }
  }

  /// Writes an empty file at `path` when the check `passed`, and removes any file there when not,
  /// so that a build system that runs the check until its output exists runs it again.
  static func mark(_ path: String, passed: Bool) {
    guard passed else {
      FileCalls.remove(path)
      return
    }
    do {
      let descriptor = try FileDescriptor.open(
        FilePath(path), .writeOnly, options: [.create, .truncate],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
      try descriptor.close()
    } catch {
      Standard.error("bidi-fix: \(path): cannot write the stamp: \(error)")
    }
  }

  /// The file the platform falls back to for `path`'s strings: `en.lproj` or `Base.lproj` beside
  /// `ar.lproj`, Android's `values/` beside `values-ar/`.
  static func sourceSibling(of path: String, format: LocalizationFormat) -> String? {
    var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard components.count >= 2 else { return nil }
    let folder = components[components.count - 2]
    var candidates: [String] = []
    if format == .androidStrings {
      guard folder.hasPrefix("values-") else { return nil }
      candidates = ["values"]
    } else {
      guard folder.hasSuffix(".lproj"), folder != "Base.lproj", folder != "en.lproj" else { return nil }
      candidates = ["en.lproj", "Base.lproj", "en-US.lproj", "en-GB.lproj"]
    }
    for candidate in candidates {
      components[components.count - 2] = candidate
      let sibling = components.joined(separator: "/")
      if FileCheck.exists(sibling) { return sibling }
    }
    return nil
  }

  /// Writes `bytes` in place of the file at `path` atomically, with the old file's permissions: a
  /// new file beside it, flushed to the disk and renamed over it, so that neither a reader, nor a
  /// write that fails halfway, nor a power cut leaves half a file. A symbolic link is replaced by
  /// the file, as `sed -i` replaces one.
  static func replace(_ path: String, with bytes: [UInt8]) throws {
    let target = FilePath(path)
    let permissions = try target.stat().permissions
    let (temporary, descriptor) = try createTemporaryFile(beside: target)
    do {
      try descriptor.closeAfter {
        try FileCalls.setPermissions(descriptor, permissions)
        _ = try descriptor.writeAll(bytes)
        try FileCalls.synchronize(descriptor)
      }
      try FileCalls.move(temporary.string, over: path)
    } catch {
      FileCalls.remove(temporary.string)
      throw error
    }
  }

  /// A new file, only the owner's to read and write, in `target`'s folder: `.bidi-fix-` and eight
  /// random hexadecimal digits, tried again under another name if a file has that one (one left by
  /// a run that was killed, say).
  private static func createTemporaryFile(beside target: FilePath) throws -> (FilePath, FileDescriptor) {
    var attempt = 0
    while true {
      let name = ".bidi-fix-" + String(UInt32.random(in: 0x1000_0000...UInt32.max), radix: 16)
      let temporary = target.removingLastComponent().appending(name)
      do {
        let descriptor = try FileDescriptor.open(
          temporary, .writeOnly, options: [.create, .exclusiveCreate], permissions: [.ownerReadWrite])
        return (temporary, descriptor)
      } catch Errno.fileExists where attempt < 16 {
        attempt += 1
      }
    }
  }
}

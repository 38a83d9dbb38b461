import BidiLocalizationCore
import SystemPackage

/// A team's settings for `check` and `strings check`, read from `.bidi-fix.json` at the root of
/// its package or repository (the command plugin and the build tool plugin pass that file on):
///
/// ```json
/// {
///   "severity": { "unisolated-placeholder": "error", "markup-mismatch": "off" },
///   "exclude": ["Legacy/**", "**/Base.lproj"]
/// }
/// ```
///
/// `severity` gives a kind `error`, `warning` or `off` (not reported at all); `exclude` leaves out
/// the files a pattern matches, or whose folder it matches, relative to the file's own folder:
/// `*` stands for any characters but `/`, `?` for one, and `**` for any number of folders.
@available(SwiftStdlib 6.2, *)
struct CheckConfiguration: Sendable {
  /// The file's name, looked for in the working directory when no `--config` is given.
  static let fileName = ".bidi-fix.json"

  /// For each kind named, its severity, or `nil` for `off`.
  var severities: [String: FindingSeverity?] = [:]
  /// The `exclude` patterns, each split into its path components.
  var exclusions: [[String]] = []
  /// The folder the patterns are relative to: the configuration file's.
  var folder = FilePath(".")

  /// Why a configuration cannot be used, at its line and column.
  struct Problem: Error {
    var line: Int
    var column: Int
    var message: String
  }

  /// No configuration: every kind at its default severity, no file left out.
  init() {}

  /// Reads the configuration in `bytes`, whose file is at `path`; every kind it names must be one
  /// of `kinds`.
  init(bytes: [UInt8], path: String, kinds: Set<String>) throws(Problem) {
    func problem(at offset: Int, _ message: String) -> Problem {
      let before = bytes[..<min(offset, bytes.count)]
      let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      let column = bytes[lineStart..<before.endIndex].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
      return Problem(line: before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }, column: column, message: message)
    }
    let document: JSONDocument
    do throws(ParseError) {
      document = try JSONDocument(parsing: bytes)
    } catch {
      throw problem(at: error.offset, error.message)
    }
    guard document.kind(document.root) == .object else {
      throw problem(at: 0, #"expected an object with "severity" and "exclude""#)
    }
    for member in document.children(document.root) {
      switch document.key(of: member) {
      case "severity":
        guard document.kind(member) == .object else {
          throw problem(at: document.offset(of: member), #""severity" is an object of kinds and severities"#)
        }
        for setting in document.children(member) {
          let kind = document.key(of: setting) ?? ""
          guard kinds.contains(kind) else {
            throw problem(
              at: document.keyOffset(of: setting) ?? document.offset(of: setting),
              "no kind \(kind.debugDescription) (kinds: \(kinds.sorted().joined(separator: ", ")))")
          }
          switch document.text(setting) {
          case "error": severities[kind] = .error
          case "warning": severities[kind] = .warning
          case "off": severities[kind] = .some(nil)
          default:
            throw problem(
              at: document.offset(of: setting), "the severity of \(kind) is \"error\", \"warning\" or \"off\"")
          }
        }
      case "exclude":
        let patterns = document.kind(member) == .array ? document.children(member) : []
        guard document.kind(member) == .array, patterns.allSatisfy({ document.kind($0) == .string }) else {
          throw problem(at: document.offset(of: member), #""exclude" is an array of path patterns"#)
        }
        exclusions = patterns.compactMap(document.text).map {
          $0.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        }
      default:
        throw problem(
          at: document.keyOffset(of: member) ?? document.offset(of: member),
          "unknown setting \(document.key(of: member)?.debugDescription ?? ""): \"severity\" or \"exclude\"")
      }
    }
    folder = FilePath(path).removingLastComponent()
    if folder.isEmpty { folder = FilePath(".") }
  }

  /// The severity each of `rules` is reported with, by its id; a kind that is off has none.
  func severities(of rules: [ReportRule], warningsAsErrors: Bool) -> [String: FindingSeverity] {
    var table: [String: FindingSeverity] = [:]
    for rule in rules {
      guard let severity = severities[rule.id] ?? rule.defaultSeverity else { continue }
      table[rule.id] = warningsAsErrors ? .error : severity
    }
    return table
  }

  /// Whether an `exclude` pattern matches `path` or one of its folders.
  func excludes(_ path: String, paths: ReportPaths) -> Bool {
    guard !exclusions.isEmpty, let relative = relativeComponents(of: path, paths: paths) else { return false }
    return exclusions.contains { Self.matches(pattern: $0[...], path: relative[...]) }
  }

  /// `path`'s components below the configuration's folder; `nil` when it lies elsewhere.
  private func relativeComponents(of path: String, paths: ReportPaths) -> [String]? {
    var file = FilePath(path)
    var base = folder
    if file.isAbsolute != base.isAbsolute {
      guard let directory = paths.workingDirectory else { return nil }
      if !file.isAbsolute { file = directory.pushing(file) }
      if !base.isAbsolute { base = directory.pushing(base) }
    }
    return ReportPaths.components(of: file, under: base)
  }

  /// Whether `pattern` matches all of `path` or its first components (a folder of it).
  private static func matches(pattern: ArraySlice<String>, path: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return true }
    if first == "**" {
      let rest = pattern.dropFirst()
      return path.indices.contains { matches(pattern: rest, path: path[$0...]) } || matches(pattern: rest, path: [])
    }
    guard let component = path.first, matches(Array(first.unicodeScalars)[...], Array(component.unicodeScalars)[...])
    else { return false }
    return matches(pattern: pattern.dropFirst(), path: path.dropFirst())
  }

  /// One component against a pattern of `*` and `?`.
  private static func matches(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = pattern.first else { return name.isEmpty }
    switch first {
    case "*":
      return (name.startIndex...name.endIndex).contains { matches(pattern.dropFirst(), name[$0...]) }
    case "?":
      return !name.isEmpty && matches(pattern.dropFirst(), name.dropFirst())
    default:
      return name.first == first && matches(pattern.dropFirst(), name.dropFirst())
    }
  }
}

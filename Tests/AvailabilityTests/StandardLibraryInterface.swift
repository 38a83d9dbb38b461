import Foundation

/// A macOS version, `major.minor`.
struct MacOSVersion: Comparable, Hashable, CustomStringConvertible {
  var major: Int
  var minor: Int = 0

  /// The version at the start of `text`: `26`, `13.3`, `26.0`.
  init?(_ text: Substring) {
    let parts = text.prefix { $0.isNumber || $0 == "." }.split(separator: ".")
    guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
    self.major = major
    self.minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
  }

  init(major: Int, minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  static func < (a: MacOSVersion, b: MacOSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

  var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }
}

/// The declarations of the standard library that Apple's systems have only after a given macOS
/// version, read from the library's own `.swiftinterface` on this machine, which states every
/// declaration's `@available` (Linux ignores those attributes, so only this file can tell).
///
/// Names are kept the way the compiler's AST dump names a referenced declaration: the innermost
/// type or extended type, a dot and the member with its argument labels (`Array.span`,
/// `String.init(copying:)`, `OutputSpan.append(repeating:count:)`); types by their simple names.
struct StandardLibraryInterface {
  /// Members introduced after the version, such as `String.utf8Span` (macOS 26), with the version
  /// that introduced them.
  var members: [String: MacOSVersion] = [:]
  /// Types introduced after the version, such as `UTF8Span` and `InlineArray`.
  var types: [String: MacOSVersion] = [:]

  /// Reads `interface`, keeping what macOS has only after `minimum`, the package's deployment target.
  ///
  /// A name counts as new only when every declaration of it is: the compiler on Linux may resolve
  /// `a &* b` to the requirement `FixedWidthInteger.&*` of macOS 15, but for an older target it
  /// takes the extension's `&*`, which was always there.
  init(interface: String, newerThan minimum: MacOSVersion) {
    var earliest: [String: MacOSVersion] = [:]
    var earliestType: [String: MacOSVersion] = [:]
    let always = MacOSVersion(major: 0)
    var contexts: [Context] = []
    var pendingAttributes = ""
    for rawLine in interface.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#") || line.hasPrefix("//") { continue }
      let code = Self.code(of: line)
      let isAttributeLine = line.hasPrefix("@") && Self.declaration(in: code) == nil
      if isAttributeLine {
        pendingAttributes += " " + line
      }
      let enclosing = contexts.last
      let inDeclarations = enclosing.map { $0.holdsDeclarations } ?? true
      var opened: Context? = nil
      if !isAttributeLine, inDeclarations, let declaration = Self.declaration(in: code) {
        let attributes = pendingAttributes + " " + line
        let own = Self.introducedMacOS(in: attributes).flatMap { $0 > minimum ? $0 : nil }
        let introduced = [own, enclosing?.introduced].compactMap { $0 }.max()
        func record(_ key: String, in table: inout [String: MacOSVersion]) {
          table[key] = min(table[key] ?? introduced ?? always, introduced ?? always)
        }
        switch declaration.kind {
        case .type:
          if enclosing?.name == nil { record(declaration.name, in: &earliestType) }
          if let owner = enclosing?.name { record(owner + "." + declaration.name, in: &earliest) }
          opened = Context(name: declaration.name, holdsDeclarations: true, introduced: introduced)
        case .extension:
          opened = Context(name: declaration.name, holdsDeclarations: true, introduced: introduced)
        case .member:
          if let owner = enclosing?.name { record(owner + "." + declaration.name, in: &earliest) }
        }
      }
      if !isAttributeLine { pendingAttributes = "" }
      // Braces: a declaration's body, or any other block (accessors, function bodies, closures).
      var depth = 0
      for character in code {
        if character == "{" {
          contexts.append(
            depth == 0 && opened != nil
              ? opened! : Context(name: nil, holdsDeclarations: false, introduced: enclosing?.introduced))
          depth += 1
        } else if character == "}" {
          if !contexts.isEmpty { contexts.removeLast() }
          depth -= 1
        }
      }
    }
    members = earliest.filter { $0.value > minimum }
    types = earliestType.filter { $0.value > minimum }
  }

  private struct Context {
    /// The type or extended type; `nil` for a block that is not a type's body.
    var name: String?
    var holdsDeclarations: Bool
    /// The version that introduced the context, when it is newer than the minimum.
    var introduced: MacOSVersion?
  }

  enum DeclarationKind { case type, `extension`, member }

  /// The declaration a line starts, if any: its kind and its name as the AST names it.
  static func declaration(in code: String) -> (kind: DeclarationKind, name: String)? {
    var words = Substring(code)
    // Attributes and modifiers before the introducer.
    while true {
      words = words.drop(while: { $0 == " " })
      if words.hasPrefix("@") {
        var rest = words.dropFirst().drop(while: { $0.isLetter || $0.isNumber || $0 == "_" })
        if rest.hasPrefix("(") { rest = rest[skippingBalanced: rest.startIndex] }
        words = rest
        continue
      }
      guard let space = words.firstIndex(where: { $0 == " " || $0 == "(" || $0 == "<" }) else { return nil }
      let word = words[..<space]
      if Self.modifiers.contains(String(word)) {
        words = words[space...]
        continue
      }
      break
    }
    words = words.drop(while: { $0 == " " })
    for (introducer, kind) in [
      ("struct ", DeclarationKind.type), ("enum ", .type), ("class ", .type), ("protocol ", .type),
      ("actor ", .type), ("typealias ", .type), ("extension ", .extension),
    ] where words.hasPrefix(introducer) {
      let name = words.dropFirst(introducer.count).prefix(while: {
        $0.isLetter || $0.isNumber || $0 == "_" || $0 == "."
      })
      return (kind, String(name.split(separator: ".").last ?? ""))
    }
    if words.hasPrefix("var ") || words.hasPrefix("let ") {
      let name = words.dropFirst(4).prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" })
      return (.member, name.replacingOccurrences(of: "`", with: ""))
    }
    if words.hasPrefix("case ") { return nil }
    var name: Substring
    var rest: Substring
    if words.hasPrefix("func ") {
      let afterFunc = words.dropFirst(5)
      name = afterFunc.prefix(while: { $0 != "(" && $0 != "<" && $0 != " " })
      rest = afterFunc.dropFirst(name.count)
    } else if words.hasPrefix("init") || words.hasPrefix("subscript") {
      name = words.prefix(while: { $0.isLetter })
      rest = words.dropFirst(name.count).drop(while: { $0 == "?" || $0 == "!" })
    } else {
      return nil
    }
    if rest.hasPrefix("<") { rest = rest[skippingBalanced: rest.startIndex] }
    guard rest.hasPrefix("(") else { return (.member, String(name)) }
    let afterParameters = rest[skippingBalanced: rest.startIndex]
    let parameters = rest[rest.index(after: rest.startIndex)..<rest.index(before: afterParameters.startIndex)]
    let labels = Self.topLevelParts(of: String(parameters)).map { part -> String in
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      let firstWord = trimmed.prefix(while: { $0 != " " && $0 != ":" })
      return (firstWord.isEmpty ? "_" : String(firstWord)) + ":"
    }
    return (.member, "\(name)(\(labels.joined()))")
  }

  private static let modifiers: Set<String> = [
    "public", "internal", "private", "fileprivate", "open", "static", "final", "mutating", "nonmutating",
    "borrowing", "consuming", "indirect", "dynamic", "override", "convenience", "required", "nonisolated",
    "package", "lazy", "weak", "unowned", "prefix", "postfix", "infix",
  ]

  /// The parts of a parameter list separated by commas outside brackets.
  private static func topLevelParts(of list: String) -> [String] {
    guard !list.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
    var parts: [String] = []
    var current = ""
    var depth = 0
    var previous: Character = " "
    for character in list {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]": depth -= 1
      case ">" where previous != "-": depth -= 1
      case "," where depth == 0:
        parts.append(current)
        current = ""
        previous = character
        continue
      default: break
      }
      current.append(character)
      previous = character
    }
    parts.append(current)
    return parts
  }

  /// The macOS version in an `@available(macOS N…` attribute among `attributes`.
  static func introducedMacOS(in attributes: String) -> MacOSVersion? {
    guard let range = attributes.range(of: "@available(macOS ") else { return nil }
    return MacOSVersion(attributes[range.upperBound...])
  }

  /// `line` without string literals and comments, so that braces inside them are not counted.
  static func code(of line: String) -> String {
    var result = ""
    var inString = false
    var escaped = false
    var previous: Character = " "
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      if character == "/" && previous == "/" {
        result.removeLast()
        break
      }
      if character == "\"" {
        inString = true
        continue
      }
      result.append(character)
      previous = character
    }
    return result
  }
}

extension Substring {
  /// What follows the bracketed group that starts at `start` (`(`, `<` or `[`), its closer included.
  fileprivate subscript(skippingBalanced start: Index) -> Substring {
    var depth = 0
    var index = start
    var previous: Character = " "
    while index < endIndex {
      let character = self[index]
      switch character {
      case "(", "<", "[": depth += 1
      case ")", "]": depth -= 1
      case ">" where previous != "-": depth -= 1
      default: break
      }
      previous = character
      index = self.index(after: index)
      if depth == 0 { return self[index...] }
    }
    return self[endIndex...]
  }
}

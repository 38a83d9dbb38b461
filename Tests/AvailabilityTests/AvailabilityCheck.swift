import Foundation

/// Reads the compiler's typed AST (`swiftc -dump-ast`) of one module and finds every reference to a
/// declaration Apple ships only after the package's deployment target (macOS 13) that is not inside
/// a declaration marked `@available(macOS N, …)` or the first branch of `if #available(macOS N, …)`
/// for a version N at least as new.
///
/// Every reference in the dump names the declaration the compiler resolved it to
/// (`decl="Swift.(file).String extension.utf8Span"`) and the types involved (`type="UTF8Span"`), so
/// the check sees what the compiler sees, overloads and inferred types included.
struct AvailabilityCheck {
  /// Standard-library members and types newer than the deployment target.
  var standardLibrary: StandardLibraryInterface
  /// Types of this package marked for newer systems, by simple name, from modules checked before.
  var packageTypes: [String: MacOSVersion] = [:]

  /// A use of something new outside a declaration or branch that is marked for it.
  struct Finding: CustomStringConvertible, Equatable {
    var location: String
    var what: String
    /// The macOS version the thing used needs.
    var needs: MacOSVersion
    var description: String { "\(location): \(what)" }
  }

  /// What a module's dump shows.
  struct Result {
    var findings: [Finding] = []
    /// Declarations the module marks for newer systems: the type names with their version, and for
    /// each public declaration its interface type.
    var markedTypes: [String: MacOSVersion] = [:]
    var markedPublicDeclarations: [(name: String, interfaceType: String, location: String)] = []
  }

  private struct Node {
    var indent: Int
    var kind: Substring
    var line: Substring
    /// The macOS version a marking on this node (its `@available`, or the branch of an
    /// `if #available`) guarantees.
    var marked: MacOSVersion?
    var availabilityCheck: MacOSVersion?
    var hasSeenBranch = false
    var findings: [Finding] = []
  }

  private static let declarationKinds: Set<Substring> = [
    "func_decl", "constructor_decl", "var_decl", "subscript_decl", "accessor_decl", "struct_decl", "enum_decl",
    "class_decl", "extension_decl", "protocol_decl", "typealias_decl", "pattern_binding_decl", "destructor_decl",
  ]

  func check(dump: String, minimum: MacOSVersion = MacOSVersion(major: 13)) -> Result {
    var result = Result()
    var stack: [Node] = []
    func pop(downTo indent: Int) {
      while let last = stack.last, last.indent >= indent {
        stack.removeLast()
        var findings = last.findings
        if let marked = last.marked {
          if last.kind == "struct_decl" || last.kind == "enum_decl" || last.kind == "class_decl" {
            if let name = Self.quotedName(in: last.line) { result.markedTypes[name] = marked }
          }
          if Self.declarationKinds.contains(last.kind), last.line.contains(" access=public"),
            let name = Self.quotedName(in: last.line)
          {
            result.markedPublicDeclarations.append(
              (name, Self.attribute("interface_type", in: last.line) ?? "", Self.location(in: last.line) ?? "?"))
          }
          findings.removeAll { $0.needs <= marked }
        }
        if stack.isEmpty {
          result.findings += findings
        } else {
          stack[stack.count - 1].findings += findings
        }
      }
    }
    var lastLocation = "?"
    for line in dump.split(separator: "\n") {
      let indent = line.prefix(while: { $0 == " " }).count
      let body = line.dropFirst(indent)
      guard body.hasPrefix("(") else { continue }
      let kind = body.dropFirst().prefix(while: { $0 != " " && $0 != ")" })
      pop(downTo: indent)
      if let location = Self.location(in: line) { lastLocation = location }
      var node = Node(indent: indent, kind: kind, line: line)

      if kind == "available_attr", let version = Self.version(after: "domain=macOS introduced=", in: line),
        version > minimum, !stack.isEmpty
      {
        stack[stack.count - 1].marked = max(stack[stack.count - 1].marked ?? version, version)
      }
      if kind == "availability_spec", let version = Self.version(after: "domain=macOS version=", in: line),
        let check = stack.lastIndex(where: { $0.kind == "if_stmt" })
      {
        stack[check].availabilityCheck = version
      }
      if kind == "brace_stmt", let parent = stack.indices.last, stack[parent].kind == "if_stmt" {
        // The first branch of `if #available(macOS N, …)` may use what N has; the `else` may not.
        if !stack[parent].hasSeenBranch { node.marked = stack[parent].availabilityCheck }
        stack[parent].hasSeenBranch = true
      }
      node.findings = findings(in: line, at: lastLocation)
      stack.append(node)
    }
    pop(downTo: 0)
    return result
  }

  /// The uses of something new on one line of the dump.
  private func findings(in line: Substring, at location: String) -> [Finding] {
    var found: [Finding] = []
    for reference in Self.attributes("decl", in: line) where reference.hasPrefix("Swift.(file).") {
      var name = reference.dropFirst("Swift.(file).".count)
      if let with = name.range(of: " [with") { name = name[..<with.lowerBound] }
      let key = name.replacingOccurrences(of: " extension", with: "")
      if let version = standardLibrary.members[key] {
        found.append(Finding(location: location, what: "uses \(key), new in macOS \(version)", needs: version))
      }
    }
    for attribute in ["type", "interface_type", "bind"] {
      for value in Self.attributes(attribute, in: line) {
        for name in Self.typeNames(in: value).map(String.init) {
          if let version = standardLibrary.types[name] {
            found.append(
              Finding(location: location, what: "uses the type \(name), new in macOS \(version)", needs: version))
          } else if let version = packageTypes[name] {
            found.append(
              Finding(
                location: location, what: "uses \(name), which this package marks for macOS \(version)", needs: version)
            )
          }
        }
      }
    }
    return found
  }

  // MARK: Reading the dump

  /// Every value of `name="…"` on the line.
  private static func attributes(_ name: String, in line: Substring) -> [Substring] {
    var values: [Substring] = []
    var rest = line[...]
    let marker = " \(name)=\""
    while let start = rest.range(of: marker) {
      let valueStart = start.upperBound
      guard let end = rest[valueStart...].firstIndex(of: "\"") else { break }
      values.append(rest[valueStart..<end])
      rest = rest[end...]
    }
    return values
  }

  private static func attribute(_ name: String, in line: Substring) -> String? {
    attributes(name, in: line).first.map(String.init)
  }

  /// The identifiers in a type as the dump writes it (`Span<UInt8>`, `(UTF8Span) -> Int?`).
  private static func typeNames(in type: Substring) -> [Substring] {
    type.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") })
      .flatMap { $0.split(separator: ".") }
  }

  /// The first quoted name on a declaration's line: `(func_decl … "isolate(_:)" …`.
  private static func quotedName(in line: Substring) -> String? {
    guard let rangeEnd = line.range(of: "] \"") else { return nil }
    let rest = line[rangeEnd.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// `file.swift:LINE` from `location=` or from the start of `range=[`.
  private static func location(in line: Substring) -> String? {
    for marker in [" location=", " range=["] {
      guard let start = line.range(of: marker) else { continue }
      let rest = line[start.upperBound...]
      let value = rest.prefix(while: { $0 != " " && $0 != ")" })
      if !value.isEmpty { return String(value) }
    }
    return nil
  }

  private static func version(after marker: String, in line: Substring) -> MacOSVersion? {
    guard let range = line.range(of: marker) else { return nil }
    return MacOSVersion(line[range.upperBound...])
  }
}

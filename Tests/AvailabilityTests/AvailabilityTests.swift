import Foundation
import Testing

/// Every module builds for the Apple systems the package declares (macOS 13, iOS 16, …): what the
/// standard library has only on newer systems (the spans' `UTF8Span` and `String.utf8Span` from the
/// 26 releases, `String(validating:)` from macOS 15) is used only inside declarations marked
/// `@available(macOS N, …)` or under `if #available(macOS N, …)`.
///
/// Linux ignores Apple availability, so no build here can fail for it. The test asks the compiler
/// instead: it type-checks each module with `swiftc -dump-ast`, using the flags the package build
/// used, and reads each reference in the typed tree against the standard library's own
/// `.swiftinterface`, which lists every declaration's `@available`.
@Suite(
  "Availability on Apple's systems",
  .enabled(if: runsOnLinux, "on Apple's systems the compiler checks availability itself, in every build"))
struct AvailabilityTests {
  /// The library modules, each after the modules it depends on.
  static let modules = [
    "BidiCore", "BidiIsolator", "BidiLocalizationCore", "BidiLocalization", "BidiAttributedText", "Bidi",
    "BidiTerminal", "BidiFixCommands", "bidi_fix",
  ]
  /// The modules with no C underneath, which apps on older systems call: their public API may be
  /// marked for the 26 releases only where its signature needs a type from them.
  static let pureSwiftModules: Set<String> = [
    "BidiCore", "BidiIsolator", "BidiLocalizationCore", "BidiLocalization", "BidiAttributedText",
  ]

  @Test("No module uses what the standard library has only on systems newer than macOS 13 outside a marked declaration")
  func modulesBuildForOlderSystems() throws {
    let build = try PackageBuild.current()
    let interface = StandardLibraryInterface(
      interface: try build.standardLibraryInterface(), newerThan: MacOSVersion(major: 13))
    // The interface lists the spans' new homes: if these are not found, the reading is wrong.
    #expect(Set(interface.types.keys).isSuperset(of: ["UTF8Span", "InlineArray"]))
    #expect(
      Set(interface.members.keys).isSuperset(of: [
        "String.utf8Span", "Array.span", "UTF8View.span", "String.init(copying:)",
      ]))
    #expect(interface.members["String.utf8Span"] == MacOSVersion(major: 26))
    #expect(interface.members["ArraySlice.span"] == nil && interface.types["Span"] == nil)

    var check = AvailabilityCheck(standardLibrary: interface)
    for module in Self.modules {
      let result = check.check(dump: try build.dumpAST(of: module))
      // One line per place: a reference often names the same declaration through several nodes.
      var seen = Set<String>()
      let places = result.findings.map(\.description).filter { seen.insert($0).inserted }
      #expect(places.isEmpty, "\(module):\n\(places.joined(separator: "\n"))")
      check.packageTypes.merge(result.markedTypes) { max($0, $1) }
      if Self.pureSwiftModules.contains(module) {
        // SPI (`@_spi(BidiCore) public`) is the package's own, public only so that other modules
        // can inline it; apps do not call it.
        for declaration in result.markedPublicDeclarations where !Self.isSPI(at: declaration.location) {
          let needsNewType = AvailabilityTests.typeNames(in: declaration.interfaceType).contains {
            interface.types[$0] != nil
          }
          #expect(
            needsNewType,
            """
            \(module): \(declaration.name) at \(declaration.location) is public and marked for the 26 \
            releases, but its signature needs nothing from them: apps on older systems need it
            """)
        }
      }
    }
  }

  @Test("The check finds a use outside a marked declaration, and accepts the same use inside one")
  func checkCanFail() throws {
    let build = try PackageBuild.current()
    let interface = StandardLibraryInterface(
      interface: try build.standardLibraryInterface(), newerThan: MacOSVersion(major: 13))
    let source = """
      func unmarked(_ text: String) -> Int { text.utf8Span.count }
      @available(macOS 26, *)
      func marked(_ text: String) -> Int { text.utf8Span.count }
      func checked(_ text: String) -> Int {
        if #available(macOS 26, *) { return text.utf8Span.count } else { return text.utf8.count }
      }
      func unchecked(_ bytes: [UInt8]) -> Int { bytes.span.count }
      func backDeployed(_ bytes: ArraySlice<UInt8>) -> Int { bytes.span.count }
      @available(SwiftStdlib 6.2, *)
      func markedByMacro(_ text: String) -> Int { text.utf8Span.count }
      func checkedByMacro(_ text: String) -> Int {
        if #available(SwiftStdlib 6.2, *) { return text.utf8Span.count } else { return text.utf8.count }
      }
      """
    let findings = AvailabilityCheck(standardLibrary: interface).check(dump: try build.dumpAST(ofSource: source))
      .findings
    let lines = Set(findings.map { $0.location.split(separator: ":").dropFirst().first.map(String.init) ?? "" })
    #expect(lines == ["1", "7"], "\(findings)")
  }

  /// Whether the declaration at `location` (`FILE:LINE:COLUMN`) is written with `@_spi`, on its
  /// line or one of the attribute lines just above it.
  static func isSPI(at location: String) -> Bool {
    let parts = location.split(separator: ":")
    guard parts.count >= 2, let line = Int(parts[1]),
      let text = try? String(contentsOfFile: String(parts[0]), encoding: .utf8)
    else { return false }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var index = line - 1
    while index >= 0 && index < lines.count && index >= line - 4 {
      if lines[index].contains("@_spi(") { return true }
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      if index < line - 1 && !trimmed.hasPrefix("@") { break }
      index -= 1
    }
    return false
  }

  static func typeNames(in type: String) -> [String] {
    type.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
  }
}

/// Whether this is Linux, where the compiler ignores Apple's availability and this test stands in.
let runsOnLinux: Bool = {
  #if os(Linux)
    true
  #else
    false
  #endif
}()

/// The package's debug build as SwiftPM left it: its manifest of compiler commands, from which each
/// module's flags are taken.
struct PackageBuild {
  /// The compiler invocation of each module, from `debug.yaml`.
  var commands: [String: [String]]
  var scratch: URL

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The build this test binary belongs to: its executable lies in `SCRATCH/TRIPLE/debug/`.
  static func current() throws -> PackageBuild {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<4 {
      let manifest = directory.appendingPathComponent("debug.yaml")
      if FileManager.default.fileExists(atPath: manifest.path) {
        return PackageBuild(commands: try commands(in: manifest), scratch: directory)
      }
      directory = directory.deletingLastPathComponent()
    }
    throw Failure(description: "no debug.yaml above \(executable.path): build with `swift build --build-tests` first")
  }

  /// The `swiftc` arguments of every module in the manifest.
  private static func commands(in manifest: URL) throws -> [String: [String]] {
    var commands: [String: [String]] = [:]
    for line in try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n") {
      guard let start = line.range(of: "args: [") else { continue }
      let json = Data(line[line.index(before: start.upperBound)...].utf8)
      guard let arguments = try? JSONDecoder().decode([String].self, from: json),
        arguments.first?.hasSuffix("swiftc") == true,
        let nameIndex = arguments.firstIndex(of: "-module-name"), nameIndex + 1 < arguments.count
      else { continue }
      let module = arguments[nameIndex + 1]
      // Tool builds (for plugins) come first; the module built for the package itself wins.
      if commands[module] == nil || !arguments.contains(where: { $0.contains("/Modules-tool/") }) {
        commands[module] = arguments
      }
    }
    return commands
  }

  /// The standard library's interface for this machine's target, next to the compiler.
  func standardLibraryInterface() throws -> String {
    guard let compiler = commands.values.first?.first else { throw Failure(description: "no compiler in debug.yaml") }
    let toolchain = URL(fileURLWithPath: compiler).deletingLastPathComponent().deletingLastPathComponent()
    let module = toolchain.appendingPathComponent("lib/swift/linux/Swift.swiftmodule")
    guard
      let name = try FileManager.default.contentsOfDirectory(atPath: module.path)
        .first(where: { $0.hasSuffix(".swiftinterface") && !$0.contains(".private.") })
    else { throw Failure(description: "no .swiftinterface in \(module.path)") }
    return try String(contentsOf: module.appendingPathComponent(name), encoding: .utf8)
  }

  /// The typed AST of `module`, type-checked with the flags its build used.
  func dumpAST(of module: String) throws -> String {
    guard let command = commands[module] else { throw Failure(description: "\(module) is not in debug.yaml") }
    return try run(Self.typeCheckOnly(command) + ["-dump-ast"])
  }

  /// The typed AST of a source file of its own, compiled as a library with no dependencies.
  func dumpAST(ofSource source: String) throws -> String {
    guard let compiler = commands.values.first?.first else { throw Failure(description: "no compiler in debug.yaml") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("availability-\(UUID()).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    // The package's availability macro, as Package.swift defines it.
    let macro = "AvailabilityMacro=SwiftStdlib 6.2:macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26"
    return try run([compiler, "-dump-ast", "-parse-as-library", "-enable-experimental-feature", macro, file.path])
  }

  /// The build command without what writes outputs: the rest (sources, search paths, package name,
  /// language mode) is what type-checking needs.
  private static func typeCheckOnly(_ command: [String]) -> [String] {
    let dropped: Set<String> = [
      "-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode", "-serialize-diagnostics",
      "-parseable-output", "-emit-objc-header", "-whole-module-optimization",
    ]
    let droppedWithValue: Set<String> = [
      "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-o",
    ]
    var result: [String] = []
    var skipNext = false
    for argument in command {
      if skipNext {
        skipNext = false
        continue
      }
      if droppedWithValue.contains(argument) {
        skipNext = true
        continue
      }
      if dropped.contains(argument) || argument.hasPrefix("-j") { continue }
      result.append(argument)
    }
    return result
  }

  /// Runs the compiler and returns what it printed: the dump goes to standard output or, when the
  /// driver runs a frontend job per file, to standard error, among any warnings (which the check
  /// skips: they do not start with a parenthesis). The driver's temporary folders go in a folder of
  /// the run's own, removed with it: the driver leaves them behind after `-dump-ast`.
  private func run(_ arguments: [String]) throws -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("availability-\(UUID())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
    let output = scratch.appendingPathComponent("dump.txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let printed = try String(contentsOf: output, encoding: .utf8)
    guard process.terminationStatus == 0 else {
      throw Failure(description: "swiftc -dump-ast failed:\n\(printed.prefix(4000))")
    }
    return printed
  }
}

import Foundation
import PackagePlugin

/// `swift package bidi-strings check` and `swift package --allow-writing-to-package-directory
/// bidi-strings fix`: `bidi-fix strings check --format xcode` or `strings fix --in-place` over the
/// translation files of the package's targets (`--target NAME` for some of them), with the
/// package's `.bidi-fix.json`. Other arguments go to `bidi-fix` (`--warnings-as-errors`, say).
@main
struct BidiStrings: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let rest = extractor.remainingArguments
    guard let verb = rest.first, verb == "check" || verb == "fix" else {
      Diagnostics.error("usage: swift package bidi-strings check|fix [--target NAME]… [bidi-fix options]")
      return
    }
    let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
    let files = targets.compactMap(\.sourceModule).flatMap(\.sourceFiles).map(\.url).filter {
      ["strings", "stringsdict", "xcstrings"].contains($0.pathExtension)
    }
    guard !files.isEmpty else {
      Diagnostics.remark(
        "no .strings, .stringsdict or .xcstrings files in \(names.isEmpty ? "the package" : names.joined(separator: ", "))"
      )
      return
    }
    var command = verb == "check" ? ["strings", "check", "--format", "xcode"] : ["strings", "fix", "--in-place"]
    let configuration = context.package.directoryURL.appendingPathComponent(".bidi-fix.json")
    if FileManager.default.fileExists(atPath: configuration.path) { command += ["--config", configuration.path] }
    command += rest.dropFirst() + files.map(\.path)

    let process = Process()
    process.executableURL = try context.tool(named: "bidi-fix").url
    process.arguments = command
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("bidi-fix strings \(verb) exited with status \(process.terminationStatus)")
    }
  }
}

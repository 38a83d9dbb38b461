import Foundation
import PackagePlugin

/// Runs `bidi-fix strings check --format xcode` over a target's `.strings`, `.stringsdict` and
/// `.xcstrings` files whenever one of them, or the package's `.bidi-fix.json`, changes: Xcode and
/// `swift build` show each finding at its line, and an error fails the build.
///
/// A build command, not a prebuild command: `bidi-fix` is built from source, which only a build
/// command may run. Its output is a stamp file that `bidi-fix` writes when the check passes, so the
/// build system runs it again only when an input changed or the last check failed.
@main
struct BidiStringsCheck: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    // A target's resources are among its source files, `.lproj` folders copied into its bundle too.
    guard let module = target.sourceModule else { return [] }
    return try Self.commands(
      files: module.sourceFiles.map(\.url), root: context.package.directoryURL,
      workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "bidi-fix").url, name: target.name)
  }

  /// The check of `files` that are translation files, with the configuration at `root`.
  static func commands(files: [URL], root: URL, workDirectory: URL, tool: URL, name: String) -> [Command] {
    let translations = files.filter { ["strings", "stringsdict", "xcstrings"].contains($0.pathExtension) }
    guard !translations.isEmpty else { return [] }
    let configuration = root.appendingPathComponent(".bidi-fix.json")
    let configured = FileManager.default.fileExists(atPath: configuration.path)
    let stamp = workDirectory.appendingPathComponent("\(name).bidi-strings-checked")
    var arguments = ["strings", "check", "--format", "xcode", "--fail-on", "error", "--stamp", stamp.path]
    if configured { arguments += ["--config", configuration.path] }
    arguments += translations.map(\.path)
    return [
      .buildCommand(
        displayName: "bidi-fix strings check \(name)", executable: tool, arguments: arguments,
        inputFiles: translations + (configured ? [configuration] : []), outputFiles: [stamp])
    ]
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension BidiStringsCheck: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      Self.commands(
        files: target.inputFiles.map(\.url), root: context.xcodeProject.directoryURL,
        workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "bidi-fix").url,
        name: target.displayName)
    }
  }
#endif

import Foundation

/// The C programs of `Tests/Fixtures` that ask a reference library (ICU, FriBidi) for its answers,
/// built into `.build/test-programs` and kept there: a later run with the same source and library
/// reuses the binary, and nothing is left in the system's temporary folder.
public enum FixtureProgram {
  /// The binary of `Tests/Fixtures/PATH` built with `cc -O1` against the pkg-config package
  /// `library` (`icu-uc`, `fribidi`), built now unless a build of the same source against the same
  /// version of the library is there. pkg-config runs with the test's environment changed by
  /// `environment` (`["PKG_CONFIG_PATH": nil]` for the system's copy of the library alone).
  ///
  /// Two test processes may build the same program at once: each builds under a name of its own
  /// and moves the binary into place, so neither runs the other's half-written file.
  ///
  /// - Throws: ``ProgramError`` when pkg-config does not know `library` or `cc` fails, with what
  ///   they printed.
  /// - Complexity: O(*n*) in the source's size, plus the compiler's time when it builds.
  public static func build(_ path: String, library: String, environment: [String: String?] = [:]) throws -> URL {
    let source = fixturesDirectory.appendingPathComponent(path)
    let text = try fixtureText(source)
    let version = try Program.run("pkg-config", ["--modversion", library], environment: environment)
    let flags = try Program.run("pkg-config", ["--cflags", "--libs", library], environment: environment)
    guard version.status == 0, flags.status == 0 else {
      throw ProgramError(description: "pkg-config has no \(library): \(version.stderr)")
    }
    let folder = repositoryRoot.appendingPathComponent(".build/test-programs")
    let name = source.deletingPathExtension().lastPathComponent
    let key = fingerprint(text + "\0" + version.text + flags.text)
    let binary = folder.appendingPathComponent("\(name)-\(String(key, radix: 16))")
    if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let partial = folder.appendingPathComponent("\(binary.lastPathComponent).\(UUID().uuidString).partial")
    defer { try? FileManager.default.removeItem(at: partial) }
    let arguments = flags.text.split(whereSeparator: \.isWhitespace).map(String.init)
    let run = try Program.run("cc", ["-O1", source.path, "-o", partial.path] + arguments)
    guard run.status == 0 else { throw ProgramError(description: "\(path) did not build: \(run.stderr)") }
    // When another process built the same program meanwhile, the move fails and its binary stays.
    try? FileManager.default.moveItem(at: partial, to: binary)
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw ProgramError(description: "\(binary.path) cannot be written")
    }
    return binary
  }

  /// FNV-1a over the UTF-8 bytes: a name that changes when the source or the library does.
  private static func fingerprint(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}

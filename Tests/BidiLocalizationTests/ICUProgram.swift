import Foundation

/// A C program of `Tests/Fixtures/icu`, built against the system's ICU with the C compiler: the
/// reference the digit shaping and locale direction tests compare with.
struct ICUProgram {
  let binary: URL

  /// Builds `Tests/Fixtures/icu/NAME`.
  init(fixture name: String) throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/icu/\(name)")
    binary = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
    let flags = try Self.output("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "icu-uc"])
      .split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    _ = try Self.output("/usr/bin/env", ["cc", "-O1", source.path, "-o", binary.path] + flags)
  }

  /// The program's output lines for `lines` on its standard input.
  func run(_ arguments: [String], lines: [String]) throws -> [String] {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("icu-input-\(UUID())")
    try lines.joined(separator: "\n").appending("\n").write(to: input, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: input) }
    let output = try Self.output(binary.path, arguments, input: input)
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  static func output(_ executable: String, _ arguments: [String], input: URL? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments) failed"])
    }
    return String(decoding: data, as: UTF8.self)
  }
}

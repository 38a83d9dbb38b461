import BidiTestSupport
import Foundation
import Testing

/// Every input the fuzzers ever saved (Fuzz/Regressions) and every fuzzing seed (the sample chat and
/// the fixtures), replayed through the fuzz targets' properties by the `bidi-fuzz` reproducer.
@Suite("fuzz regressions")
struct FuzzRegressionTests {
  static let reproducer = BidiFixBinary.url.deletingLastPathComponent().appendingPathComponent("bidi-fuzz")

  static func replay(_ target: String, _ files: [URL]) throws -> (status: Int32, output: String) {
    let run = try Program.run(reproducer.path, [target] + files.map(\.path))
    return (run.status, run.text + run.stderr)
  }

  @Test(
    "Saved crash inputs and the seeds pass every target", arguments: ["isolator", "engine", "message", "localization"])
  func replaySavedInputs(target: String) throws {
    let folder = repositoryRoot.appendingPathComponent("Fuzz/Regressions")
    let saved = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.lastPathComponent.hasPrefix(target + "-") }
    // The seeds, one line each behind a selector byte, as Scripts/fuzz makes them.
    let temporary = try TemporaryFolder()
    var seeds: [URL] = []
    let sample = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Examples/sample-chat.txt"), encoding: .utf8)
    for (index, line) in sample.split(separator: "\n").enumerated() {
      for selector in [UInt8(index), UInt8(index) | 0x80, 0x07] {
        seeds.append(try temporary.file("seed-\(index)-\(selector)", contents: Data([selector] + Array(line.utf8))))
      }
    }
    let result = try Self.replay(target, saved + seeds)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("\(saved.count + seeds.count) input(s) passed \(target)"))
  }
}

import BidiTestSupport
import Foundation
import Testing

/// `Scripts/spark-isolate --self-test`: a corpus with the lines Spark's reader could change (CR LF,
/// invalid UTF-8, a byte-order mark, no final newline, an empty partition) through four Spark
/// partitions, compared byte for byte with one `bidi-fix isolate --jsonl` run.
///
/// Spark is not part of the test suite's dependencies: the test runs only where it is installed,
/// as PySpark in `.build/spark-venv` (where `Scripts/spark-isolate` puts it) or as a Spark named by
/// SPARK_HOME. Elsewhere it is skipped, and the run says so and how to install Spark.
@Suite("spark-isolate")
struct SparkIsolateTests {
  /// The spark-submit the script would use, or nil when there is none.
  static let sparkSubmit: String? = {
    let venv = repositoryRoot.appendingPathComponent(".build/spark-venv/bin/spark-submit").path
    if FileManager.default.isExecutableFile(atPath: venv) { return venv }
    if let home = ProcessInfo.processInfo.environment["SPARK_HOME"] {
      let path = URL(fileURLWithPath: home).appendingPathComponent("bin/spark-submit").path
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }()

  @Test(
    "Spark's part files, concatenated, are bidi-fix's own output",
    .enabled(
      if: sparkSubmit != nil,
      "Spark is not installed (no .build/spark-venv/bin/spark-submit, no SPARK_HOME): not run; Scripts/spark-isolate --self-test installs PySpark"
    ),
    .timeLimit(.minutes(10)))
  func selfTest() throws {
    // The binary under test, not a release build of its own: the script skips `swift build`.
    let run = try Program.run(
      "/bin/bash",
      [repositoryRoot.appendingPathComponent("Scripts/spark-isolate").path, "--self-test", "--master", "local[2]"],
      environment: ["BIDI_FIX_BINARY": BidiFixBinary.url.path], timeout: 600)
    let log = run.text + run.stderr
    #expect(run.status == 0, "Scripts/spark-isolate --self-test failed:\n\(log.suffix(4000))")
    #expect(log.contains("self-test passed"), "\(log.suffix(4000))")
  }
}

import Foundation
import Testing

/// Where the project's own test fixtures live: `Tests/Fixtures`, found from this file's path so a
/// fresh clone tests without anything outside the repository.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Debian's `unicode-data` puts the UCD here; `UNICODE_DATA_DIR` points elsewhere.
let unicodeDataDirectory = URL(
  fileURLWithPath: ProcessInfo.processInfo.environment["UNICODE_DATA_DIR"] ?? "/usr/share/unicode")

/// Reads a file of the Unicode Character Database, recording a failure that says how to install it
/// when it is missing: a missing conformance file fails the suite, it never skips it.
func unicodeDataFile(_ name: String) -> String? {
  let url = unicodeDataDirectory.appendingPathComponent(name)
  guard let text = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      """
      \(url.path) is missing. Install Debian's Unicode Character Database \
      (`sudo apt-get install unicode-data`, or run Scripts/test, which does it) \
      or set UNICODE_DATA_DIR to a folder that holds \(name).
      """)
    return nil
  }
  return text
}

/// Parses `0627 0020 05D0` into scalars.
func scalars(hex: some StringProtocol) -> [Unicode.Scalar] {
  hex.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
}

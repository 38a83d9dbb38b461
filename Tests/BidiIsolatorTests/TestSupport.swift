import Bidi
import BidiIsolator
import Foundation
import Testing

/// `Tests/Fixtures`, found from this file's path so a fresh clone tests with nothing outside it.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Debian's `unicode-data` puts the UCD here; `UNICODE_DATA_DIR` points elsewhere.
let unicodeDataDirectory = URL(
  fileURLWithPath: ProcessInfo.processInfo.environment["UNICODE_DATA_DIR"] ?? "/usr/share/unicode")

/// Reads a file of the Unicode Character Database; a missing file fails the test with the command
/// that installs it, never skips it.
func unicodeDataFile(_ name: String) -> String? {
  let url = unicodeDataDirectory.appendingPathComponent(name)
  guard let text = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      """
      \(url.path) is missing. Install Debian's Unicode Character Database \
      (`sudo apt-get install unicode-data`) or set UNICODE_DATA_DIR to a folder that holds \(name).
      """)
    return nil
  }
  return text
}

/// What the engine displays for `text`, left to right, with mirroring and without the bidi
/// controls, in the paragraph direction `direction` (first strong by default).
func display(_ text: String, direction: BaseDirection = .auto) throws -> String {
  try BidiText(text, direction: direction).paragraphs
    .map { $0.line(options: [.mirror, .removeBidiControls]).visualString }
    .joined()
}

/// The paragraph direction the engine gives `text` by rule P2–P3.
func paragraphDirection(_ text: String) throws -> TextDirection {
  try BidiText(text, direction: .auto).paragraphs[0].direction
}

/// A right-to-left run as it appears on screen: its characters in reverse order. Tests write the
/// expected display of mixed text by hand with it, one run at a time.
func rtl(_ run: String) -> String {
  String(String.UnicodeScalarView(run.unicodeScalars.reversed()))
}

/// `text` with bidi controls spelled out (`[LRI]`), for readable failure messages.
func escaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    if let control = BidiControl(scalar) {
      result += "[\(control.abbreviation)]"
    } else if scalar.value < 0x20 || scalar.value == 0x85 || scalar.value == 0x2029 || scalar.value == 0x2028 {
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

// The controls by their abbreviations, for writing expected outputs by hand.
let lre = "\u{202A}"
let rle = "\u{202B}"
let pdf = "\u{202C}"
let lro = "\u{202D}"
let rlo = "\u{202E}"
let lri = "\u{2066}"
let rli = "\u{2067}"
let fsi = "\u{2068}"
let pdi = "\u{2069}"
let lrm = "\u{200E}"
let rlm = "\u{200F}"
let alm = "\u{061C}"

/// An isolator with the given strategy and otherwise default options.
func isolator(
  _ strategy: IsolationStrategy = .isolate, controls: ControlPolicy = .close, explicit: ExplicitDirection = .none,
  heuristic: DirectionHeuristic = .firstStrong, direction: TextDirection? = nil, kinds: EntityKinds = .all,
  members: [String] = []
) -> BidiIsolator {
  BidiIsolator(
    IsolationOptions(
      strategy: strategy, kinds: kinds, existingControls: controls, memberNames: members, explicitDirection: explicit,
      directionHeuristic: heuristic, messageDirection: direction))
}

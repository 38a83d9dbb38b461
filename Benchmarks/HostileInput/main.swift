// Times the engine on hostile paragraphs of about 2 MB each: what a server resolving user messages
// must survive without hanging or crashing. Build in release: `Scripts/bench-hostile`.
import Bidi

#if canImport(Glibc)
  import Glibc  // libm, for rounding
#endif

/// Monotonic seconds since the first call.
func now() -> Double {
  let elapsed = ContinuousClock.now - clockStart
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
let clockStart = ContinuousClock.now

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value * scale).rounded())
  let whole = String(scaled / Int(scale))
  let fraction = String(scaled % Int(scale))
  return digits == 0 ? whole : whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

func repeated(_ unit: String, toBytes bytes: Int, prefix: String = "") -> String {
  let count = max(1, (bytes - prefix.utf8.count) / unit.utf8.count)
  return prefix + String(repeating: unit, count: count)
}

let twoMegabytes = 2_000_000
let cases: [(String, String)] = [
  ("1,000,000 () pairs after a Hebrew letter", "א" + String(repeating: "()", count: 1_000_000)),
  (
    "250 isolates of 4,000 () pairs each",
    repeated("\u{2067}א" + String(repeating: "()", count: 4000) + "\u{2069}", toBytes: twoMegabytes)
  ),
  (
    "nested brackets 1,000,000 deep",
    String(repeating: "(", count: 1_000_000) + String(repeating: ")", count: 1_000_000)
  ),
  // The most rule N0 reads: in a left-to-right paragraph, 62 pairs nested around one long neutral
  // stretch with one Hebrew letter, so each pair looks through all of it for a left-to-right
  // character (the 63rd opening bracket would hand pairing to FriBidi).
  (
    "62 nested pairs around 2 MB of neutrals",
    "a" + String(repeating: "(", count: 62) + String(repeating: "- ", count: 999_900) + "א"
      + String(repeating: ")", count: 62)
  ),
  ("brackets around Arabic words", repeated("(مرحبا) [abc] ", toBytes: twoMegabytes)),
  ("RLE nested 300,000 deep (past 125)", repeated("\u{202B}a", toBytes: twoMegabytes)),
  ("RLI nested 300,000 deep (past 125)", repeated("\u{2067}a", toBytes: twoMegabytes)),
  ("100,000 sibling isolates with content", repeated("\u{2068}@علي 12\u{2069} ", toBytes: twoMegabytes)),
  (
    "isolates nested 1,000 deep, repeated",
    repeated(
      String(repeating: "\u{2066}א1", count: 1000) + String(repeating: "\u{2069}", count: 1000), toBytes: twoMegabytes)
  ),
  ("unmatched PDF and PDI", repeated("\u{202C}\u{2069}ب", toBytes: twoMegabytes)),
  ("RLO overrides with brackets", repeated("\u{202E}(a)\u{202C}", toBytes: twoMegabytes)),
  ("mixed chat text", repeated("مرحبا @我, 今天天气好吗 +1-555-0100 (https://例子.cn/路径) ", toBytes: twoMegabytes)),
]

print("| input | MB | resolve | lay out | total | result |")
print("|---|---:|---:|---:|---:|---|")
var worst = 0.0
for (name, text) in cases {
  let start = now()
  let outcome: String
  var resolvedAt = start
  do {
    let resolved = try BidiText(text, direction: .auto)
    resolvedAt = now()
    var shown = 0
    for paragraph in resolved.paragraphs {
      shown += paragraph.line(options: .display).visualScalars.count
    }
    outcome = "\(resolved.paragraphs.count) paragraph(s), \(shown) scalars shown"
  } catch {
    outcome = "error: \(error)"
  }
  let seconds = now() - start
  worst = max(worst, seconds)
  let megabytes = Double(text.utf8.count) / 1e6
  print(
    "| \(name) | \(fixed(megabytes, 2)) | \(fixed(resolvedAt - start, 3)) s | \(fixed(seconds - (resolvedAt - start), 3)) s | \(fixed(seconds, 3)) s | \(outcome) |"
  )
}
print("slowest: \(fixed(worst, 3)) s")

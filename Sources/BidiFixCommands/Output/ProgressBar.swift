import SystemPackage

/// A one-line progress report on stderr for long inputs: bytes done, rate and time left. It shows
/// only after half a second, redraws at most ten times a second, and erases itself at the end.
@available(SwiftStdlib 6.2, *)
struct ProgressBar {
  private let totalBytes: Int
  private let startTime: Double
  private var lastDraw = 0.0
  private var drawn = false

  /// `nil` for inputs too small to need one.
  init?(totalBytes: Int) {
    guard totalBytes >= 8 << 20 else { return nil }
    self.totalBytes = totalBytes
    startTime = Self.now()
  }

  mutating func update(bytesDone: Int) {
    let time = Self.now()
    guard time - startTime >= 0.5, time - lastDraw >= 0.1 else { return }
    lastDraw = time
    drawn = true
    let fraction = min(1, Double(bytesDone) / Double(max(totalBytes, 1)))
    let rate = Double(bytesDone) / max(time - startTime, 1e-6)
    let remaining = rate > 0 ? Double(totalBytes - bytesDone) / rate : 0
    let width = 24
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let line =
      "\r[\(bar)] \(Int(fraction * 100))%  \(Self.megabytes(bytesDone))/\(Self.megabytes(totalBytes)) MB  "
      + "\(Self.megabytes(Int(rate))) MB/s  ETA \(Int(remaining) / 60):\(Self.twoDigits(Int(remaining) % 60))\u{1B}[K"
    _ = try? FileDescriptor.standardError.writeAll(line.utf8)
  }

  mutating func finish() {
    guard drawn else { return }
    let clear = "\r\u{1B}[K"
    _ = try? FileDescriptor.standardError.writeAll(clear.utf8)
  }

  private static func megabytes(_ bytes: Int) -> String {
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10)"
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// Seconds since an arbitrary moment, on a clock that never goes back.
  private static func now() -> Double {
    let elapsed = ContinuousClock.now - clockStart
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  private static let clockStart = ContinuousClock.now
}

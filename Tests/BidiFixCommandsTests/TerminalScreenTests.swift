import BidiTestSupport
import Foundation
import Testing

/// What a person sees: `bidi-fix display` runs inside a real terminal (tmux, which does no bidi of
/// its own) at a fixed width, and the screen is read back with `capture-pane`.
@Suite("display in a real terminal")
struct TerminalScreenTests {
  /// The screen for Tests/Fixtures/display/terminal-sample.txt at 40 columns, worked out by hand:
  /// right-to-left lines reversed and right-aligned in cells (CJK takes two, marks none), the long
  /// Hebrew message broken before reordering so its first words stay on the first line, Arabic in
  /// presentation forms (initial meem U+FEE3, final reh U+FEAE, initial hah U+FEA3, medial beh
  /// U+FE92, final alef U+FE8E), and `@我` kept whole.
  static let expectedScreen = [
    "Hello @bob, see you at 10:30",
    String(repeating: " ", count: 31) + "םלוע םולש",
    "你好世界 ok",
    String(repeating: " ", count: 36) + "\u{05DD}\u{05D5}\u{05B9}\u{05DC}\u{05E9}\u{05B8}\u{05C1}",
    "עשת הנומש עבש שש שמח עברא שולש םייתש תחא",
    String(repeating: " ", count: 37) + "רשע",
    String(repeating: " ", count: 35) + "\u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}",
    String(repeating: " ", count: 17) + "今天天气好吗 ,@我 \u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}",
  ]

  @Test("The sample chat reads right on a 40-column tmux screen", .requires(.tmux))
  func screenMatches() throws {
    let sample = repositoryRoot.appendingPathComponent("Tests/Fixtures/display/terminal-sample.txt").path
    let screen = try Tmux.screen(
      width: 40, height: 20,
      command: "\(BidiFixBinary.url.path) display --terminal explicit --width 40 '\(sample)'")
    #expect(Array(screen.prefix(Self.expectedScreen.count)) == Self.expectedScreen)
  }
}

/// Runs a command in a detached tmux window on a private server and reads its screen.
enum Tmux {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func screen(width: Int, height: Int, command: String) throws -> [String] {
    let socket = "bidi-fix-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let marker = "__bidi_fix_done__"
    defer { _ = try? run(["-L", socket, "kill-server"]) }
    _ = try run([
      "-u", "-L", socket, "-f", "/dev/null", "new", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "t",
      "sh -c \"\(command); echo \(marker); sleep 60\"",
    ])
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      guard let captured = try? run(["-u", "-L", socket, "capture-pane", "-p", "-t", "t"]) else {
        Thread.sleep(forTimeInterval: 0.1)
        continue
      }
      let lines = captured.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if let end = lines.firstIndex(of: marker) { return Array(lines[..<end]) }
      Thread.sleep(forTimeInterval: 0.1)
    }
    throw Failure(description: "the command did not finish inside tmux within 30 s")
  }

  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    // `new` is tmux's short name for the command that starts a terminal and its server.
    if arguments.contains("new") {
      // The tmux server outlives its client: start the client with posix_spawn and wait for it.
      guard spawnAndWait(["tmux"] + arguments) == 0 else {
        throw Failure(description: "tmux could not start a terminal")
      }
      return ""
    }
    let run = try Program.run("tmux", arguments, environment: environmentChanges)
    guard run.status == 0 || arguments.contains("kill-server") else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(run.stderr)")
    }
    return run.text
  }

  /// A UTF-8 locale, and none of an enclosing tmux's variables.
  private static let environmentChanges: [String: String?] = ["LANG": "C.UTF-8", "TMUX": nil]

  private static func spawnAndWait(_ arguments: [String]) -> Int32 {
    // Every pipe the tests make is close-on-exec, and made under the lock `Program.spawn` takes, so
    // the tmux client and the server it leaves running cannot inherit one.
    let nothing = [("/dev/null", O_RDONLY), ("/dev/null", O_WRONLY), ("/dev/null", O_WRONLY)]
    guard let pid = try? Program.spawn(arguments, environment: environmentChanges, standardFiles: nothing) else {
      return -1
    }
    var status: Int32 = 0
    unsafe waitpid(pid, &status, 0)
    return (status >> 8) & 0xFF
  }
}

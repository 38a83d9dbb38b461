@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import Testing

/// Bad input gets a clear message, a documented exit status, and loses nothing: every byte not
/// meant to change comes out unchanged.
@Suite("bidi-fix on bad input")
struct BadInputTests {
  static let commands: [[String]] = [
    ["isolate"], ["strip"], ["strip", "--all"], ["display", "--no-wrap", "--align", "none"],
  ]

  @Test("Line endings, blank lines and a missing final newline are kept", arguments: commands)
  func lineEndings(command: [String]) throws {
    // CRLF, blank lines, no final LF; a lone CR inside a line is data, except for `display`, where
    // it separates paragraphs.
    let loneCR = command[0] == "display" ? "" : "def\rghi\n"
    let input = "abc\r\n\r\n\n" + loneCR + "last"
    let run = try BidiFixBinary.run(command, input: input)
    #expect(run.status == 0)
    #expect(run.text == input)
  }

  @Test("An empty file gives empty output")
  func emptyInput() throws {
    let run = try BidiFixBinary.run(["isolate"], input: "")
    #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty)
  }

  @Test("NUL bytes are data")
  func nulBytes() throws {
    let input = Data("a\u{0}b @bob\u{0}\n".utf8)
    let run = try BidiFixBinary.run(["isolate"], input: input)
    #expect(run.status == 0)
    #expect(run.stdout == Data("a\u{0}b \u{2066}@bob\u{2069}\u{0}\n".utf8))
  }

  static let invalidUTF8: [(String, [UInt8])] = [
    ("truncated sequence", [0xE4, 0xBD]),
    ("overlong slash", [0xC0, 0xAF]),
    ("overlong three-byte", [0xE0, 0x80, 0xAF]),
    ("surrogate", [0xED, 0xA0, 0x80]),
    ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
    ("byte F5", [0xF5]),
    ("byte FF", [0xFF]),
    ("stray continuation", [0x80]),
  ]

  @Test("Invalid UTF-8 passes through untouched with a warning naming FILE:LINE", arguments: invalidUTF8)
  func invalidBytesPassThrough(name: String, bad: [UInt8]) throws {
    var input = Data("ok\nمرحبا @bob ".utf8)
    input.append(contentsOf: bad)
    input.append(contentsOf: Array(" +1-555\n".utf8))
    let run = try BidiFixBinary.run(["isolate"], input: input)
    #expect(run.status == 0)
    var expected = Data("ok\nمرحبا \u{2066}@bob\u{2069} ".utf8)
    expected.append(contentsOf: bad)
    expected.append(contentsOf: Array(" \u{2066}+1-555\u{2069}\n".utf8))
    #expect(run.stdout == expected, "\(name)")
    #expect(run.stderr.contains("<stdin>:2: warning: invalid UTF-8 (\(bad.count) byte"))
    let strict = try BidiFixBinary.run(["isolate", "--strict"], input: input)
    #expect(strict.status == 2)
    #expect(strict.stdout == expected)
    #expect(strict.stderr.contains("<stdin>:2: error: invalid UTF-8"))
  }

  /// The reader checks each megabyte chunk's complete lines at once and passes a well-formed chunk's
  /// lines on as checked; a chunk with a bad byte anywhere has every line checked on its own, and
  /// chunks are read into again once a batch's lines are done. Bad lines must be found, and good
  /// ones isolated, in every such chunk and across chunk boundaries.
  @Test("Invalid UTF-8 is found on every line that has it, wherever the reader's chunks fall")
  func invalidBytesAcrossChunks() throws {
    let megabyte = 1 << 20
    var input = Data()
    var expected = Data()
    var bad: Set<Int> = []
    var number = 0
    // Over two batches of lines, so that the third reads into chunks the first let go of.
    while input.count < 9 * megabyte {
      number += 1
      // The first line (the first chunk), none in the second chunk, in the third the line that
      // runs across its start and one in its middle, and one in a chunk read again.
      let lineEnd = input.count + Data("مرحبا @bob X شكرا\n".utf8).count
      let isBad =
        number == 1
        || [2 * megabyte, 5 * megabyte / 2, 17 * megabyte / 2].contains { input.count < $0 && lineEnd >= $0 }
      let badByte: [UInt8] = isBad ? [0xFF] : []
      if isBad { bad.insert(number) }
      input.append(contentsOf: Array("مرحبا @bob ".utf8) + badByte + Array(" شكرا\n".utf8))
      expected.append(contentsOf: Array("مرحبا \u{2066}@bob\u{2069} ".utf8) + badByte + Array(" شكرا\n".utf8))
    }
    // And the last line.
    input.append(contentsOf: Array("مرحبا @bob ".utf8) + [0xFF] + Array(" شكرا\n".utf8))
    expected.append(contentsOf: Array("مرحبا \u{2066}@bob\u{2069} ".utf8) + [0xFF] + Array(" شكرا\n".utf8))
    bad.insert(number + 1)
    #expect(bad.count == 5)
    let run = try BidiFixBinary.run(["isolate"], input: input)
    #expect(run.status == 0)
    #expect(run.stdout == expected)
    let warned = Set(
      run.stderr.split(separator: "\n").compactMap { line -> Int? in
        guard line.hasPrefix("<stdin>:"), line.contains("warning: invalid UTF-8 (1 byte") else { return nil }
        return Int(line.dropFirst("<stdin>:".count).prefix { $0 != ":" })
      })
    #expect(warned == bad)
  }

  /// The sanitiser drops a lone PDI, and the ill-formed bytes on its two sides must not then join
  /// into a character that was never there: here an RLO.
  @Test(
    "Ill-formed bytes around a control the sanitiser drops never join into a new character",
    arguments: [
      ["isolate"], ["strip", "--all"], ["display", "--width", "52"],
    ])
  func illFormedBytesStayApart(_ arguments: [String]) throws {
    let input = Data([0x61, 0xE2, 0x80] + Array("\u{2069}".utf8) + [0xAE, 0x62, 0x0A])
    let run = try BidiFixBinary.run(arguments, input: input)
    #expect(run.status == 0)
    #expect(run.stdout == input, "\(Array(run.stdout))")
    #expect(!run.text.unicodeScalars.contains("\u{202E}"))
  }

  @Test("A missing file, a directory and an unreadable file each give one clear line and exit 2")
  func unusableFiles() throws {
    let folder = try TemporaryFolder()
    let good = try folder.file("good.txt", contents: Data("@bob\n".utf8))
    let missing = folder.url.appendingPathComponent("missing.txt").path
    let run = try BidiFixBinary.run(["isolate", missing, good.path, folder.url.path])
    #expect(run.status == 2)
    #expect(run.text == "\u{2066}@bob\u{2069}\n")  // the good file is still processed
    #expect(run.stderr == "bidi-fix: \(missing): no such file\nbidi-fix: \(folder.url.path): is a directory\n")

    let secret = try folder.file("secret.txt", contents: Data("x\n".utf8))
    unsafe chmod(secret.path, 0o000)
    let unreadable: ProgramRun
    if geteuid() == 0 {
      // root reads anything: run as nobody, which cannot.
      unsafe chmod(folder.url.path, 0o755)
      unreadable = try BidiFixBinary.run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", "--", BidiFixBinary.url.path, "isolate", secret.path],
        launcher: "/usr/bin/setpriv")
    } else {
      unreadable = try BidiFixBinary.run(["isolate", secret.path])
    }
    #expect(unreadable.status == 2)
    #expect(unreadable.stderr == "bidi-fix: \(secret.path): permission denied\n")
  }

  @Test(
    "A closed stdout ends the run at once and quietly, killed by SIGPIPE as cat is, even with SIGPIPE ignored",
    arguments: ["isolate", "scan --json", "display --terminal none", "check", "inspect"], [false, true])
  func closedPipe(command: String, ignoringSIGPIPE: Bool) throws {
    let line = "مرحبا @bob +1-555-0100 https://example.com/a \u{202E}x\n"
    let input = Data(String(repeating: line, count: 200_000).utf8)
    let arguments = command.split(separator: " ").map(String.init)
    // A shell that ignores SIGPIPE passes that on: the write then fails with EPIPE instead.
    let run =
      ignoringSIGPIPE
      ? try BidiFixBinary.runClosingStdout(
        ["-c", "trap '' PIPE; exec \"$0\" \"$@\"", BidiFixBinary.url.path] + arguments, input: input,
        launcher: "/bin/sh")
      : try BidiFixBinary.runClosingStdout(arguments, input: input)
    #expect(run.stderr == "")
    #expect(run.killedBySignal && run.status == SIGPIPE)
    #expect(run.stdout.count == 4096)
  }

  @Test("`bidi-fix isolate FILE | head -1` in a shell prints one line, no message, and status 141 in PIPESTATUS")
  func headOfAPipeline() throws {
    let folder = try TemporaryFolder()
    let line = "שלום @bob, see https://example.com/a?b=1\n"
    let file = try folder.file("big.txt", contents: Data(String(repeating: line, count: 300_000).utf8))
    let script = "\"$0\" isolate \"$1\" | head -1; echo \"status ${PIPESTATUS[0]}\""
    let run = try BidiFixBinary.run(["-c", script, BidiFixBinary.url.path, file.path], launcher: "/bin/bash")
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.text == "שלום \u{2066}@bob\u{2069}, see \u{2066}https://example.com/a?b=1\u{2069}\nstatus 141\n")
  }

  @Test("A full disk (/dev/full) ends the run with one line and exit 3", .requires(.devFull))
  func fullDisk() throws {
    let run = try BidiFixBinary.run(["isolate"], input: Data("@bob\n".utf8), stdout: URL(fileURLWithPath: "/dev/full"))
    #expect(run.status == 3)
    #expect(run.stderr == "bidi-fix: no space left on the output device\n")
  }

  @Test("Unbalanced controls are closed, and nothing spills into the next line")
  func unbalancedControls() throws {
    let input = "\u{202E}abc\n\u{2069}\u{202C}def\n" + String(repeating: "\u{2067}", count: 200) + "x\n"
    let run = try BidiFixBinary.run(["isolate"], input: input)
    #expect(run.status == 0)
    let lines = run.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "\u{2067}\u{202E}abc\u{202C}\u{2069}")
    #expect(lines[1] == "def")
    // Initiators past the depth limit do nothing and are dropped; the rest are closed on their line.
    let third = lines[2]
    let opened = third.unicodeScalars.filter { $0 == "\u{2067}" }.count
    #expect(third.unicodeScalars.filter { $0 == "\u{2069}" }.count == opened)
    #expect(opened > 0 && opened <= 63)
    #expect(third.hasSuffix("x" + String(repeating: "\u{2069}", count: opened)))
    #expect(lines[3] == "")
  }
}

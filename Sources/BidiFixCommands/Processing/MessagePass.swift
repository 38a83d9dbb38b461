@_spi(BidiCore) import BidiCore
import BidiIsolator
import BidiTerminal

/// One `bidi-fix` message pass over the raw bytes of a line, exactly as the commands run it (invalid
/// UTF-8 stretches passed through, the rest rewritten), for fuzzing and for callers that hold lines
/// as bytes.
///
/// ```swift
/// MessagePass.isolate(Array("call +1-555".utf8))   // "call \u{2066}+1-555\u{2069}" as bytes
/// ```
///
/// - Complexity: O(*n*) in the line's length.
@available(SwiftStdlib 6.2, *)
public enum MessagePass {
  /// `bidi-fix isolate` on one line (without its terminator).
  public static func isolate(_ line: [UInt8]) -> [UInt8] {
    let isolator = BidiIsolator()
    return run(
      MessageRewriter(layout: .lines, strict: false) { message, _, output in
        isolator.isolate(validUTF8: message, appendingTo: &output)
      }, line)
  }

  /// `bidi-fix display` on one line at `width` cells (`nil`: no wrapping).
  public static func display(_ line: [UInt8], width: Int?) -> [UInt8] {
    let display = TerminalDisplay(layout: TerminalLayout(width: width))
    return run(
      MessageRewriter(layout: .lines, strict: false, workspace: { TerminalDisplay.Workspace() }) {
        message, _, output, workspace in
        display.render(validUTF8: message, lineBreak: [0x0A], appendingTo: &output, workspace: &workspace)
      }, line)
  }

  /// `bidi-fix isolate --jsonl --field text` on one record.
  public static func isolateRecord(_ line: [UInt8]) -> [UInt8] {
    let isolator = BidiIsolator()
    let layout = MessageLayout.jsonLines(JSONFieldLocator(paths: ["text", "author.name"]))
    return run(
      MessageRewriter(layout: layout, strict: false) { message, _, output in
        isolator.isolate(validUTF8: message, appendingTo: &output)
      }, line)
  }

  /// `bidi-fix strip` on one line: the controls an isolator inserted removed.
  public static func strip(_ line: [UInt8]) -> [UInt8] {
    let isolator = BidiIsolator()
    return run(
      MessageRewriter(layout: .lines, strict: false) { message, _ in isolator.removeIsolation(from: message) }, line)
  }

  /// `bidi-fix check` on one line: its report, one finding per line of text.
  public static func check(_ line: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var diagnostics: [Diagnostic] = []
    line.withBytes { bytes in
      CheckReport(
        layout: .lines, strict: false, reporter: TextReporter(namesKind: false),
        severities: CheckConfiguration().severities(of: ReportRule.controlRules, warningsAsErrors: false),
        failOn: .warning
      ).process(
        bytes, line: LineInfo(terminator: .lineFeed, number: 1), from: "", into: &output, diagnostics: &diagnostics)
    }
    return output
  }

  private static func run<Workspace>(_ command: MessageRewriter<Workspace>, _ line: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var diagnostics: [Diagnostic] = []
    line.withBytes { bytes in
      command.process(
        bytes, line: LineInfo(terminator: .lineFeed, number: 1), from: "", into: &output, diagnostics: &diagnostics)
    }
    return output
  }
}

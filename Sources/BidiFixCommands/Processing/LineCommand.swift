@_spi(BidiCore) import BidiCore

/// What a command does with one input line. Implementations are values, shared by all jobs.
@available(SwiftStdlib 6.2, *)
protocol LineCommand: Sendable {
  /// Memory a job keeps from line to line and batch to batch: one per job, made once.
  associatedtype Workspace: Sendable = Void

  /// Whether each input line becomes one output record ending as the input line ended (`isolate`,
  /// `strip`, `display`), rather than a report ending in LF (`scan`, `inspect`, `check`).
  var keepsLineEndings: Bool { get }

  /// A job's workspace.
  func makeWorkspace() -> Workspace

  /// Processes the bytes of one line (without its terminator) of the input named `source`,
  /// appending its output and any diagnostics.
  func process(
    _ bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic])

  /// ``process(_:line:from:into:diagnostics:)`` in a job's workspace.
  func process(
    _ bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic], workspace: inout Workspace)
}

@available(SwiftStdlib 6.2, *)
extension LineCommand where Workspace == Void {
  func makeWorkspace() {}

  func process(
    _ bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic], workspace: inout Void
  ) {
    process(bytes, line: line, from: source, into: &output, diagnostics: &diagnostics)
  }
}

/// Where messages are in a line: the whole line, or string fields of a JSON Lines record.
@available(SwiftStdlib 6.2, *)
enum MessageLayout: Sendable {
  case lines
  case jsonLines(JSONFieldLocator)
}

/// A command that rewrites each message's text and leaves every other byte alone: the shared
/// machinery of `isolate`, `strip` and `display`.
///
/// Invalid UTF-8 is never rewritten: the well-formed stretches around it are rewritten one by one and
/// the bad bytes pass through with a warning (an error under `--strict`).
@available(SwiftStdlib 6.2, *)
struct MessageRewriter<Workspace: Sendable>: LineCommand {
  let layout: MessageLayout
  let strict: Bool
  private let workspace: @Sendable () -> Workspace
  /// Appends the new text of a message, given as validated UTF-8, to the output; the terminator is
  /// the input line's, for a rewrite that spans lines.
  let rewrite: @Sendable (Span<UInt8>, LineTerminator, inout [UInt8], inout Workspace) -> Void

  var keepsLineEndings: Bool { true }

  /// A rewriter that works on the message's bytes in a job's workspace, which `workspace` makes.
  init(
    layout: MessageLayout, strict: Bool, workspace: @escaping @Sendable () -> Workspace,
    rewritingBytes rewrite: @escaping @Sendable (Span<UInt8>, LineTerminator, inout [UInt8], inout Workspace) -> Void
  ) {
    self.layout = layout
    self.strict = strict
    self.workspace = workspace
    self.rewrite = rewrite
  }

  func makeWorkspace() -> Workspace { workspace() }

  func process(
    _ bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic]
  ) {
    var workspace = makeWorkspace()
    process(bytes, line: line, from: source, into: &output, diagnostics: &diagnostics, workspace: &workspace)
  }

  func process(
    _ bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic], workspace: inout Workspace
  ) {
    switch layout {
    case .lines:
      rewriteText(bytes, line: line, into: &output, diagnostics: &diagnostics, workspace: &workspace)
    case .jsonLines(let locator):
      rewriteRecord(
        bytes, locator: locator, line: line.number, into: &output, diagnostics: &diagnostics, workspace: &workspace)
    }
  }

  private func rewriteText(
    _ bytes: Span<UInt8>, line: LineInfo, into output: inout [UInt8], diagnostics: inout [Diagnostic],
    workspace: inout Workspace
  ) {
    let terminator = line.terminator == .none ? LineTerminator.lineFeed : line.terminator
    if line.isKnownValid || UTF8Stretches.isValid(bytes) {
      rewrite(bytes, terminator, &output, &workspace)
      return
    }
    var invalidBytes = 0
    let stretches = UTF8Stretches.split(bytes)
    for (index, stretch) in stretches.enumerated() {
      let part = bytes.extracting(stretch.range)
      if stretch.isValid {
        let start = output.count
        rewrite(part, terminator, &output, &workspace)
        // A stretch rewritten to nothing (a lone PDI the sanitiser drops) would join the ill-formed
        // bytes on either side, and they can then read as a character that was never in the input,
        // even a bidi control: `E2 80`, PDI, `AE` would become an RLO. Such a stretch stays as it was.
        if output.count == start && index > 0 && index + 1 < stretches.count {
          output.append(copying: part)
        }
      } else {
        output.append(copying: part)
        invalidBytes += part.count
      }
    }
    diagnostics.append(Diagnostic.invalidUTF8(bytes: invalidBytes, line: line.number, strict: strict))
  }

  private func rewriteRecord(
    _ bytes: Span<UInt8>, locator: JSONFieldLocator, line: Int, into output: inout [UInt8],
    diagnostics: inout [Diagnostic], workspace: inout Workspace
  ) {
    guard
      let fields = JSONRecordReader.stringFields(
        in: bytes, locator: locator, line: line, strict: strict, outcome: "; left unchanged",
        diagnostics: &diagnostics)
    else {
      output.append(copying: bytes)
      return
    }
    var copied = 0
    var rewritten: [UInt8] = []
    for string in fields {
      rewritten.removeAll(keepingCapacity: true)
      let value = Array(string.value.utf8)
      value.withBytes { rewrite($0, .lineFeed, &rewritten, &workspace) }
      guard rewritten != value else { continue }
      output.append(copying: bytes.extracting(copied..<string.field.range.lowerBound))
      // The rewrite of a well-formed string is well-formed: its bytes are escaped as they are.
      rewritten.withBytes { JSONString.encode($0, into: &output) }
      copied = string.field.range.upperBound
    }
    output.append(copying: bytes.extracting(copied...))
  }

}

@available(SwiftStdlib 6.2, *)
extension MessageRewriter where Workspace == Void {
  /// A rewriter that works on the message's bytes, with no `String` made for the common line.
  init(
    layout: MessageLayout, strict: Bool,
    rewritingBytes rewrite: @escaping @Sendable (Span<UInt8>, LineTerminator, inout [UInt8]) -> Void
  ) {
    self.init(layout: layout, strict: strict, workspace: {}) { message, terminator, output, _ in
      rewrite(message, terminator, &output)
    }
  }

  /// A rewriter from one string to another.
  init(layout: MessageLayout, strict: Bool, rewrite: @escaping @Sendable (String, LineTerminator) -> String) {
    self.init(layout: layout, strict: strict) { message, terminator, output in
      output.append(contentsOf: rewrite(String(validUTF8: message), terminator).utf8)
    }
  }
}

/// The diagnostic for a line with invalid UTF-8.
@available(SwiftStdlib 6.2, *)
extension Diagnostic {
  static func invalidUTF8(bytes: Int, line: Int, strict: Bool) -> Diagnostic {
    Diagnostic(
      severity: strict ? .error : .warning, line: line, column: nil,
      text: "invalid UTF-8 (\(bytes) byte\(bytes == 1 ? "" : "s") passed through unchanged)")
  }
}

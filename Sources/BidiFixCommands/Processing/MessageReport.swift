/// A command that reports on the messages of each line rather than rewriting them (`scan`,
/// `inspect`, `check`): finding a line's messages is written here once.
///
/// A whole line of well-formed UTF-8, the common case, is one message, handed over as its bytes
/// without being validated again; any other line (invalid UTF-8, JSON Lines records) is read by
/// ``MessageExtraction``, which reports what it cannot read.
@_spi(BidiCore) import BidiCore

@available(SwiftStdlib 6.2, *)
protocol MessageReport: LineCommand {
  var layout: MessageLayout { get }
  /// Whether invalid UTF-8 and fields that are not strings are errors rather than warnings.
  var strict: Bool { get }

  /// Reports on the messages of one line.
  func report(
    _ messages: [MessageExtraction.Message], line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic])

  /// Reports on a line that is one message of well-formed UTF-8, from its bytes. By default, the
  /// message is decoded and reported as any other.
  func report(
    validLine bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic])
}

@available(SwiftStdlib 6.2, *)
extension MessageReport {
  var keepsLineEndings: Bool { false }

  func process(
    _ bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic]
  ) {
    if isOneValidMessage(bytes, line: line) {
      report(validLine: bytes, line: line, from: source, into: &output, diagnostics: &diagnostics)
    } else {
      let messages = MessageExtraction.messages(
        in: bytes, line: line, layout: layout, strict: strict, diagnostics: &diagnostics)
      report(messages, line: line, from: source, into: &output, diagnostics: &diagnostics)
    }
  }

  func report(
    validLine bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic]
  ) {
    let message = MessageExtraction.Message(field: nil, text: String(validUTF8: bytes))
    report([message], line: line, from: source, into: &output, diagnostics: &diagnostics)
  }

  /// The messages of one line, as ``process(_:line:from:into:diagnostics:)`` finds them.
  func messages(
    in bytes: Span<UInt8>, line: LineInfo, diagnostics: inout [Diagnostic]
  ) -> [MessageExtraction.Message] {
    guard !isOneValidMessage(bytes, line: line) else {
      return [MessageExtraction.Message(field: nil, text: String(validUTF8: bytes))]
    }
    return MessageExtraction.messages(in: bytes, line: line, layout: layout, strict: strict, diagnostics: &diagnostics)
  }

  private func isOneValidMessage(_ bytes: Span<UInt8>, line: LineInfo) -> Bool {
    guard case .lines = layout else { return false }
    return line.isKnownValid || UTF8Stretches.isValid(bytes)
  }
}

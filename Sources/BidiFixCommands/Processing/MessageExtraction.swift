@_spi(BidiCore) import BidiCore

/// The messages of one input line, for the commands that report on messages rather than rewrite them.
@available(SwiftStdlib 6.2, *)
enum MessageExtraction {
  struct Message {
    /// The JSON Lines field it came from, or `nil` for a whole line.
    var field: String?
    var text: String
  }

  /// Decodes a line's messages. Invalid UTF-8 is reported (an error under `--strict`) and read with
  /// U+FFFD in place of the bad bytes, so the rest of the line is still looked at.
  static func messages(
    in bytes: Span<UInt8>, line: LineInfo, layout: MessageLayout, strict: Bool, diagnostics: inout [Diagnostic]
  ) -> [Message] {
    switch layout {
    case .lines:
      var copy: [UInt8] = []
      copy.append(copying: bytes)
      // One validation: the String's own. Only a line that fails it is read a second time.
      if let text = String(validating: copy, as: UTF8.self) { return [Message(field: nil, text: text)] }
      let invalid = UTF8Stretches.split(bytes).filter { !$0.isValid }.reduce(0) { $0 + $1.range.count }
      diagnostics.append(
        Diagnostic(
          severity: strict ? .error : .warning, line: line.number, column: nil,
          text: "invalid UTF-8 (\(invalid) byte\(invalid == 1 ? "" : "s") read as U+FFFD)"))
      return [Message(field: nil, text: String(decoding: copy, as: UTF8.self))]
    case .jsonLines(let locator):
      let fields = JSONRecordReader.stringFields(
        in: bytes, locator: locator, line: line.number, strict: strict, outcome: "",
        diagnostics: &diagnostics)
      return (fields ?? []).map { Message(field: $0.field.path, text: $0.value) }
    }
  }
}

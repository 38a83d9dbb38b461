/// The messages of one input line, for the commands that report on messages rather than rewrite them.
enum MessageExtraction {
  struct Message {
    /// The JSON Lines field it came from, or `nil` for a whole line.
    var field: String?
    var text: String
  }

  /// Decodes a line's messages. Invalid UTF-8 is reported (an error under `--strict`) and read with
  /// U+FFFD in place of the bad bytes, so the rest of the line is still looked at.
  static func messages(
    in line: InputLine, layout: MessageLayout, strict: Bool, diagnostics: inout [Diagnostic]
  ) -> [Message] {
    line.bytes.withUnsafeBufferPointer { bytes in
      let valid = UTF8Stretches.isValid(bytes)
      switch layout {
      case .lines:
        if !valid {
          let invalid = UTF8Stretches.split(bytes).filter { !$0.isValid }.reduce(0) { $0 + $1.range.count }
          diagnostics.append(
            Diagnostic(
              severity: strict ? .error : .warning, line: line.number, column: nil,
              text: "invalid UTF-8 (\(invalid) byte\(invalid == 1 ? "" : "s") read as U+FFFD)"))
        }
        return [Message(field: nil, text: String(decoding: bytes, as: UTF8.self))]
      case .jsonLines(let locator):
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return [] }
        guard valid else {
          diagnostics.append(
            Diagnostic(severity: .error, line: line.number, column: nil, text: "record is not valid UTF-8"))
          return []
        }
        let fields: [JSONFieldLocator.Field]
        do throws(JSONFieldLocator.SyntaxError) {
          fields = try locator.fields(in: bytes)
        } catch {
          diagnostics.append(
            Diagnostic(
              severity: .error, line: line.number, column: nil,
              text: "not a JSON record (\(error.reason) at byte \(error.offset + 1))"))
          return []
        }
        return fields.compactMap { field in
          guard field.isString,
            let text = JSONString.decode(UnsafeBufferPointer(rebasing: bytes[field.range]))
          else {
            diagnostics.append(
              Diagnostic(
                severity: strict ? .error : .warning, line: line.number, column: nil,
                text: "field '\(field.path)' is not a string"))
            return nil
          }
          return Message(field: field.path, text: text)
        }
      }
    }
  }
}

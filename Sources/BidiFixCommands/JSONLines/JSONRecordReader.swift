/// Reading the message fields of one JSON Lines record, with the diagnostics every command gives
/// for a record it cannot use: shared by the commands that rewrite fields and those that report.
@available(SwiftStdlib 6.2, *)
enum JSONRecordReader {
  /// A string field and its decoded value.
  struct StringField {
    var field: JSONFieldLocator.Field
    var value: String
  }

  /// The string fields at the locator's paths, sorted by position; `nil` for a blank line (kept
  /// between records as it is) or a record that is not valid UTF-8 or not JSON (reported). A field
  /// that is not a string, or holds an escape no Swift string can represent, is reported and left
  /// out. `outcome` ends each message, such as "; left unchanged".
  static func stringFields(
    in bytes: Span<UInt8>, locator: JSONFieldLocator, line: Int, strict: Bool, outcome: String,
    diagnostics: inout [Diagnostic]
  ) -> [StringField]? {
    if bytes.indices.allSatisfy({ bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }) { return nil }
    guard UTF8Stretches.isValid(bytes) else {
      diagnostics.append(
        Diagnostic(severity: .error, line: line, column: nil, text: "record is not valid UTF-8\(outcome)"))
      return nil
    }
    let fields: [JSONFieldLocator.Field]
    do throws(JSONFieldLocator.SyntaxError) {
      fields = try locator.fields(in: bytes)
    } catch {
      diagnostics.append(
        Diagnostic(
          severity: .error, line: line, column: nil,
          text: "not a JSON record (\(error.reason) at byte \(error.offset + 1))\(outcome)"))
      return nil
    }
    var strings: [StringField] = []
    for field in fields.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      guard field.isString else {
        diagnostics.append(
          Diagnostic(
            severity: strict ? .error : .warning, line: line, column: nil,
            text: "field '\(field.path)' is not a string\(outcome)"))
        continue
      }
      guard let value = JSONString.decode(bytes.extracting(field.range)) else {
        diagnostics.append(
          Diagnostic(
            severity: strict ? .error : .warning, line: line, column: nil,
            text: "field '\(field.path)' holds an escape no string can represent\(outcome)"))
        continue
      }
      strings.append(StringField(field: field, value: value))
    }
    return strings
  }
}

import BidiTerminal

/// How `inspect` shows characters that have no glyph of their own.
@available(SwiftStdlib 6.2, *)
enum CharacterNames {
  private static let controlNames: [UInt32: String] = [
    0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO",
    0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI",
    0x200E: "LRM", 0x200F: "RLM", 0x061C: "ALM", 0x200D: "ZWJ", 0x200C: "ZWNJ",
    0x200B: "ZWSP", 0xFEFF: "BOM", 0x0009: "TAB", 0x000A: "LF", 0x000D: "CR", 0x0020: "SP",
    0x00A0: "NBSP", 0x2029: "PS", 0x2028: "LS", 0x0000: "NUL",
  ]

  /// A short visible form: the control's abbreviation, a dotted circle under a combining mark, or
  /// the character itself.
  static func display(_ scalar: Unicode.Scalar) -> String {
    if let name = controlNames[scalar.value] { return name }
    if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return "^" + String(scalar.value, radix: 16) }
    if CellWidth.of(scalar) == 0 { return "◌" + String(scalar) }
    return String(scalar)
  }

  /// `U+05D0`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// A visual string with its invisible controls named in brackets, for the line under the table.
  static func printable(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if let name = controlNames[scalar.value], scalar != " " {
        out += "[\(name)]"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

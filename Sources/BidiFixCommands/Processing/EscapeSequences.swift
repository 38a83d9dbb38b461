/// `\uXXXX` and `\u{X…}` escapes, so any code point sequence can be typed or scripted
/// (`bidi-fix inspect --escapes 'a\u2067b'`).
@available(SwiftStdlib 6.2, *)
enum EscapeSequences {
  /// Replaces each escape naming a Unicode scalar with it; anything else, malformed escapes and
  /// surrogates included, stays as written.
  ///
  /// ```swift
  /// EscapeSequences.decode(#"\u05D0\u{1F600}\q"#)   // "א😀\q"
  /// ```
  static func decode(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      if scalars[i] == "\\", i + 1 < scalars.count, scalars[i + 1] == "u" {
        if i + 2 < scalars.count, scalars[i + 2] == "{",
          let close = scalars[(i + 3)...].prefix(9).firstIndex(of: "}"),
          let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 3)..<close])), radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          result.append(scalar)
          i = close + 1
          continue
        }
        if i + 6 <= scalars.count,
          let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)..<(i + 6)])), radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          result.append(scalar)
          i += 6
          continue
        }
      }
      result.append(scalars[i])
      i += 1
    }
    return String(result)
  }
}

import Bidi

/// What the engine displays for `text`, left to right, with brackets mirrored and without the bidi
/// controls, in the paragraph direction `direction` (first strong by default): every paragraph, one
/// after the other.
///
/// - Complexity: O(*n*) in the length of `text`, as the engine lays it out.
public func display(_ text: String, direction: BaseDirection = .auto) throws -> String {
  try BidiText(text, direction: direction).paragraphs
    .map { $0.line(options: [.mirror, .removeBidiControls]).visualString }
    .joined()
}

/// `text` with bidi controls written as their abbreviations (`[LRI]`) and the other invisible
/// characters (C0 controls, NEL, the line and paragraph separators) as `\u{…}`, for failure
/// messages that show what a string holds.
///
/// - Complexity: O(*n*) in the length of `text`.
public func escaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    if let control = BidiControl(scalar) {
      result += "[\(control.abbreviation)]"
    } else if scalar.value < 0x20 || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029 {
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// The characters a display of `text` shows, counted, with the two brackets of a mirrored pair
/// counted as one: displaying reorders characters, mirrors brackets and leaves out the bidi
/// controls, and does nothing else. A display written by hand must show the same.
///
/// - Complexity: O(*n*) in the length of `text`.
public func shownCharacters(_ text: String) -> [String: Int] {
  let pairs: [Unicode.Scalar: String] = [
    "(": "()", ")": "()", "[": "[]", "]": "[]", "{": "{}", "}": "{}", "<": "<>", ">": "<>", "«": "«»", "»": "«»",
  ]
  var counts: [String: Int] = [:]
  for scalar in text.unicodeScalars where BidiControl(scalar) == nil {
    counts[pairs[scalar] ?? String(scalar), default: 0] += 1
  }
  return counts
}

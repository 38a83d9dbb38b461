import Bidi
import BidiAttributedText
import Foundation

/// A mention: the user id on a display name, which has no `@` for the scanner to find.
enum MentionAttribute: AttributedStringKey {
  typealias Value = String
  static let name = "test.mention"
}

/// A style an inserted control must not take.
enum BoldAttribute: AttributedStringKey {
  typealias Value = Bool
  static let name = "test.bold"
}

/// A stand-in for a font: an inserted control takes it, so a line keeps its height.
enum FontAttribute: AttributedStringKey {
  typealias Value = Int
  static let name = "test.font"
}

/// A paragraph-level attribute, like an alignment: it covers whole paragraphs.
enum AlignmentAttribute: AttributedStringKey {
  typealias Value = Int
  static let name = "test.alignment"
  static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

let lri = "\u{2066}"
let rli = "\u{2067}"
let fsi = "\u{2068}"
let pdi = "\u{2069}"
let rlo = "\u{202E}"

/// `text` with bidi controls spelled out (`[LRI]`), for readable failure messages.
func escaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    if let control = BidiControl(scalar) {
      result += "[\(control.abbreviation)]"
    } else if scalar.value < 0x20 || scalar.value == 0x2029 {
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

extension AttributedString {
  /// The characters, as a `String`.
  var string: String { String(characters[...]) }

  /// `self` with `value` for `key` over the first occurrence of `part`.
  func with<Key: AttributedStringKey>(_ key: Key.Type, _ value: Key.Value, on part: String) -> AttributedString
  where Key.Value: Sendable {
    var copy = self
    copy[copy.range(of: part)!][key] = value
    return copy
  }

  /// The value of `key` at each Unicode scalar.
  func values<Key: AttributedStringKey>(of key: Key.Type) -> [Key.Value?] where Key.Value: Sendable {
    var values: [Key.Value?] = []
    for run in runs {
      values += repeatElement(run[key], count: unicodeScalars[run.range].count)
    }
    return values
  }
}

/// The visual order of `text`'s first paragraph, controls removed, in the paragraph direction
/// `direction`.
func display(_ text: String, direction: BaseDirection = .auto) throws -> String {
  try BidiText(text, direction: direction).paragraphs
    .map { $0.line(options: [.mirror, .removeBidiControls]).visualString }
    .joined()
}

/// Whether `part` appears in `shown` as it would read as one unit: its scalars consecutive, in
/// their own order or, for a right-to-left part, reversed.
func showsWhole(_ part: String, in shown: String) -> Bool {
  let scalars = Array(shown.unicodeScalars)
  let forward = Array(part.unicodeScalars)
  for run in [forward, forward.reversed()] where run.count <= scalars.count {
    for start in 0...(scalars.count - run.count) where Array(scalars[start..<start + run.count]) == run {
      return true
    }
  }
  return false
}

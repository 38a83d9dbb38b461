@_spi(BidiCore) import BidiCore

/// What one isolate holds around a placeholder: the placeholder and the characters written against
/// it that display with its value, as one word.
///
/// The Unicode Bidirectional Algorithm keeps such a word together on its own: in right-to-left
/// text, `%d%%` shows `50%`, `%d:%02d` shows `10:05`, `%ux%u` shows `640x480`, `LZMA%c` shows
/// `LZMA2`. An isolate around the placeholder alone is a neutral to the text outside it, and tears
/// the word apart (`%50`, `05:10`, `480x640`, `2LZMA`); an isolate around the word keeps it whole,
/// and still keeps a value of the other direction, or `-5`, from mixing with the translation.
///
/// The word runs from the placeholder through every character with no space, right-to-left letter,
/// bidi control, bracket or quotation mark between, other placeholders included, except a line
/// separator (`%n`) and a `.stringsdict` variable, whose text is a sentence of its own. Its ends
/// are then trimmed to a letter of a left-to-right script, a digit, a terminator
/// (`% ‰ ° # $ € ₪ ٪`…) or a placeholder, and at its start to a plus or minus sign that follows no
/// letter or digit. So the punctuation around a value (`(%d)`, `«%@»`, `%@.`, `%@،`) stays with
/// the translation's sentence, a hyphen after a Hebrew or Arabic prefix (`ל-%@`) with the prefix,
/// and a left-to-right mark a translator put before the word outside it.
///
/// ```swift
/// let text = "الوقت %d:%02d (%d%%)"
/// let placeholders = PlaceholderSyntax.apple.placeholders(in: text)
/// PlaceholderToken.tokens(in: text, placeholders: placeholders) { $0.takesArgument }.map { text[$0.range] }
/// // ["%d:%02d", "%d%%"]
/// ```
package struct PlaceholderToken {
  /// The word's range in the text.
  package let range: Range<String.Index>
  /// The placeholders it holds that were asked for, in order.
  package let placeholders: [FormatPlaceholder]

  /// The words of `text` that hold the `placeholders` (every `%` construct of the text, in order)
  /// that `isolates` accepts, in order; a word holding several of them is listed once.
  ///
  /// - Complexity: O(*n* + *k*) in the length of the text and the number of placeholders.
  package static func tokens(
    in text: String, placeholders: [FormatPlaceholder], isolating isolates: (FormatPlaceholder) -> Bool
  ) -> [PlaceholderToken] {
    let scalars = text.unicodeScalars
    func isSentence(_ placeholder: FormatPlaceholder) -> Bool {
      placeholder.kind == .variable || placeholder.kind == .lineSeparator
    }
    let asciiEndingWords = Self.asciiEndingWords
    func endsWord(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII ? asciiEndingWords[Int(scalar.value)] : Self.isWordEnd(scalar)
    }
    var tokens: [PlaceholderToken] = []
    var next = 0
    while next < placeholders.count {
      guard isolates(placeholders[next]) else {
        next += 1
        continue
      }
      // Out to the word's ends, a placeholder at a time where one stands: the word's first and
      // last placeholders are `first` and `last`.
      var (first, last) = (next, next)
      var start = placeholders[first].range.lowerBound
      while start > scalars.startIndex {
        if first > 0 && placeholders[first - 1].range.upperBound == start {
          guard !isSentence(placeholders[first - 1]) else { break }
          first -= 1
          start = placeholders[first].range.lowerBound
          continue
        }
        let previous = scalars.index(before: start)
        guard !endsWord(scalars[previous]) else { break }
        start = previous
      }
      var end = placeholders[last].range.upperBound
      while end < scalars.endIndex {
        if last + 1 < placeholders.count && placeholders[last + 1].range.lowerBound == end {
          guard !isSentence(placeholders[last + 1]) else { break }
          last += 1
          end = placeholders[last].range.upperBound
          continue
        }
        guard !endsWord(scalars[end]) else { break }
        end = scalars.index(after: end)
      }
      // Back to what displays with the value.
      while start < placeholders[first].range.lowerBound {
        let scalar = scalars[start]
        if Self.isWordCharacter(scalar) { break }
        if Self.isSign(scalar)
          && !(start > scalars.startIndex && Self.isLetterOrDigit(scalars[scalars.index(before: start)]))
        {
          break
        }
        start = scalars.index(after: start)
      }
      while end > placeholders[last].range.upperBound {
        let previous = scalars.index(before: end)
        if Self.isWordCharacter(scalars[previous]) || Self.isMark(scalars[previous]) { break }
        end = previous
      }
      tokens.append(PlaceholderToken(range: start..<end, placeholders: placeholders[first...last].filter(isolates)))
      next = last + 1
    }
    return tokens
  }

  private static func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
    BidiClass(unchecked: CharacterTable.shared.rawClass(of: scalar.value))
  }

  /// ``isWordEnd(_:)`` of each ASCII character.
  private static let asciiEndingWords = (0..<128).map { isWordEnd(Unicode.Scalar(UInt8($0))) }

  /// A space, a right-to-left letter, a bidi control, a bracket or a quotation mark: what no word
  /// holds. (Brackets, `<` and `>` among them, are what the bidi algorithm mirrors: they take the
  /// sentence's direction, and they write markup, `<b>%@</b>`.)
  private static func isWordEnd(_ scalar: Unicode.Scalar) -> Bool {
    let bidiClass = bidiClass(of: scalar)
    switch bidiClass {
    case .rightToLeft, .arabicLetter, .whiteSpace, .segmentSeparator, .paragraphSeparator: return true
    // The explicit embeddings, overrides and isolates, and their pops.
    case _ where bidiClass.rawValue >= BidiClass.leftToRightEmbedding.rawValue: return true
    default:
      let properties = scalar.properties
      return properties.isWhitespace || properties.isBidiMirrored || properties.isQuotationMark
    }
  }

  /// A letter of a left-to-right script, a digit or a terminator: what a word may start or end with.
  /// Not the left-to-right mark, which a translator puts before a word for the text around it, and
  /// which would decide the direction of an FSI it began.
  private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar != "\u{200E}" else { return false }
    return switch bidiClass(of: scalar) {
    case .leftToRight, .europeanNumber, .arabicNumber, .europeanTerminator: true
    default: false
    }
  }

  private static func isSign(_ scalar: Unicode.Scalar) -> Bool { bidiClass(of: scalar) == .europeanSeparator }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool { bidiClass(of: scalar) == .nonspacingMark }

  private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }
}

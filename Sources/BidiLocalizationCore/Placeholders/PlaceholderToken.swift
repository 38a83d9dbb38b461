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
  /// - Complexity: O(*n* + *k* log *k*) in the length of the text and the number of placeholders.
  package static func tokens(
    in text: String, placeholders: [FormatPlaceholder], isolating isolates: (FormatPlaceholder) -> Bool
  ) -> [PlaceholderToken] {
    let scalars = text.unicodeScalars
    var startingAt: [String.Index: Int] = [:]
    var endingAt: [String.Index: Int] = [:]
    for (index, placeholder) in placeholders.enumerated() {
      startingAt[placeholder.range.lowerBound] = index
      endingAt[placeholder.range.upperBound] = index
    }
    func isSentence(_ placeholder: FormatPlaceholder) -> Bool {
      placeholder.kind == .variable || placeholder.kind == .lineSeparator
    }
    var tokens: [PlaceholderToken] = []
    var covered = scalars.startIndex
    for placeholder in placeholders where isolates(placeholder) && placeholder.range.lowerBound >= covered {
      // Out to the word's ends, a placeholder at a time where one stands.
      var start = placeholder.range.lowerBound
      while start > scalars.startIndex {
        if let before = endingAt[start] {
          guard !isSentence(placeholders[before]) else { break }
          start = placeholders[before].range.lowerBound
          continue
        }
        let previous = scalars.index(before: start)
        guard !Self.endsWord(scalars[previous]) else { break }
        start = previous
      }
      var end = placeholder.range.upperBound
      while end < scalars.endIndex {
        if let after = startingAt[end] {
          guard !isSentence(placeholders[after]) else { break }
          end = placeholders[after].range.upperBound
          continue
        }
        guard !Self.endsWord(scalars[end]) else { break }
        end = scalars.index(after: end)
      }
      // Back to what displays with the value.
      while startingAt[start] == nil {
        let scalar = scalars[start]
        if Self.isWordCharacter(scalar) { break }
        if Self.isSign(scalar)
          && !(start > scalars.startIndex && Self.isLetterOrDigit(scalars[scalars.index(before: start)]))
        {
          break
        }
        start = scalars.index(after: start)
      }
      while endingAt[end] == nil {
        let previous = scalars.index(before: end)
        if Self.isWordCharacter(scalars[previous]) || Self.isMark(scalars[previous]) { break }
        end = previous
      }
      var held: [FormatPlaceholder] = []
      var index = placeholders.partitionIndex { $0.range.lowerBound >= start }
      while index < placeholders.count && placeholders[index].range.upperBound <= end {
        if isolates(placeholders[index]) { held.append(placeholders[index]) }
        index += 1
      }
      tokens.append(PlaceholderToken(range: start..<end, placeholders: held))
      covered = end
    }
    return tokens
  }

  private static func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
    BidiClass(unchecked: CharacterTable.shared.rawClass(of: scalar.value))
  }

  /// A space, a right-to-left letter, a bidi control, a bracket or a quotation mark: what no word
  /// holds. (Brackets, `<` and `>` among them, are what the bidi algorithm mirrors: they take the
  /// sentence's direction, and they write markup, `<b>%@</b>`.)
  private static func endsWord(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isWhitespace || properties.isBidiMirrored || properties.isQuotationMark { return true }
    let bidiClass = bidiClass(of: scalar)
    switch bidiClass {
    case .rightToLeft, .arabicLetter, .whiteSpace, .segmentSeparator, .paragraphSeparator: return true
    // The explicit embeddings, overrides and isolates, and their pops.
    default: return bidiClass.rawValue >= BidiClass.leftToRightEmbedding.rawValue
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

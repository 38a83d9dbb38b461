@_spi(BidiCore) import BidiCore

/// What one isolate holds around a placeholder: the placeholder and the characters written against
/// it that display with its value, as one word.
///
/// The Unicode Bidirectional Algorithm keeps such a word together on its own: in right-to-left
/// text, `%d:%02d` shows `10:05`, `%ux%u` shows `640x480`, `LZMA%c` shows `LZMA2`, and in Hebrew
/// `%d%%` shows `50%`. An isolate around the placeholder alone is a neutral to the text outside
/// it, and tears the word apart (`05:10`, `480x640`, `2LZMA`, `%50`); an isolate around the word
/// keeps it whole, and still keeps a value of the other direction, or `-5`, from mixing with the
/// translation.
///
/// The word runs from the placeholder through every character with no space, right-to-left letter,
/// bidi control or neutral but `_` between (brackets, quotation marks and `×` are neutrals), through
/// `%%`, and through other placeholders where they and the word's are numbers, or may be (Qt's
/// `%1:%2` and `{0}:{1}`, whose syntax gives no type, are times as often as not): a text argument
/// keeps an isolate of its own, to take its own direction. A `%` that begins no placeholder ends
/// the word before it. A plus or minus sign right after a terminator ends the word: `%d%%-%d%%` is
/// a range, which the algorithm reads in the sentence's direction, as the isolator leaves
/// `50%-70%`. After an Arabic letter, terminators end the word too: rule W2 makes the digits there
/// Arabic numbers, which terminators do not join, and Arabic and Persian readers see `%50` and
/// `12.50$` without isolates and with them. The word's ends are then trimmed to a letter of a
/// left-to-right script, a digit, a terminator (`% ‰ ° # $ € ₪`…) or a placeholder, and at its
/// start to a plus or minus sign that follows no letter, digit or bidi control. So the punctuation
/// around a value (`(%d)`, `«%@»`, `%@.`, `%@،`) stays with the translation's sentence, a hyphen
/// after a Hebrew or Arabic prefix (`ל-%@`) with the prefix, and a left-to-right mark a translator
/// put before the word outside it; but a slash at an end of a word that holds another, an address's
/// or a path's (`https://example.com/%@/`, `/home/%@`, and `~/%@/` from the home folder), stays in
/// it. Words do not overlap: what two placeholders share goes with the first.
///
/// ```swift
/// let text = "השעה %d:%02d (%d%%)"
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
    let asciiEndingWords = Self.asciiEndingWords
    func endsWord(_ scalar: Unicode.Scalar, arabic: Bool) -> Bool {
      if scalar.isASCII ? asciiEndingWords[Int(scalar.value)] : Self.isWordEnd(scalar) { return true }
      return arabic && bidiClass(of: scalar) == .europeanTerminator
    }
    // A sign after a terminator joins two numbers into a range (`50%-70%`), which the algorithm reads
    // in the sentence's direction, as the isolator leaves it: the sign at `index` ends a word there.
    func joinsRange(at index: String.Index) -> Bool {
      Self.isSign(scalars[index]) && index > scalars.startIndex
        && bidiClass(of: scalars[scalars.index(before: index)]) == .europeanTerminator
    }
    // The strong character nearest before each word, read once from the start, placeholders
    // skipped: after an Arabic letter, rule W2 makes digits Arabic numbers, which the terminators
    // around them do not join (`%50` for `50%`, `12.50$`, as Arabic and Persian readers see them).
    var strongRead = scalars.startIndex
    var skipped = 0
    var nearestStrong: BidiClass? = nil
    func readStrong(upTo limit: String.Index) {
      while strongRead < limit {
        while skipped < placeholders.count && placeholders[skipped].range.upperBound <= strongRead { skipped += 1 }
        if skipped < placeholders.count && placeholders[skipped].range.lowerBound <= strongRead {
          strongRead = placeholders[skipped].range.upperBound
          continue
        }
        let strong = bidiClass(of: scalars[strongRead])
        if strong == .leftToRight || strong == .rightToLeft || strong == .arabicLetter { nearestStrong = strong }
        strongRead = scalars.index(after: strongRead)
      }
    }
    var tokens: [PlaceholderToken] = []
    // Where the last word ended: words do not overlap.
    var previousEnd = scalars.startIndex
    var next = 0
    while next < placeholders.count {
      guard isolates(placeholders[next]) else {
        next += 1
        continue
      }
      readStrong(upTo: placeholders[next].range.lowerBound)
      let arabic = nearestStrong == .arabicLetter
      // Placeholders that join the word: `%%` (but where terminators stay apart), and one that takes
      // an argument where both it and the word's are numbers (`%d:%02d`); text arguments keep an
      // isolate each, so that each takes its own direction. A `%` that begins no placeholder ends
      // the word before it, which no isolate may cut.
      var numeric = placeholders[next].mayBeNumber
      func joins(_ placeholder: FormatPlaceholder) -> Bool {
        switch placeholder.kind {
        case .percent: !arabic
        case .integer, .floatingPoint, .any: numeric
        default: false
        }
      }
      // Out to the word's ends, a placeholder at a time where one stands: the word's first and
      // last placeholders are `first` and `last`.
      var (first, last) = (next, next)
      var start = placeholders[first].range.lowerBound
      while start > previousEnd {
        if first > 0 && placeholders[first - 1].range.upperBound == start {
          guard joins(placeholders[first - 1]) else { break }
          first -= 1
          numeric = numeric && (placeholders[first].mayBeNumber || !placeholders[first].takesArgument)
          start = placeholders[first].range.lowerBound
          continue
        }
        let previous = scalars.index(before: start)
        guard !endsWord(scalars[previous], arabic: arabic) && !joinsRange(at: previous) else { break }
        start = previous
      }
      var end = placeholders[last].range.upperBound
      while end < scalars.endIndex {
        if last + 1 < placeholders.count && placeholders[last + 1].range.lowerBound == end {
          guard joins(placeholders[last + 1]) else { break }
          last += 1
          numeric = numeric && (placeholders[last].mayBeNumber || !placeholders[last].takesArgument)
          end = placeholders[last].range.upperBound
          continue
        }
        guard !endsWord(scalars[end], arabic: arabic) && !joinsRange(at: end) else { break }
        end = scalars.index(after: end)
      }
      // Back to what displays with the value. A slash at either end of a word that holds another
      // is an address's or a path's, and displays with it (`https://example.com/%@/`, `/home/%@`).
      let word = start..<end
      // `~/`, a path from the home folder, though `~` is a neutral.
      if start > previousEnd && scalars[start] == "/" && scalars[scalars.index(before: start)] == "~"
        && Self.holdsPath(scalars[word])
      {
        start = scalars.index(before: start)
      }
      while start < placeholders[first].range.lowerBound {
        let scalar = scalars[start]
        if Self.isWordCharacter(scalar) || ((scalar == "/" || scalar == "~") && Self.holdsPath(scalars[word])) { break }
        if Self.isSign(scalar) && !(start > scalars.startIndex && Self.endsValue(scalars[scalars.index(before: start)]))
        {
          break
        }
        start = scalars.index(after: start)
      }
      while end > placeholders[last].range.upperBound {
        let previous = scalars.index(before: end)
        let scalar = scalars[previous]
        if Self.isWordCharacter(scalar) || Self.isMark(scalar) || (scalar == "/" && Self.holdsPath(scalars[word])) {
          break
        }
        end = previous
      }
      tokens.append(PlaceholderToken(range: start..<end, placeholders: placeholders[first...last].filter(isolates)))
      previousEnd = end
      next = last + 1
    }
    return tokens
  }

  /// Whether a word holds two slashes or more: an address's or a path's, whose slashes at its ends
  /// display with it. Asked only of a word with a slash at an end, which few have.
  private static func holdsPath(_ word: Substring.UnicodeScalarView) -> Bool {
    var slashes = 0
    for scalar in word where scalar == "/" {
      slashes += 1
      if slashes == 2 { return true }
    }
    return false
  }

  private static func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
    BidiClass(unchecked: CharacterTable.shared.rawClass(of: scalar.value))
  }

  /// ``isWordEnd(_:)`` of each ASCII character.
  private static let asciiEndingWords = (0..<128).map { isWordEnd(Unicode.Scalar(UInt8($0))) }

  /// A space, a right-to-left letter, a bidi control, or a neutral other than `_` (brackets, `<`
  /// and `>`, quotation marks, `× = & !`): what no word holds. A neutral joins what stands on
  /// either side only in the sentence's direction, as the algorithm and the isolator leave
  /// `640×480`, and it writes markup (`<b>%@</b>`); `_` joins the parts of a name.
  private static func isWordEnd(_ scalar: Unicode.Scalar) -> Bool {
    let bidiClass = bidiClass(of: scalar)
    switch bidiClass {
    case .rightToLeft, .arabicLetter, .whiteSpace, .segmentSeparator, .paragraphSeparator: return true
    case .otherNeutral: return scalar.properties.generalCategory != .connectorPunctuation
    // The explicit embeddings, overrides and isolates, and their pops.
    case _ where bidiClass.rawValue >= BidiClass.leftToRightEmbedding.rawValue: return true
    default: return scalar.properties.isWhitespace
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

  /// A letter or a digit, or the PDI or other explicit control that closes or opens a value: what a
  /// hyphen, not a sign, follows.
  private static func endsValue(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
      || bidiClass(of: scalar).rawValue >= BidiClass.leftToRightEmbedding.rawValue
  }
}

extension FormatPlaceholder {
  /// Whether the placeholder may stand for a number: an integer, a floating-point value, or any value.
  fileprivate var mayBeNumber: Bool { kind == .integer || kind == .floatingPoint || kind == .any }
}

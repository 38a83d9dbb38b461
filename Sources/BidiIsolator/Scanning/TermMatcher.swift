@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a term at the `+` or `#` at `suffixStart`: a Latin word that ends in `+` or `++`, or a
  /// Latin letter with `#` (`C++`, `Disney+`, `Notepad++`, `C#`), with up to three capitalised
  /// words right before it, one space apart, that name it with it (`Visual C++`, `Apple TV+`).
  ///
  /// The suffix is a neutral, and right-to-left text after the word takes it to its own side:
  /// `C++` shows as `++C`. Isolated, the term reads whole.
  ///
  /// No term is found where the text reads as one left-to-right run already, or where the suffix is
  /// not the end of a word: a suffix followed by a letter of any script, a digit, another sign or a
  /// hyphen (`a+b`, `C++17`, `C+++`, `C++-based`, `send#新闻`), or by punctuation and then a letter
  /// or digit (`C#.NET`); a word glued to an address, a path or a sigil before it (`a.b+`, `@x#`);
  /// a word that starts with a digit (`10+`, which reads with its number); and a longer word before
  /// a `#` (`room#`), which names no language or note.
  ///
  /// - Parameter earliest: where the last entity ended; the term starts at or after it.
  /// - Complexity: O(*k*) in the words read back.
  func matchTerm(suffixAt suffixStart: Int, notBefore earliest: Int) -> RawEntity? {
    let plus = UInt8(ascii: "+")
    guard let start = wordStart(endingAt: suffixStart, notBefore: earliest), text[start].isASCIILetter else {
      return nil
    }
    guard text[suffixStart] == plus || suffixStart - start == 1, let end = termSuffixEnd(at: suffixStart) else {
      return nil
    }
    // The capitalised words that name it with it.
    var phraseStart = start
    for _ in 0..<3 {
      guard phraseStart - 1 > earliest && text[phraseStart - 1] == UInt8(ascii: " "),
        let before = wordStart(endingAt: phraseStart - 1, notBefore: earliest),
        text[before] &- UInt8(ascii: "A") < 26
      else { break }
      phraseStart = before
    }
    return entity(.term, phraseStart, end)
  }

  /// Matches a term at the `.` at `start` that leads a Latin word (`.NET`, `.env`, `.gitignore`,
  /// `.tar.gz`): a dotfile, a file extension or a name. The dot is a neutral, and right-to-left
  /// text before the word takes it to its own side: `.NET` shows as `NET.`. Isolated, the term
  /// reads whole.
  ///
  /// The dot must start the word: after white space, an opening bracket or quotation mark, or at
  /// the start of the text, but not after a letter, digit or other sign (`ASP.NET`, `...so`). The
  /// word is ASCII letters and digits, starting with a letter, and may go on with more `.word`
  /// parts; no term is found where it goes on as an address, a path or a word (`.config/nvim`,
  /// `.a_b`, `.NETمرحبا`).
  ///
  /// - Complexity: O(*k*) in the length of the word.
  func matchDottedTerm(at start: Int) -> RawEntity? {
    guard mayLeadTerm(at: start) else { return nil }
    var end = start
    while text.byte(at: end) == UInt8(ascii: ".") && text.byte(at: end + 1).isASCIILetter {
      end += 2
      while end < text.count && text[end].isASCIIAlphanumeric { end += 1 }
    }
    guard end > start else { return nil }
    return endsTerm(at: end) ? entity(.term, start, end) : nil
  }

  /// Matches a term at the `-` at `start` that leads a Latin word, a command-line option
  /// (`--verbose`, `-v`, `--dry-run`, `--width=80`): the hyphens are neutrals, and right-to-left
  /// text before the word takes them to its own side, `verbose--`. Isolated, the option reads
  /// whole.
  ///
  /// One or two hyphens must start the word, as a dot must start a dotted term; the name is ASCII
  /// letters, digits and inner hyphens, starting with a letter, and may take a value after `=` of
  /// ASCII letters, digits and `. _ / : -`.
  ///
  /// - Complexity: O(*k*) in the length of the option.
  func matchOption(at start: Int) -> RawEntity? {
    guard mayLeadTerm(at: start) else { return nil }
    var end = text.byte(at: start + 1) == UInt8(ascii: "-") ? start + 2 : start + 1
    guard text.byte(at: end).isASCIILetter else { return nil }
    while end < text.count
      && (text[end].isASCIIAlphanumeric || text[end] == UInt8(ascii: "-") && text.byte(at: end + 1).isASCIIAlphanumeric)
    {
      end += 1
    }
    if text.byte(at: end) == UInt8(ascii: "=") {
      var valueEnd = end + 1
      while valueEnd < text.count && (text[valueEnd].isASCIIAlphanumeric || "._/:-".utf8.contains(text[valueEnd])) {
        valueEnd += 1
      }
      if valueEnd > end + 1 { end = valueEnd }
    }
    return endsTerm(at: end) ? entity(.term, start, end) : nil
  }

  /// Whether a term may start at `start` with a sign: at the start of the text, or where a
  /// command may (``mayPrecedeSignedWord(_:)``).
  private func mayLeadTerm(at start: Int) -> Bool {
    guard let previous = text.scalarSkippingControls(before: start) else { return true }
    return mayPrecedeSignedWord(previous)
  }

  /// Whether a term may end at `end`: when no letter of any script, digit or sign that continues a
  /// word follows it, nor punctuation and then a letter or digit (`C#.NET`).
  private func endsTerm(at end: Int) -> Bool {
    if let (next, offset) = text.scalarSkippingControls(from: end) {
      if next < 0x80 ? Self.continuesWord(UInt8(next)) : isWordCharacter(next) { return false }
      // `.` or another sentence mark may follow, but not as the start of a further part.
      if next < 0x80 && Self.mayEndSentence(UInt8(next)),
        let after = text.scalarSkippingControls(from: offset + 1)?.value,
        after < 0x80 && UInt8(after).isASCIIAlphanumeric
      {
        return false
      }
    }
    return true
  }

  /// The end of the suffix at `suffixStart`, `+`, `++` or `#`, when it can end a word: when no letter
  /// of any script, digit, sign or hyphen follows it, nor punctuation and then a letter or digit.
  ///
  /// - Complexity: O(1).
  func termSuffixEnd(at suffixStart: Int) -> Int? {
    let plus = UInt8(ascii: "+")
    var end = suffixStart + 1
    if text[suffixStart] == plus && text.byte(at: end) == plus { end += 1 }
    return endsTerm(at: end) ? end : nil
  }

  /// The start of the word of ASCII letters and digits that ends at `end`, or `nil` when there is
  /// none or it is glued to an address, a path, a sigil or a word before it.
  private func wordStart(endingAt end: Int, notBefore earliest: Int) -> Int? {
    var start = end
    while start > earliest && text[start - 1].isASCIIAlphanumeric { start -= 1 }
    guard start < end else { return nil }
    if let previous = text.scalarSkippingControls(before: start)?.value, previous < 0x80,
      Self.joinsWordAfter(UInt8(previous))
    {
      return nil
    }
    return start
  }

  /// Whether a term cannot end before `byte`: a letter or digit, or a sign that continues a word,
  /// an address or an expression.
  private static func continuesWord(_ byte: UInt8) -> Bool {
    byte.isASCIIAlphanumeric || "+#@_=&/\\$%-*^~<>|`".utf8.contains(byte)
  }

  /// Whether `value` is a letter, a combining mark or a digit of any script (Arabic punctuation,
  /// which is of class AL, is none of them), which a word glued to an entity is made of.
  func isWordCharacter(_ value: UInt32) -> Bool {
    switch table.kind(of: value) {
    case .letter, .mark, .digit: true
    default: false
    }
  }

  /// Whether `byte` may end a sentence or a clause: a term may end before it unless a letter or
  /// digit follows it (`C#.NET`).
  private static func mayEndSentence(_ byte: UInt8) -> Bool {
    ".,:;!?".utf8.contains(byte)
  }

  /// Whether a word after `byte` is part of something else: a word, an address, a path, a
  /// sigil's name.
  private static func joinsWordAfter(_ byte: UInt8) -> Bool {
    byte.isASCIIAlphanumeric || "._@#$&/\\+=%*^~<>|`".utf8.contains(byte)
  }
}

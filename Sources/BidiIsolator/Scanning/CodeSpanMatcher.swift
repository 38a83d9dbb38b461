@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches inline code at the run of backticks at `start`, as chat apps mark it up after
  /// Markdown: the text up to the next run of as many backticks, in the same paragraph
  /// (`` `print()` ``, ```` ``a`b`` ````). Its own characters decide its direction, and nothing
  /// inside it is another entity.
  ///
  /// Right-to-left text around code tears it where it begins or ends in neutrals: `print()`
  /// shows as `()print`, `config.yaml:` as `:config.yaml`.
  ///
  /// No code is a run with no closing run, a span of spaces alone, or one holding a bidi control,
  /// which the scan must see and the sanitiser judge.
  ///
  /// - Returns: the code, or where the scan goes on when there is none: after the opening run, or
  ///   after a closing run around spaces alone.
  /// - Complexity: O(*k*) to the closing run or the paragraph's end; a text with *r* runs of
  ///   different lengths and no closing runs is read O(*r*) times, at most O(√*n*).
  func matchCode(at start: Int) -> Attempt {
    let count = text.count
    let opening = backtickRunEnd(from: start)
    var offset = opening
    var hasContent = false
    while offset < count {
      let byte = text[offset]
      if byte == UInt8(ascii: "`") {
        let runEnd = backtickRunEnd(from: offset)
        if runEnd - offset == opening - start {
          return hasContent ? .found(entity(.code, start, runEnd)) : .notFound(scannedTo: runEnd)
        }
        // A run of another length is part of the code.
        hasContent = true
        offset = runEnd
      } else if byte < 0x80 {
        if byte < 0x20 && byte != 0x09 { break }  // line breaks and the other separators
        hasContent = hasContent || byte != UInt8(ascii: " ")
        offset += 1
      } else {
        let (value, length) = text.scalar(at: offset)
        if BidiControl(value: value) != nil || value == 0x0085 || value == 0x2029 { break }
        hasContent = true
        offset += length
      }
    }
    return .notFound(scannedTo: opening)
  }

  /// The end of the run of backticks that starts at `start`.
  private func backtickRunEnd(from start: Int) -> Int {
    var end = start
    while end < text.count && text[end] == UInt8(ascii: "`") { end += 1 }
    return end
  }
}

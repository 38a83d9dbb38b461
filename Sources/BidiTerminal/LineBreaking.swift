import Bidi

/// Where a paragraph may be broken into lines of a given width in terminal cells.
///
/// Lines break after a run of spaces (the spaces stay with the line they end, and are not shown),
/// and between two CJK ideographs or kana, or next to one. They never break inside a protected range
/// (an isolated mention, URL or number) unless that range alone is wider than a line, and then at
/// the last grapheme that fits.
///
/// ```swift
/// LineBreaking.lines(scalars: Array("hello brave new world".unicodeScalars), range: 0..<21, width: 11)
/// // [0..<12, 12..<21]: "hello brave " (its space not shown) and "new world"
/// ```
///
/// - Complexity: O(*n*).
@available(SwiftStdlib 6.2, *)
public enum LineBreaking {
  /// A line: the scalars it holds, and the part of them to show (without the spaces it breaks at).
  public struct Line: Sendable, Hashable {
    /// The scalars the line holds, the spaces it breaks at included.
    public var range: Range<Int>
    /// The scalars to show: `range` without the spaces at its break.
    public var shown: Range<Int>
  }

  /// Breaks `range` of `scalars` into lines of at most `width` cells.
  ///
  /// - Parameters:
  ///   - protected: ranges to keep on one line when they fit on one.
  public static func lines(
    scalars: [Unicode.Scalar], range: Range<Int>, width: Int, protected: [Range<Int>] = []
  ) -> [Line] {
    var properties = scalars[range].map { DisplayCharacters.properties(ofScalar: $0.value).rawValue }
    for span in protected where span.lowerBound >= range.lowerBound && span.upperBound <= range.upperBound {
      for i in span.dropFirst() { properties[i - range.lowerBound] |= DisplayCharacters.insideIsolate }
    }
    var lines: [Line] = []
    breakLines(properties.span, start: range.lowerBound, width: width, into: &lines)
    return lines
  }

  /// Breaks a stretch of text into lines of at most `width` cells, appending them to `lines`.
  ///
  /// - Parameters:
  ///   - properties: the display words of the stretch's characters, with
  ///     ``DisplayCharacters/insideIsolate`` set on those a line may not break before.
  ///   - start: the offset of the stretch's first character, which the lines' ranges count from.
  /// - Complexity: O(*n*).
  static func breakLines(_ properties: Span<UInt32>, start: Int, width: Int, into lines: inout [Line]) {
    let width = max(1, width)
    let count = properties.count
    func cells(_ i: Int) -> Int { Int(properties[i] >> 5 & 3) }
    func has(_ i: Int, _ flag: UInt32) -> Bool { properties[i] & flag != 0 }
    func isInsideProtected(_ i: Int) -> Bool { i < count && has(i, DisplayCharacters.insideIsolate) }
    func line(from lineStart: Int, to end: Int) -> Line {
      var shownEnd = end
      while shownEnd > lineStart && has(shownEnd - 1, DisplayCharacters.space) { shownEnd -= 1 }
      return Line(range: start + lineStart..<start + end, shown: start + lineStart..<start + shownEnd)
    }

    let firstLine = lines.count
    let notBreakingBefore =
      DisplayCharacters.insideIsolate | DisplayCharacters.combining | DisplayCharacters.mayNotStartLine
    var lineStart = 0
    var lineCells = 0
    var lastBreak: Int? = nil  // a position where the next line may start
    var previous: UInt32 = 0  // the word of the character before `i`, when `i > lineStart`
    var i = 0
    while i < count {
      let word = properties[i]
      if word & DisplayCharacters.space != 0 {
        // Spaces never push a line over: they are dropped at a break.
        while i < count && has(i, DisplayCharacters.space) {
          lineCells += cells(i)
          i += 1
        }
        if i < count && !isInsideProtected(i) { lastBreak = i }
        previous = properties[i - 1]
        continue
      }
      // Ideographs can break on either side.
      if (word | previous) & DisplayCharacters.ideographic != 0 && word & notBreakingBefore == 0 && i > lineStart {
        lastBreak = i
      }
      let cellWidth = Int(word >> 5 & 3)
      if lineCells + cellWidth > width && i > lineStart {
        let breakAt: Int
        if let candidate = lastBreak, candidate > lineStart {
          breakAt = candidate
        } else {
          // Nothing to break at: cut before this grapheme (marks stay with their base).
          var cut = i
          while cut > lineStart + 1 && has(cut, DisplayCharacters.combining) { cut -= 1 }
          breakAt = cut
        }
        lines.append(line(from: lineStart, to: breakAt))
        lineStart = breakAt
        lastBreak = nil
        lineCells = 0
        for k in lineStart..<i { lineCells += cells(k) }
        continue
      }
      lineCells += cellWidth
      previous = word
      i += 1
    }
    if lineStart < count || lines.count == firstLine {
      lines.append(Line(range: start + lineStart..<start + count, shown: start + lineStart..<start + count))
    }
  }
}

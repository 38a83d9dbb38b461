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
    public var range: Range<Int>
    public var shown: Range<Int>
  }

  /// Breaks `range` of `scalars` into lines of at most `width` cells.
  ///
  /// - Parameters:
  ///   - protected: ranges to keep on one line when they fit on one.
  public static func lines(
    scalars: [Unicode.Scalar], range: Range<Int>, width: Int, protected: [Range<Int>] = []
  ) -> [Line] {
    let width = max(1, width)
    var lines: [Line] = []
    var protectedEnd = [Int](repeating: -1, count: 0)
    if !protected.isEmpty {
      protectedEnd = [Int](repeating: -1, count: range.count)
      for span in protected where span.lowerBound >= range.lowerBound && span.upperBound <= range.upperBound {
        for i in span.dropFirst() { protectedEnd[i - range.lowerBound] = span.upperBound }
      }
    }
    func isInsideProtected(_ i: Int) -> Bool {
      !protectedEnd.isEmpty && i < range.upperBound && protectedEnd[i - range.lowerBound] >= 0
    }

    var lineStart = range.lowerBound
    var cells = 0
    var lastBreak: Int? = nil  // a position where the next line may start
    var i = range.lowerBound
    while i < range.upperBound {
      let scalar = scalars[i]
      let cellWidth = CellWidth.of(scalar)
      if isSpace(scalar) {
        // Spaces never push a line over: they are dropped at a break.
        var end = i
        while end < range.upperBound && isSpace(scalars[end]) { end += 1 }
        cells += (i..<end).reduce(0) { $0 + CellWidth.of(scalars[$1]) }
        i = end
        if i < range.upperBound && !isInsideProtected(i) { lastBreak = i }
        continue
      }
      // Ideographs can break on either side.
      if i > lineStart && (isIdeographic(scalar) || isIdeographic(scalars[i - 1])) && !isInsideProtected(i)
        && !isCombining(scalar) && !mayNotStartLine(scalar)
      {
        lastBreak = i
      }
      if cells + cellWidth > width && i > lineStart {
        let breakAt: Int
        if let candidate = lastBreak, candidate > lineStart {
          breakAt = candidate
        } else {
          // Nothing to break at: cut before this grapheme (marks stay with their base).
          var cut = i
          while cut > lineStart + 1 && isCombining(scalars[cut]) { cut -= 1 }
          breakAt = cut
        }
        lines.append(line(from: lineStart, to: breakAt, scalars: scalars))
        lineStart = breakAt
        lastBreak = nil
        cells = (lineStart..<i).reduce(0) { $0 + CellWidth.of(scalars[$1]) }
        continue
      }
      cells += cellWidth
      i += 1
    }
    if lineStart < range.upperBound || lines.isEmpty {
      lines.append(Line(range: lineStart..<range.upperBound, shown: lineStart..<range.upperBound))
    }
    return lines
  }

  private static func line(from start: Int, to end: Int, scalars: [Unicode.Scalar]) -> Line {
    var shownEnd = end
    while shownEnd > start && isSpace(scalars[shownEnd - 1]) { shownEnd -= 1 }
    return Line(range: start..<end, shown: start..<shownEnd)
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\u{3000}" || (0x2000...0x200A).contains(scalar.value) || scalar == "\u{205F}"
  }

  private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    CellWidth.of(scalar) == 0 && scalar.value >= 0x300
  }

  /// Closing punctuation that UAX #14 keeps off the start of a line (classes CL, CP, EX, IS).
  private static func mayNotStartLine(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "，", "。", "、", "！", "？", "；", "：", "）", "」", "』", "】", "〉", "》", "〕", "．", ",", ".", "!",
      "?", ";", ":", ")", "]", "}", "،", "؛", "؟":
      true
    default:
      false
    }
  }

  /// CJK ideographs, kana and Hangul syllables: UAX #14 lets lines break around them.
  private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}

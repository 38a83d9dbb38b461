/// One line of a paragraph laid out for display: its levels after rule L1, its runs and characters in
/// visual order, and the maps between logical and visual positions.
///
/// ```swift
/// let line = try BidiText("abc אבג (1)", direction: .leftToRight).paragraphs[0].line(options: .display)
/// line.visualString       // "abc )1( גבא"
/// line.visualToLogical    // [0, 1, 2, 3, 10, 9, 8, 7, 6, 5, 4]
/// ```
///
/// Offsets are scalar offsets in the whole text, as everywhere in the engine.
@available(SwiftStdlib 6.2, *)
public struct BidiLine: Sendable {
  /// The line's range in the text.
  public let range: Range<Int>

  /// The direction of the paragraph the line belongs to.
  public let paragraphDirection: TextDirection

  /// The level of each scalar of the line after rule L1; `nil` for characters rule X9 removes.
  ///
  /// - Complexity: O(*n*) for a line of *n* scalars, computed on each access.
  public var levels: [BidiLevel?] {
    // The effective level of every character that rule X9 did not remove is its level after L1.
    let offset = range.lowerBound - paragraphStart
    return effectiveLevels.indices.map { j in
      paragraphLevels[offset + j] == LevelResolver.removedLevel ? nil : BidiLevel(rawValue: effectiveLevels[j])
    }
  }

  /// The characters to display, left to right, after shaping and mirroring as asked.
  public let visualScalars: [Unicode.Scalar]

  /// For each visual character, the text offset of the character it shows. A lam-alef ligature
  /// shows two characters and maps to the first of them (the lam).
  public let visualToLogical: [Int]

  /// For each scalar of the line, its visual position, or `nil` when it is not displayed (removed
  /// by the options). Both letters of a lam-alef ligature map to the ligature.
  ///
  /// - Complexity: O(*n*), computed on each access.
  public var logicalToVisual: [Int?] {
    var map = [Int?](repeating: nil, count: range.count)
    for (position, offset) in visualToLogical.enumerated() { map[offset - range.lowerBound] = position }
    for lam in ligatureLams { map[lam + 1] = map[lam] }
    return map
  }

  /// The runs of the line in visual order, left to right: maximal stretches of the visual order at
  /// one level.
  ///
  /// - Complexity: O(*n*), computed on each access.
  public var runs: [BidiRun] {
    let visualLevels = visualToLogical.map { effectiveLevels[$0 - range.lowerBound] }
    var runs: [BidiRun] = []
    var runStart = 0
    for k in visualLevels.indices where k == visualLevels.count - 1 || visualLevels[k + 1] != visualLevels[k] {
      let logical = visualToLogical[runStart...k]
      runs.append(BidiRun(range: logical.min()!..<logical.max()! + 1, level: visualLevels[k]))
      runStart = k + 1
    }
    return runs
  }

  /// ``visualScalars`` as a string.
  public var visualString: String { String(scalars: visualScalars) }

  /// Text offsets from left to right: the reordering of rule L2 (and L3 when asked).
  public var visualOrder: [Int] { visualToLogical }

  // Levels, maps and runs that most callers never read are derived on demand: a display pass
  // needs only the visual characters.
  /// The paragraph's resolved levels (shared, not copied) and where the paragraph starts: they tell
  /// which characters rule X9 removed.
  private let paragraphLevels: [UInt8]
  private let paragraphStart: Int
  private let effectiveLevels: [UInt8]
  private let ligatureLams: [Int]

  init(paragraph: BidiParagraph, range: Range<Int>, options: ReorderingOptions) {
    self.range = range
    paragraphDirection = paragraph.direction
    paragraphLevels = paragraph.resolvedLevels
    paragraphStart = paragraph.range.lowerBound
    let storage = paragraph.storage
    let levelOffset = range.lowerBound - paragraph.range.lowerBound
    var arranger = LineArranger()
    let kept = arranger.arrange(
      scalars: storage.scalars.span.extracting(range), classes: storage.classes.span.extracting(range),
      levels: paragraph.resolvedLevels.span.extracting(levelOffset..<levelOffset + range.count),
      paragraphLevel: paragraph.baseLevel.rawValue, options: options)
    let line = arranger.finishedLine(kept: kept, count: range.count)
    visualScalars = line.visual
    // The arranger counts from the line's start, the public map from the text's.
    let start = range.lowerBound
    visualToLogical = line.logical.map { start + Int($0) }
    effectiveLevels = line.effectiveLevels
    ligatureLams = line.ligatureLams
  }
}

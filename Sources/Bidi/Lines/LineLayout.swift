@_spi(BidiCore) import BidiCore

/// One line of a ``BidiParagraph`` laid out by a ``LineArranger``, kept as arrays for ``BidiLine``.
@available(SwiftStdlib 6.2, *)
internal struct LineLayout {
  var visualScalars: [Unicode.Scalar] = []
  var visualToLogical: [Int] = []
  /// The levels the line was reordered by: after rule L1, with each removed character at the
  /// level of the one before it.
  var effectiveLevels: [UInt8] = []
  /// Line offsets of the lams that a lam-alef ligature swallowed, for the logical-to-visual map.
  var ligatureLams: [Int] = []

  init(paragraph: BidiParagraph, range: Range<Int>, options: ReorderingOptions) {
    let storage = paragraph.storage
    let start = range.lowerBound
    let levelOffset = start - paragraph.range.lowerBound
    var arranger = LineArranger()
    let kept = arranger.arrange(
      scalars: storage.scalars.span.extracting(range), classes: storage.classes.span.extracting(range),
      levels: paragraph.resolvedLevels.span.extracting(levelOffset..<levelOffset + range.count),
      paragraphLevel: paragraph.baseLevel.rawValue, options: options)
    visualScalars = [Unicode.Scalar](copying: arranger.visual[0..<kept])
    visualToLogical = arranger.logical[0..<kept].map { start + Int($0) }
    effectiveLevels = [UInt8](copying: arranger.effectiveLevels[0..<range.count])
    ligatureLams = arranger.ligatureLams
  }
}

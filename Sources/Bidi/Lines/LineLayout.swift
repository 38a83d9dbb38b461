/// The line rules: L1 (resetting separators and trailing whitespace), L2 (reversing), L3 (marks after
/// their base), L4 (mirroring), plus removal of controls and Arabic shaping.
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
    let classArray = storage.classes
    let scalarArray = storage.scalars
    // Spans: one bounds check per access and no retain of the arrays inside the loops.
    let classes = classArray.span
    let scalars = scalarArray.span
    let start = range.lowerBound
    let count = range.count
    let paragraphLevel = paragraph.baseLevel.rawValue
    let removed = LevelResolver.removedLevel
    let levelOffset = start - paragraph.range.lowerBound
    var effective = [UInt8](copying: paragraph.resolvedLevels[levelOffset..<levelOffset + count])

    // Which classes the line holds, in one pass with no branch per character: most lines have no
    // separator inside them and nothing rule X9 removes, and then the passes below that deal with
    // those do not run.
    var present: UInt32 = 0
    for j in start..<start + count { present |= 1 << (classes[j].rawValue & 31) }
    func holds(_ bidiClass: BidiClass) -> Bool { present & 1 << (bidiClass.rawValue & 31) != 0 }
    let hasMarks = holds(.nonspacingMark)
    let hasArabicLetters = holds(.arabicLetter)
    let hasSeparators = holds(.segmentSeparator) || holds(.paragraphSeparator)
    let hasRemoved =
      holds(.boundaryNeutral) || holds(.popDirectionalFormat) || holds(.leftToRightEmbedding)
      || holds(.rightToLeftEmbedding) || holds(.leftToRightOverride) || holds(.rightToLeftOverride)

    // L1: separators, and whitespace or isolate controls before them or at the end of the line, go
    // to the paragraph level. Removed characters inside such a stretch go with it. Only the
    // effective levels are kept: a line's levels after L1 follow from them and the paragraph's
    // (`BidiLine.levels`), and a second array for every line cost an allocation and a copy.
    do {
      // Spans, not the arrays: an array written in place checks its uniqueness on every write.
      var effectiveLevels = effective.mutableSpan
      // Without separators only the stretch at the end of the line is reset.
      var trailing = true
      var j = count - 1
      while j >= 0 && (trailing || hasSeparators) {
        let bidiClass = classes[start + j]
        if bidiClass == .segmentSeparator || bidiClass == .paragraphSeparator {
          effectiveLevels[j] = paragraphLevel
          trailing = true
        } else if trailing
          && (bidiClass == .whiteSpace || bidiClass.isIsolateInitiator
            || bidiClass == .popDirectionalIsolate || bidiClass.isRemovedByX9)
        {
          effectiveLevels[j] = paragraphLevel
        } else {
          trailing = false
        }
        j -= 1
      }
      // A removed character that is kept for display sits at the level of the character before it.
      if hasRemoved {
        var previous = paragraphLevel
        for j in 0..<count {
          if effectiveLevels[j] == removed { effectiveLevels[j] = previous } else { previous = effectiveLevels[j] }
        }
      }
    }

    effectiveLevels = effective
    let removeX9 = options.contains(.removeX9Characters)
    let removeControls = options.contains(.removeBidiControls)
    let mirror = options.contains(.mirror)
    let shapes = options.contains(.shapeArabic) && hasArabicLetters
    let effectiveSpan = effective.span
    // The order, the shaped values and the visual positions live only while the line is laid out:
    // scratch space, not arrays of their own.
    withScratchSpan(of: Int32.self, count: count, filledWith: 0) { order in
      // Every character takes part in the reordering, so that controls which are not displayed
      // still separate the runs they separate; what the options leave out is dropped afterwards.
      VisualReordering.writeVisualOrder(levels: effectiveSpan, into: &order)
      if options.contains(.keepMarksAfterBase) && hasMarks {
        var logicalOrder = Array(0..<count)
        Self.reverseMarkClusters(order: &logicalOrder, levels: effective, classes: classArray, start: start)
        for position in 0..<count { order[position] = Int32(logicalOrder[Int(order[position])]) }
      }
      // Shaping works in logical order on the whole line; FriBidi's ligature filler is dropped below.
      withScratchSpan(of: UInt32.self, count: shapes ? count : 0, filledWith: 0) { shaped in
        var hasFiller = false
        if shapes {
          for j in 0..<count { shaped[j] = scalars[start + j].value }
          hasFiller = ArabicShaping.shape(&shaped, count: count, classes: classes, start: start, levels: effectiveSpan)
        }
        // Visual positions are only needed to place ligatures.
        withScratchSpan(of: Int32.self, count: hasFiller ? count : 0, filledWith: -1) { positions in
          func isFiller(_ j: Int) -> Bool {
            hasFiller && shaped[j] == FriBidiLibrary.ligatureFiller
              && scalars[start + j].value != FriBidiLibrary.ligatureFiller
          }
          // Both outputs written in place, at most one element per position of the order.
          var visual = [Unicode.Scalar](filledWith: " ", count: count)
          var logicalOffsets = [Int](filledWith: 0, count: count)
          var kept = 0
          do {
            var visualOut = visual.mutableSpan
            var logicalOut = logicalOffsets.mutableSpan
            for position in 0..<count {
              let j = Int(order[position])
              let bidiClass = classes[start + j]
              var scalar = scalars[start + j]
              if (removeX9 && bidiClass.isRemovedByX9) || (removeControls && scalar.isBidiFormattingControl)
                || isFiller(j)
              {
                continue
              }
              if shapes, let shapedScalar = Unicode.Scalar(shaped[j]) { scalar = shapedScalar }
              // Only neutrals have mirrored glyphs.
              if mirror && effectiveSpan[j] & 1 == 1 && bidiClass == .otherNeutral, let mirrored = scalar.bidiMirror {
                scalar = mirrored
              }
              if hasFiller { positions[j] = Int32(kept) }
              logicalOut[kept] = start + j
              visualOut[kept] = scalar
              kept += 1
            }
          }
          visual.removeLast(count - kept)
          logicalOffsets.removeLast(count - kept)
          // A ligature stands where FriBidi put it (on the alef); the lam it swallowed maps there
          // too, and the ligature maps back to the lam, the first of its two characters.
          if hasFiller {
            var lams: [Int] = []
            for j in 0..<count where isFiller(j) && j + 1 < count && positions[j + 1] >= 0 {
              logicalOffsets[Int(positions[j + 1])] = start + j
              lams.append(j)
            }
            ligatureLams = lams
          }
          visualScalars = visual
          visualToLogical = logicalOffsets
        }
      }
    }
  }

  /// Rule L3 (as FriBidi's REORDER_NSM does it): in right-to-left text, reverse each base character
  /// with the marks that follow it, so that the reversal of rule L2 puts the marks after the base.
  private static func reverseMarkClusters(
    order: inout [Int], levels: [UInt8], classes: [BidiClass], start: Int
  ) {
    var k = order.count - 1
    while k >= 0 {
      guard levels[k] & 1 == 1, classes[start + order[k]] == .nonspacingMark else {
        k -= 1
        continue
      }
      let clusterEnd = k
      let level = levels[k]
      k -= 1
      while k >= 0 && levels[k] == level
        && (classes[start + order[k]] == .nonspacingMark || classes[start + order[k]].isRemovedByX9)
      {
        k -= 1
      }
      let clusterStart = (k >= 0 && levels[k] == level) ? k : k + 1
      order[clusterStart...clusterEnd].reverse()
      k = clusterStart - 1
    }
  }

}

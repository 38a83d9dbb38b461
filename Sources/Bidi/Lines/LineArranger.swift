@_spi(BidiCore) import BidiCore

/// The line rules on a caller's buffers: L1 (resetting separators and trailing whitespace), L2
/// (reversing), L3 (marks after their base), L4 (mirroring), plus removal of controls and Arabic
/// shaping. `BidiLine` lays out each line with a new arranger; a caller that lays out line after
/// line keeps one, and its buffers grow to the longest line and stay.
///
/// ```swift
/// var arranger = LineArranger()
/// let kept = arranger.arrange(
///   scalars: scalars, classes: classes, levels: levels, paragraphLevel: 1, options: .display)
/// // arranger.visual[0..<kept]: what to draw, left to right; arranger.logical: where each came from
/// ```
@available(SwiftStdlib 6.2, *)
package struct LineArranger {
  /// The characters to draw, left to right, in the first `kept` places.
  package private(set) var visual: [Unicode.Scalar] = []
  /// The line offset each drawn character came from, in the first `kept` places. A lam-alef
  /// ligature comes from its lam.
  package private(set) var logical: [Int32] = []
  /// The levels the line was reordered by, one per character: after rule L1, with each removed
  /// character at the level of the one before it.
  package private(set) var effectiveLevels: [UInt8] = []
  /// Line offsets of the lams that a lam-alef ligature swallowed (the ligature stands on the alef
  /// after each), from the last ``arrange(scalars:classes:levels:paragraphLevel:options:joining:)``.
  package private(set) var ligatureLams: [Int] = []

  private var runs: [VisualRun] = []
  private var shaped: [UInt32] = []
  private var joiningTypes: [UInt8] = []
  private var positions: [Int32] = []
  private var reorderingTree = VisualReordering.Tree()

  package init() {}

  /// Lays out one line and returns how many characters it draws.
  ///
  /// - Parameters:
  ///   - scalars: the line's characters.
  ///   - classes: their classes, as the engine resolved them.
  ///   - levels: their levels after rule I2, with ``LevelResolver/removedLevel`` for characters
  ///     rule X9 removes (the paragraph's levels for the line's range).
  ///   - paragraphLevel: 0 or 1.
  ///   - joining: the FriBidi joining type of each character when the caller has them at hand;
  ///     looked up otherwise. Read only when shaping.
  ///   - present: the classes the line holds (or more), when the caller knows them; found here
  ///     otherwise.
  /// - Complexity: O(*n*) for chat lines; O(*n*·*d*) at worst, for *d* distinct levels past six.
  package mutating func arrange(
    scalars: Span<Unicode.Scalar>, classes: Span<BidiClass>, levels: Span<UInt8>, paragraphLevel: UInt8,
    options: ReorderingOptions, joining: Span<UInt8>? = nil, present knownPresent: BidiClassSet? = nil
  ) -> Int {
    let count = scalars.count
    precondition(count <= Int(Int32.max), "a line longer than Int32.max")
    let removed = LevelResolver.removedLevel
    // The buffers are worked on as locals, each span borrowing one of them, and swapped back at the
    // end: assigned back, each would be retained, and released again when its local goes.
    var effectiveLevels = self.effectiveLevels.takeAll()
    var runs = self.runs.takeAll()
    var shaped = self.shaped.takeAll()
    var joiningTypes = self.joiningTypes.takeAll()
    var positions = self.positions.takeAll()
    var visual = self.visual.takeAll()
    var logical = self.logical.takeAll()
    var ligatureLams = self.ligatureLams.takeAll()
    defer {
      swap(&self.effectiveLevels, &effectiveLevels)
      swap(&self.runs, &runs)
      swap(&self.shaped, &shaped)
      swap(&self.joiningTypes, &joiningTypes)
      swap(&self.positions, &positions)
      swap(&self.visual, &visual)
      swap(&self.logical, &logical)
      swap(&self.ligatureLams, &ligatureLams)
    }
    effectiveLevels.grow(toAtLeast: count, filling: 0)
    ligatureLams.removeAll(keepingCapacity: true)

    // Which classes the line holds, in one pass with no branch per character: most lines have no
    // separator inside them and nothing rule X9 removes, and then the passes below that deal with
    // those do not run.
    let present = knownPresent ?? BidiClassSet(of: classes)
    let hasMarks = present.contains(.nonspacingMark)
    let hasArabicLetters = present.contains(.arabicLetter)
    let hasSeparators = present.contains(.segmentSeparator) || present.contains(.paragraphSeparator)
    let hasRemoved = present.intersects(.removedByX9)

    var effective = effectiveLevels.mutableSpan
    for j in 0..<count { effective[j] = levels[j] }
    // L1: separators, and whitespace or isolate controls before them or at the end of the line, go
    // to the paragraph level. Removed characters inside such a stretch go with it.
    var trailing = true
    var j = count - 1
    while j >= 0 && (trailing || hasSeparators) {
      let bidiClass = classes[j]
      if bidiClass == .segmentSeparator || bidiClass == .paragraphSeparator {
        effective[j] = paragraphLevel
        trailing = true
      } else if trailing
        && (bidiClass == .whiteSpace || bidiClass.isIsolateInitiator || bidiClass == .popDirectionalIsolate
          || bidiClass.isRemovedByX9)
      {
        effective[j] = paragraphLevel
      } else {
        trailing = false
      }
      j -= 1
    }
    // A removed character that is kept for display sits at the level of the character before it.
    if hasRemoved {
      var previous = paragraphLevel
      for j in 0..<count {
        if effective[j] == removed { effective[j] = previous } else { previous = effective[j] }
      }
    }

    // Every character takes part in the reordering, so that controls which are not displayed still
    // separate the runs they separate; what the options leave out is dropped as the runs are read.
    let effectiveSpan = effectiveLevels.span.extracting(0..<count)
    let runCount = VisualReordering.writeVisualRuns(levels: effectiveSpan, into: &runs, tree: &reorderingTree)
    let keepsMarksAfterBase = options.contains(.keepMarksAfterBase) && hasMarks

    // Shaping works in logical order on the whole line; FriBidi's ligature filler is dropped below.
    let shapes = options.contains(.shapeArabic) && hasArabicLetters
    var hasFiller = false
    if shapes {
      shaped.grow(toAtLeast: count, filling: 0)
      joiningTypes.grow(toAtLeast: count, filling: 0)
      var shapedSpan = shaped.mutableSpan
      var joiningSpan = joiningTypes.mutableSpan
      for j in 0..<count { shapedSpan[j] = scalars[j].value }
      if let joining {
        for j in 0..<count { joiningSpan[j] = joining[j] }
      } else {
        ArabicShaping.lookUpJoiningTypes(of: shapedSpan, count: count, into: &joiningSpan)
      }
      hasFiller = ArabicShaping.shape(
        &shapedSpan, count: count, joining: &joiningSpan, classes: classes, start: 0, levels: effectiveSpan)
    }
    // Visual positions are only needed to place ligatures.
    if hasFiller { positions.grow(toAtLeast: count, filling: -1) }

    visual.grow(toAtLeast: count, filling: " ")
    logical.grow(toAtLeast: count, filling: 0)
    var out = Emission(
      shapes: shapes, removesX9: options.contains(.removeX9Characters) && hasRemoved,
      removesControls: options.contains(.removeBidiControls), hasFiller: hasFiller)
    var visualOut = visual.mutableSpan
    var logicalOut = logical.mutableSpan
    var positionsOut = positions.mutableSpan
    let mirror = options.contains(.mirror)
    let runSpan = runs.span
    let shapedValues = shaped.span
    // The runs in visual order, each read forward or backward; only neutrals have mirrored glyphs,
    // and only a right-to-left run shows them mirrored.
    for index in 0..<runCount {
      let run = runSpan[index]
      let start = Int(run.start)
      var j = Int(run.end)
      out.mirrors = mirror && run.isReversed
      guard run.isReversed else {
        for k in start..<j {
          out.emit(
            k, scalars: scalars, classes: classes, shaped: shapedValues, visual: &visualOut, logical: &logicalOut,
            positions: &positionsOut)
        }
        continue
      }
      while j > start {
        j -= 1
        // Rule L3 (as FriBidi's REORDER_NSM does it): a base and the marks after it stay in
        // logical order, so the marks come out after the base.
        guard keepsMarksAfterBase && classes[j] == .nonspacingMark else {
          out.emit(
            j, scalars: scalars, classes: classes, shaped: shapedValues, visual: &visualOut, logical: &logicalOut,
            positions: &positionsOut)
          continue
        }
        var clusterStart = j
        while clusterStart > start {
          let before = classes[clusterStart - 1]
          guard before == .nonspacingMark || before.isRemovedByX9 else { break }
          clusterStart -= 1
        }
        if clusterStart > start { clusterStart -= 1 }
        for k in clusterStart...j {
          out.emit(
            k, scalars: scalars, classes: classes, shaped: shapedValues, visual: &visualOut, logical: &logicalOut,
            positions: &positionsOut)
        }
        j = clusterStart
      }
    }
    let kept = out.kept
    let filler = FriBidiLibrary.ligatureFiller
    // A ligature stands where FriBidi put it (on the alef); the lam it swallowed maps there too,
    // and the ligature maps back to the lam, the first of its two characters.
    if hasFiller && count > 1 {
      for j in 0..<count - 1
      where shapedValues[j] == filler && scalars[j].value != filler && positionsOut[j + 1] >= 0 {
        logicalOut[Int(positionsOut[j + 1])] = Int32(j)
        ligatureLams.append(j)
      }
      for j in 0..<count { positionsOut[j] = -1 }
    }
    return kept
  }

  /// The arranger's buffers for the line just laid out, cut to it: the first `kept` drawn characters
  /// and their offsets, and the `count` effective levels. For a caller that keeps one line's layout
  /// (``BidiLine``): the arrays are handed over, not copied.
  ///
  /// - Complexity: O(1) when the buffers are not shared.
  package consuming func finishedLine(
    kept: Int, count: Int
  ) -> (visual: [Unicode.Scalar], logical: [Int32], effectiveLevels: [UInt8], ligatureLams: [Int]) {
    precondition(kept <= count && count <= effectiveLevels.count, "not the line the arranger laid out last")
    visual.removeSubrange(kept...)
    logical.removeSubrange(kept...)
    effectiveLevels.removeSubrange(count...)
    return (visual, logical, effectiveLevels, ligatureLams)
  }

  /// What the reading of the runs writes for each character it reaches: whether it is left out, the
  /// glyph it is drawn with, and where it came from.
  private struct Emission {
    let shapes: Bool
    let removesX9: Bool
    let removesControls: Bool
    let hasFiller: Bool
    var mirrors = false
    var kept = 0

    @inline(__always)
    mutating func emit(
      _ j: Int, scalars: Span<Unicode.Scalar>, classes: Span<BidiClass>, shaped: Span<UInt32>,
      visual: inout MutableSpan<Unicode.Scalar>,
      logical: inout MutableSpan<Int32>, positions: inout MutableSpan<Int32>
    ) {
      let bidiClass = classes[j]
      var scalar = scalars[j]
      if (removesX9 && bidiClass.isRemovedByX9) || (removesControls && scalar.isBidiFormattingControl) {
        return
      }
      if shapes {
        let value = shaped[j]
        if hasFiller && value == FriBidiLibrary.ligatureFiller && scalar.value != value { return }
        if let shapedScalar = Unicode.Scalar(value) { scalar = shapedScalar }
      }
      if mirrors && bidiClass == .otherNeutral, let mirrored = Mirroring.mirror(of: scalar) { scalar = mirrored }
      // Offsets fit an `Int32`: a line is shorter than `Int32.max` (``arrange`` checks it).
      if hasFiller { positions[j] = Int32(truncatingIfNeeded: kept) }
      logical[kept] = Int32(truncatingIfNeeded: j)
      visual[kept] = scalar
      kept += 1
    }
  }
}

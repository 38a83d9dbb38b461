@_spi(BidiCore) import BidiCore

/// Rules X1–X10 in Swift, for a segment with explicit embeddings, overrides or PDFs: the segments
/// ``SequenceResolver`` does not take, which hostile or pasted text brings. Each character's
/// embedding level and override status come from the directional status stack; the characters
/// rule X9 removes are left out; isolate contents are cut out as everywhere else (their initiator and
/// PDI stay, next to each other at one level); and each level run that is left is an isolating run
/// sequence, resolved by rules W1–I2 with its own start and end of sequence (rule X10).
///
/// The segment's level stands in for the paragraph level at its ends: every character of the
/// segment is at that level or above, so the higher of a run's level and either gives the same
/// `sos` and `eos` as the paragraph's true neighbours would.
///
/// When the stack overflows (an embedding or isolate past depth 125) or a sequence opens more than
/// 63 brackets, nothing is kept and FriBidi resolves the segment.
@available(SwiftStdlib 6.2, *)
extension SegmentBuffer {
  /// Resolves the segment into `levels` and appends the isolate contents cut out of it to
  /// `pending`, or returns `false`, having changed neither `pending` nor `bracketBudget`, when the
  /// segment is one it leaves to FriBidi. On `false` some of the segment's levels may be written;
  /// the FriBidi path writes every one of them again.
  ///
  /// - Complexity: O(*n*) in the length of the segment, or O(*n*·*d*) with brackets nested *d* ≤ 63
  ///   deep.
  mutating func resolveExplicitly(
    range: Range<Int>, level: UInt8, classes: Span<BidiClass>, brackets: Span<UInt32>, structure: IsolateStructure,
    bracketBudget: inout Int, levels: inout MutableSpan<UInt8>, pending: inout PendingSegments
  ) -> Bool {
    var budget = bracketBudget
    guard
      buildRuns(
        range: range, level: level, source: classes, sourceBrackets: brackets, structure: structure,
        bracketBudget: &budget)
    else { return false }
    var types = self.classes
    self.classes = []
    defer { swap(&types, &self.classes) }
    var typeSpan = types.mutableSpan
    guard
      SequenceResolver.resolveLevelRuns(
        types: &typeSpan, origins: origins.span, runLevels: runLevels.span, brackets: self.brackets.span,
        level: level, classes: classes, levels: &levels)
    else { return false }
    bracketBudget = budget
    pending.append(contentsOf: children)
    return true
  }

  /// Fills `classes` (each character's type once overridden, the isolate controls as
  /// ``SequenceResolver/isolateControl``), `brackets` (the ids of the brackets rule N0 may pair),
  /// `origins`, `runLevels` and `children`; `false` when the stack overflows.
  private mutating func buildRuns(
    range: Range<Int>, level: UInt8, source: Span<BidiClass>, sourceBrackets: Span<UInt32>,
    structure: IsolateStructure, bracketBudget: inout Int
  ) -> Bool {
    classes.removeAll(keepingCapacity: true)
    brackets.removeAll(keepingCapacity: true)
    origins.removeAll(keepingCapacity: true)
    runLevels.removeAll(keepingCapacity: true)
    children.removeAll(keepingCapacity: true)
    stack.reset(baseLevel: level)
    var i = range.lowerBound
    while i < range.upperBound {
      let bidiClass = source[i]
      switch bidiClass {
      case .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride:
        stack.pushEmbedding(
          rightToLeft: bidiClass == .rightToLeftEmbedding || bidiClass == .rightToLeftOverride,
          overriding: bidiClass == .leftToRightOverride || bidiClass == .rightToLeftOverride)
        guard !stack.isOverflowing else { return false }
        i += 1
        continue
      case .popDirectionalFormat:
        stack.popEmbedding()
        i += 1
        continue
      case .boundaryNeutral, .paragraphSeparator:
        // Removed by rule X9, or last and at the paragraph level (rule L1).
        i += 1
        continue
      case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
        let (contentEnd, rightToLeft) = structure.isolate(
          openedAt: i, by: bidiClass, end: range.upperBound, classes: source)
        append(type: stack.currentOverride ?? SequenceResolver.isolateControl, bracket: 0, origin: i)
        guard let contentLevel = stack.pushIsolate(rightToLeft: rightToLeft) else { return false }
        if i + 1 < contentEnd { children.append(PendingSegment(range: i + 1..<contentEnd, level: contentLevel)) }
        // An initiator with no matching PDI is the segment's last character, and its sequence's
        // `eos` compares with the paragraph level, as rule X10 asks.
        guard contentEnd < range.upperBound else { return true }
        stack.popIsolate()
        append(type: stack.currentOverride ?? SequenceResolver.isolateControl, bracket: 0, origin: contentEnd)
        i = contentEnd + 1
        continue
      case .popDirectionalIsolate:
        stack.popIsolate()
        append(type: stack.currentOverride ?? SequenceResolver.isolateControl, bracket: 0, origin: i)
        i += 1
        continue
      default:
        break
      }
      // Brackets count against the paragraph's budget in text order, as on FriBidi's path; only
      // those whose type is still ON after the overrides can pair (rule BD14).
      var bracket = sourceBrackets[i]
      if bracket != 0 {
        if bracketBudget > 0 { bracketBudget -= 1 } else { bracket = 0 }
      }
      let override = stack.currentOverride
      append(type: override ?? bidiClass, bracket: override == nil ? bracket : 0, origin: i)
      i += 1
    }
    return true
  }

  @inline(__always)
  private mutating func append(type: BidiClass, bracket: UInt32, origin: Int) {
    classes.append(type)
    brackets.append(bracket)
    origins.append(Int32(truncatingIfNeeded: origin))
    runLevels.append(stack.currentLevel)
  }
}

@available(SwiftStdlib 6.2, *)
extension SequenceResolver {
  /// Rules W1–I2 on each level run of `types`, an isolating run sequence at the level `runLevels`
  /// gives it, with the start and end of sequence of rule X10; `false` when a sequence opens more
  /// than 63 brackets.
  ///
  /// - Parameters:
  ///   - types: the characters' types after rules X1–X9; overwritten.
  ///   - origins: where each came from in the paragraph.
  ///   - runLevels: each one's explicit level.
  ///   - brackets: each one's bracket id for rule N0, 0 for none.
  ///   - level: the level at both ends of the segment.
  ///   - classes: the paragraph's classes.
  static func resolveLevelRuns(
    types: inout MutableSpan<BidiClass>, origins: Span<Int32>, runLevels: Span<UInt8>, brackets: Span<UInt32>,
    level: UInt8, classes: Span<BidiClass>, levels: inout MutableSpan<UInt8>
  ) -> Bool {
    let count = types.count
    var start = 0
    while start < count {
      let runLevel = runLevels[start]
      var end = start + 1
      while end < count && runLevels[end] == runLevel { end += 1 }
      let before = start == 0 ? level : runLevels[start - 1]
      let after = end == count ? level : runLevels[end]
      let sos: BidiClass = max(runLevel, before) & 1 == 1 ? .rightToLeft : .leftToRight
      let eos: BidiClass = max(runLevel, after) & 1 == 1 ? .rightToLeft : .leftToRight
      // Embeddings make many short runs, most with no bracket: those need no pairing of their own.
      var pairing: BracketPairing? = nil
      for k in start..<end where brackets[k] != 0 {
        if pairing == nil { pairing = BracketPairing() }
        guard pairing!.add(bracket: brackets[k], at: k - start) else { return false }
      }
      // The rules work on the first types of a span: the run moves to the front, over the runs
      // already resolved, whose types are not read again.
      let length = end - start
      if start > 0 {
        for k in 0..<length { types[k] = types[start + k] }
      }
      let runOrigins = origins.extracting(start..<end)
      let separatorsAreNeutral = resolveWeak(&types, count: length, level: runLevel, sos: sos)
      pairing?.resolve(&types, count: length, level: runLevel, sos: sos, classes: classes, origins: runOrigins)
      resolveNeutralAndImplicit(
        types.span, count: length, level: runLevel, sos: sos, eos: eos, separatorsAreNeutral: separatorsAreNeutral,
        origins: runOrigins, levels: &levels)
      start = end
    }
    return true
  }
}

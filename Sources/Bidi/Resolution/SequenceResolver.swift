@_spi(BidiCore) import BidiCore

/// Rules W1–I2 in Swift, bracket pairing (N0) included, for the common segment that is one
/// isolating run sequence: no embedding, override or PDF. Isolates inside it are cut out exactly as
/// for FriBidi (their initiator and PDI stay, as neutrals, and their contents are resolved on their
/// own), so a chat message with isolated mentions, hashtags, URLs, numbers and brackets is resolved
/// without a call into FriBidi. A segment with embeddings, overrides or PDFs goes to
/// `SegmentBuffer.resolveExplicitly`, which finds its level runs and resolves each with the rules
/// here, given its own `sos` and `eos`.
///
/// The segment is one level run at `level`, whose start and end of sequence (`sos`, `eos`) both have
/// the direction of `level`: it is a whole paragraph (both ends at the paragraph level) or the
/// content of an isolate (the higher level at both ends is its own, rule X10).
///
/// - Complexity: O(*n*) in the length of the segment, or O(*n*·*d*) with brackets nested *d* ≤ 63
///   deep, as rule N0 reads the inside of each pair.
@available(SwiftStdlib 6.2, *)
internal enum SequenceResolver {
  /// The sequence's types as the rules rewrite them; isolate initiators and PDIs are kept apart
  /// from other neutrals because rule W1 looks at them.
  static let isolateControl = BidiClass(unchecked: 0xFE)

  /// Resolves the segment into `levels` and appends the isolate contents cut out of it to
  /// `pending`, or returns `false`, having changed nothing, when the segment is not one this
  /// resolver handles.
  static func resolve(
    range: Range<Int>, level: UInt8, classes: Span<BidiClass>, brackets: Span<UInt32>, structure: IsolateStructure,
    bracketBudget: inout Int, levels: inout MutableSpan<UInt8>, pending: inout PendingSegments
  ) -> Bool {
    // Written through spans sized for the whole range, at most one entry a character: appending
    // checks capacity and uniqueness on every character.
    withScratchSpan(of: BidiClass.self, count: range.count, filledWith: .otherNeutral) { typesOut in
      withScratchSpan(of: Int32.self, count: range.count, filledWith: 0) { originsOut in
        resolve(
          range: range, level: level, classes: classes, brackets: brackets, structure: structure,
          bracketBudget: &bracketBudget, levels: &levels, pending: &pending, types: &typesOut,
          origins: &originsOut)
      }
    }
  }

  /// ``resolve(range:level:classes:brackets:structure:bracketBudget:levels:pending:)`` with the
  /// sequence's types and origins written into the caller's scratch spans, each at least
  /// `range.count` long.
  private static func resolve(
    range: Range<Int>, level: UInt8, classes: Span<BidiClass>, brackets: Span<UInt32>, structure: IsolateStructure,
    bracketBudget: inout Int, levels: inout MutableSpan<UInt8>, pending: inout PendingSegments,
    types typesOut: inout MutableSpan<BidiClass>, origins originsOut: inout MutableSpan<Int32>
  ) -> Bool {
    var count = 0
    let pendingBefore = pending.count
    // The isolate contents go straight to the caller's list, and come off it again on failure.
    var handled = false
    defer { if !handled { pending.removeLast(from: pendingBefore) } }
    var pairing = BracketPairing()
    // Brackets are counted against the paragraph's budget in the order FriBidi's path would count
    // them, and only once this resolver is sure to handle the segment.
    var budget = bracketBudget
    // Positions are kept as `Int32`: a paragraph is shorter than `Int32.max` (`BidiText` checks).
    precondition(range.upperBound <= Int(Int32.max), "a paragraph longer than Int32.max")
    do {
      var i = range.lowerBound
      while i < range.upperBound {
        let bidiClass = classes[i]
        // Nearly every character is copied as it is: one test for all the classes that are not.
        if Self.bit(of: bidiClass) & Self.classesNeedingCare == 0 && brackets[i] == 0 {
          typesOut[count] = bidiClass
          originsOut[count] = Int32(truncatingIfNeeded: i)
          count += 1
          i += 1
          continue
        }
        if bidiClass.isEmbeddingOrOverride || bidiClass == .popDirectionalFormat { return false }
        if brackets[i] != 0 && budget > 0 {
          budget -= 1
          // Rule BD16 gives up past 63 open brackets; FriBidi's path handles that.
          guard pairing.add(bracket: brackets[i], at: count) else { return false }
        }
        switch bidiClass {
        case .boundaryNeutral, .paragraphSeparator:
          // Removed by rule X9, or last and at the paragraph level (rule L1).
          i += 1
          continue
        case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
          let (contentEnd, rightToLeft) = structure.isolate(
            openedAt: i, by: bidiClass, end: range.upperBound, classes: classes)
          let contentLevel = rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
          // Near the depth limit rule X5a–X5c would ignore the initiator: left to FriBidi.
          guard Int(contentLevel) <= BidiLevel.maximumExplicitDepth else { return false }
          typesOut[count] = isolateControl
          originsOut[count] = Int32(truncatingIfNeeded: i)
          count += 1
          if i + 1 < contentEnd { pending.append(PendingSegment(range: i + 1..<contentEnd, level: contentLevel)) }
          if contentEnd < range.upperBound {
            typesOut[count] = isolateControl
            originsOut[count] = Int32(truncatingIfNeeded: contentEnd)
            count += 1
          }
          i = contentEnd + 1
          continue
        case .popDirectionalIsolate:
          typesOut[count] = isolateControl
        default:
          typesOut[count] = bidiClass
        }
        originsOut[count] = Int32(truncatingIfNeeded: i)
        count += 1
        i += 1
      }
    }
    bracketBudget = budget
    let origins = originsOut.span
    let embedding: BidiClass = level & 1 == 1 ? .rightToLeft : .leftToRight
    let separatorsAreNeutral = resolveWeak(&typesOut, count: count, level: level, sos: embedding)
    pairing.resolve(&typesOut, count: count, level: level, sos: embedding, classes: classes, origins: origins)
    resolveNeutralAndImplicit(
      typesOut.span, count: count, level: level, sos: embedding, eos: embedding,
      separatorsAreNeutral: separatorsAreNeutral, origins: origins, levels: &levels)
    handled = true
    return true
  }

  /// Classes the sequence does not take as they are: removed characters, the paragraph separator,
  /// isolate controls, and the explicit embeddings, overrides and PDF, whose segments
  /// `SegmentBuffer.resolveExplicitly` takes.
  private static let classesNeedingCare: UInt32 = [
    BidiClass.boundaryNeutral, .paragraphSeparator, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate,
    .popDirectionalIsolate, .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride,
    .rightToLeftOverride, .popDirectionalFormat,
  ].reduce(0) { $0 | 1 << $1.rawValue }

  /// The bit of a class in the masks below; the sequence's isolate controls (raw value 0xFE) fall
  /// on bit 30, in no mask but the neutrals'. Only the 23 classes reach here
  /// (`BidiText(classes:)` checks a caller's), so the mask on the shift aliases nothing and needs
  /// no test of the raw value.
  @inline(__always)
  private static func bit(of type: BidiClass) -> UInt32 {
    1 &<< type.rawValue
  }

  private static let strongTypes: UInt32 =
    1 << BidiClass.leftToRight.rawValue | 1 << BidiClass.rightToLeft.rawValue | 1 << BidiClass.arabicLetter.rawValue
  private static let numberTypes: UInt32 = 1 << BidiClass.europeanNumber.rawValue | 1 << BidiClass.arabicNumber.rawValue
  private static let separatorTypes: UInt32 =
    1 << BidiClass.europeanSeparator.rawValue | 1 << BidiClass.europeanTerminator.rawValue
    | 1 << BidiClass.commonSeparator.rawValue

  /// Rules W1–W7, on the first `count` types of a sequence that starts with `sos`. Returns `true`
  /// when it left separators and terminators for
  /// ``resolveNeutralAndImplicit(_:count:level:sos:eos:separatorsAreNeutral:origins:levels:)`` to
  /// take as neutrals: with no number in the sequence, rule W6 is all that would change them.
  static func resolveWeak(_ types: inout MutableSpan<BidiClass>, count: Int, level: UInt8, sos: BidiClass) -> Bool {
    // W1–W3 in one pass. W1: a mark takes the type of what precedes it (as W1 left it, before W3
    // turns AL into R); after an isolate control it is a neutral. W2: European digits after Arabic
    // letters are Arabic numbers. W3: Arabic letters are R. Most sequences of a chat message hold no
    // number (numbers are isolated on their own), and W4–W7 then have little to do.
    // Without a branch per type: in mixed text the types alternate too irregularly for a switch
    // to be predicted, and this loop was the engine's slowest per character.
    var previous = sos
    var lastStrong = sos
    var present: UInt32 = 0
    for k in 0..<count {
      var type = types[k]
      if type == .nonspacingMark {
        type = k == 0 ? sos : previous == isolateControl ? .otherNeutral : previous
      }
      previous = type
      let bit = Self.bit(of: type)
      present |= bit
      lastStrong = bit & Self.strongTypes != 0 ? type : lastStrong
      let rightToLeftForArabic = type == .arabicLetter ? BidiClass.rightToLeft : type
      types[k] = type == .europeanNumber && lastStrong == .arabicLetter ? .arabicNumber : rightToLeftForArabic
    }
    let hasNumbers = present & Self.numberTypes != 0
    let hasSeparators = present & Self.separatorTypes != 0
    // With no number W4, W5 and W7 change nothing, and W6 only makes separators and terminators
    // (commas, full stops, colons and slashes in most messages) neutral: rules N0–N2 read
    // them as neutrals as they are, with no pass of their own.
    guard hasNumbers else { return hasSeparators }
    // W4: one separator between two numbers of a kind joins them.
    if count >= 3 {
      for k in 1..<count - 1 {
        let before = types[k - 1]
        guard before == types[k + 1] else { continue }
        if types[k] == .europeanSeparator && before == .europeanNumber
          || types[k] == .commonSeparator && (before == .europeanNumber || before == .arabicNumber)
        {
          types[k] = before
        }
      }
    }
    // W5: terminators next to a European number belong to it.
    var k = 0
    while k < count {
      guard types[k] == .europeanTerminator else {
        k += 1
        continue
      }
      var end = k
      while end < count && types[end] == .europeanTerminator { end += 1 }
      if (k > 0 && types[k - 1] == .europeanNumber) || (end < count && types[end] == .europeanNumber) {
        for t in k..<end { types[t] = .europeanNumber }
      }
      k = end
    }
    // W6 and W7: other separators and terminators are neutral; European numbers after L are L.
    lastStrong = sos
    for k in 0..<count {
      switch types[k] {
      case .europeanSeparator, .europeanTerminator, .commonSeparator:
        types[k] = .otherNeutral
      case .leftToRight, .rightToLeft:
        lastStrong = types[k]
      case .europeanNumber where lastStrong == .leftToRight:
        types[k] = .leftToRight
      default:
        break
      }
    }
    return false
  }

  /// Rules N1 and N2, and then I1–I2, in one pass: a run of neutrals between two strong types of
  /// one direction (numbers count as R) takes that direction, otherwise the embedding direction,
  /// and every position's level is written at its origin. On the first `count` types of a sequence
  /// from `sos` to `eos`; with `separatorsAreNeutral`, separators and terminators are neutrals too
  /// (rule W6, left to here).
  static func resolveNeutralAndImplicit(
    _ types: Span<BidiClass>, count: Int, level: UInt8, sos: BidiClass, eos: BidiClass, separatorsAreNeutral: Bool,
    origins: Span<Int32>, levels: inout MutableSpan<UInt8>
  ) {
    let embedding: BidiClass = level & 1 == 1 ? .rightToLeft : .leftToRight
    let neutrals = Self.neutralTypes | (separatorsAreNeutral ? Self.separatorTypes : 0)
    func direction(_ type: BidiClass) -> BidiClass {
      type == .leftToRight ? .leftToRight : .rightToLeft
    }
    var k = 0
    while k < count {
      let type = types[k]
      guard Self.bit(of: type) & neutrals != 0 else {
        levels[Int(origins[k])] = implicitLevel(of: type, at: level)
        k += 1
        continue
      }
      var end = k + 1
      while end < count && Self.bit(of: types[end]) & neutrals != 0 { end += 1 }
      let before = k == 0 ? sos : direction(types[k - 1])
      let after = end == count ? eos : direction(types[end])
      let resolved = implicitLevel(of: before == after ? before : embedding, at: level)
      for t in k..<end { levels[Int(origins[t])] = resolved }
      k = end
    }
  }

  /// The neutrals of rules N1–N2, the sequence's isolate controls (bit 30) among them.
  private static let neutralTypes: UInt32 =
    1 << BidiClass.otherNeutral.rawValue | 1 << BidiClass.whiteSpace.rawValue
    | 1 << BidiClass.segmentSeparator.rawValue | bit(of: isolateControl)

  /// Rules I1–I2.
  @inline(__always)
  private static func implicitLevel(of type: BidiClass, at level: UInt8) -> UInt8 {
    if level & 1 == 0 {
      switch type {
      case .rightToLeft: return level + 1
      case .europeanNumber, .arabicNumber: return level + 2
      default: return level
      }
    }
    return type == .rightToLeft ? level : level + 1
  }
}

/// Rule N0 for one isolating run sequence: the bracket pairs of BD16, each resolved to the direction
/// of the strong text inside it, or of the context before it when the inside is all of the other
/// direction.
///
/// Pairs are found with a stack of at most 63 open brackets, as BD16 specifies. Bracket ids are
/// FriBidi's (the opening bracket's code point, with canonical equivalents already unified).
///
/// - Complexity: O(*n*·*d*) for *n* types and brackets nested *d* ≤ 63 deep.
@available(SwiftStdlib 6.2, *)
struct BracketPairing {
  private struct Bracket {
    var position: Int
    var id: UInt32
  }

  private struct Pair {
    var opening: Int
    var closing: Int
  }

  // On the stack, as nearly every sequence holds a few brackets at most: arrays of their own cost two
  // allocations for every chat message with a bracket in it. BD16 keeps at most 63 brackets open.
  private var open = InlineArray<63, Bracket>(repeating: Bracket(position: 0, id: 0))
  private var openCount = 0
  private var firstPairs = InlineArray<16, Pair>(repeating: Pair(opening: 0, closing: 0))
  /// Every pair once there are more than fit on the stack.
  private var allPairs: [Pair] = []
  private var pairCount = 0

  static let maximumOpenBrackets = 63

  /// Records the bracket at sequence position `position`; `false` when BD16 would stop here.
  mutating func add(bracket id: UInt32, at position: Int) -> Bool {
    if id & FriBidiLibrary.openingBracketMask != 0 {
      guard openCount < Self.maximumOpenBrackets else { return false }
      open[openCount] = Bracket(position: position, id: id & ~FriBidiLibrary.openingBracketMask)
      openCount += 1
      return true
    }
    // A closing bracket pairs with the nearest open one of its kind, closing those above it.
    var match = openCount - 1
    while match >= 0 && open[match].id != id { match -= 1 }
    if match >= 0 {
      append(Pair(opening: open[match].position, closing: position))
      openCount = match
    }
    return true
  }

  private mutating func append(_ pair: Pair) {
    if pairCount < firstPairs.count {
      firstPairs[pairCount] = pair
    } else {
      if allPairs.isEmpty { for index in firstPairs.indices { allPairs.append(firstPairs[index]) } }
      allPairs.append(pair)
    }
    pairCount += 1
  }

  /// The pair in the `index`th place.
  private func pair(_ index: Int) -> Pair {
    pairCount <= firstPairs.count ? firstPairs[index] : allPairs[index]
  }

  /// Applies rule N0 to the first `count` of `types` (after rules W1–W7), in the order of the
  /// opening brackets, in a sequence that starts with `sos`.
  ///
  /// `classes` and `origins` tell which sequence positions were marks before rule W1: the class of
  /// position `k` is `classes[origins[k]]`.
  mutating func resolve(
    _ types: inout MutableSpan<BidiClass>, count: Int, level: UInt8, sos: BidiClass, classes: Span<BidiClass>,
    origins: Span<Int32>
  ) {
    guard pairCount > 0 else { return }
    // Found in the order they close; resolved in the order they open.
    if pairCount <= firstPairs.count {
      // A few pairs: sorted where they are.
      for i in 1..<max(1, pairCount) {
        var j = i
        while j > 0 && firstPairs[j - 1].opening > firstPairs[j].opening {
          firstPairs.swapAt(j - 1, j)
          j -= 1
        }
      }
    } else {
      allPairs.sort { $0.opening < $1.opening }
    }
    let embedding: BidiClass = level & 1 == 1 ? .rightToLeft : .leftToRight
    // Numbers count as right to left.
    func strong(_ type: BidiClass) -> BidiClass? {
      switch type {
      case .leftToRight: .leftToRight
      case .rightToLeft, .europeanNumber, .arabicNumber: .rightToLeft
      default: nil
      }
    }
    for index in 0..<pairCount {
      let pair = pair(index)
      var foundEmbedding = false
      var foundOpposite = false
      for k in pair.opening + 1..<pair.closing {
        guard let direction = strong(types[k]) else { continue }
        if direction == embedding {
          foundEmbedding = true
          break
        }
        foundOpposite = true
      }
      let resolved: BidiClass
      if foundEmbedding {
        resolved = embedding
      } else if foundOpposite {
        // The context before the pair, or the start of the sequence.
        var before = sos
        var k = pair.opening - 1
        while k >= 0 {
          if let direction = strong(types[k]) {
            before = direction
            break
          }
          k -= 1
        }
        resolved = before
      } else {
        continue
      }
      // Marks that followed a bracket take its new direction too.
      func set(_ position: Int) {
        types[position] = resolved
        var k = position + 1
        while k < count {
          guard classes[Int(origins[k])] == .nonspacingMark else { break }
          types[k] = resolved
          k += 1
        }
      }
      set(pair.opening)
      set(pair.closing)
    }
  }
}

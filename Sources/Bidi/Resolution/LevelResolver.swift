/// Resolves the embedding levels of one paragraph (rules X1–I2), in Swift, and with FriBidi for
/// what the Swift rules leave to it, correcting what libfribidi gets wrong.
///
/// ## Why the paragraph is cut into segments
/// libfribidi before 1.0.9 links the contents of sibling isolates into one isolating run sequence
/// (upstream #141), so a phone number isolated after an Arabic name resolves as if it followed the
/// name. The content of a valid isolate influences nothing outside it and depends on nothing outside
/// it but its embedding level, so each content is resolved on its own: the surrounding text is passed
/// to FriBidi with the content cut out (initiator and PDI kept), and the content is passed separately
/// at a base level of the same parity, its levels shifted up by the even difference. Contents nested
/// in contents are cut out the same way, so every character is resolved exactly once.
///
/// Three details keep a separately resolved segment equal to the whole:
/// - Whitespace and segment separators are passed to FriBidi as `ON`. Rules W1–I2 treat them exactly
///   like `ON`; only rule L1 tells them apart, and FriBidi would apply L1 at the end of every
///   segment. The engine applies L1 itself, per line. The paragraph separator, always last, is left
///   out: rule X8 closes every embedding before it and L1 gives it the paragraph level.
/// - After the segment come PDFs for the embeddings still open and a strong character of the
///   direction of the level it lands at. It stands for the end-of-sequence type (`eos`) the real
///   neighbour would give and keeps FriBidi's end-of-paragraph L1 off the segment's trailing isolate
///   controls; rules W1–N2 never look forward past a strong character.
/// - When a segment's nesting could reach the depth limit of 125, the shift would move overflow
///   decisions, so the segment is put at its true level by a prefix of nested isolate initiators.
///
/// Three kinds of segment never reach FriBidi: those every character of which resolves to the
/// segment's own level (``uniformBrackets(range:level:classes:brackets:)``); while the isolates
/// are being cut out, those that are one isolating run sequence (no embedding, override or PDF),
/// which ``SequenceResolver`` resolves with rules W1–I2, bracket pairing (N0) included; and those
/// with embeddings, overrides or PDFs, whose levels and runs
/// ``SegmentBuffer/resolveExplicitly(range:level:classes:brackets:structure:bracketBudget:levels:pending:)``
/// finds by rules X1–X10 before resolving each run the same way. FriBidi is left the segments whose
/// embeddings overflow the depth limit and those with brackets nested past 63. The conformance
/// suites check every path, as every case goes through whichever applies.
///
/// Brackets: FriBidi's rule N0 is quadratic in the number of bracket pairs (upstream #163) and its
/// recursion can overflow the stack (#253). In a paragraph with more than
/// `maximumBracketsPerParagraph` bracket characters, only the first ones are paired by rule N0; the
/// rest resolve as plain `ON` (rules N1–N2). This is the engine's one deviation from UAX #9, and only
/// such paragraphs see it; no chat message comes near.
@available(SwiftStdlib 6.2, *)
internal enum LevelResolver {
  /// Marks a character removed by rule X9 in a level array.
  static let removedLevel: UInt8 = 0xFF

  /// How many bracket characters of one paragraph are handed to FriBidi's rule N0.
  static let maximumBracketsPerParagraph = 4096

  struct Failure: Error {}

  /// Writes the levels of one paragraph after rule I2 into `levels`, one per class;
  /// `removedLevel` for X9-removed characters.
  ///
  /// - Parameters:
  ///   - classes: the paragraph's classes, its separator included.
  ///   - structure: the isolate structure of `classes`.
  ///   - brackets: FriBidi bracket ids per character (0 for none), at least as many as `classes`.
  ///   - baseLevel: 0 or 1.
  ///   - levels: room for one level per class.
  ///   - removesCharacters: whether the paragraph may hold characters rule X9 removes.
  ///   - segment: the buffers of the segments FriBidi resolves, kept by the caller from paragraph to
  ///     paragraph.
  ///   - libraryAlone: hand the whole paragraph to FriBidi as it is, isolates and all, for tests
  ///     that show what the loaded library does without the engine.
  static func resolve(
    classes: Span<BidiClass>, structure: IsolateStructure, brackets: Span<UInt32>, baseLevel: UInt8,
    into levels: inout MutableSpan<UInt8>, segment: inout SegmentBuffer, removesCharacters: Bool = true,
    libraryAlone: Bool = false
  ) throws(Failure) {
    let count = classes.count
    for i in 0..<count { levels[i] = baseLevel }
    guard count > 0 else { return }
    var pending = PendingSegments()
    pending.append(PendingSegment(range: 0..<count, level: baseLevel))
    var bracketBudget = maximumBracketsPerParagraph
    while let next = pending.popLast() {
      let (range, level) = (next.range, next.level)
      if !libraryAlone, let brackets = uniformBrackets(range: range, level: level, classes: classes, brackets: brackets)
      {
        // Levels already hold the base level; a content is at its own.
        if level != baseLevel {
          for i in range { levels[i] = level }
        }
        bracketBudget = max(0, bracketBudget - brackets)
        continue
      }
      if !libraryAlone,
        SequenceResolver.resolve(
          range: range, level: level, classes: classes, brackets: brackets, structure: structure,
          bracketBudget: &bracketBudget, levels: &levels, pending: &pending)
          || segment.resolveExplicitly(
            range: range, level: level, classes: classes, brackets: brackets, structure: structure,
            bracketBudget: &bracketBudget, levels: &levels, pending: &pending)
      {
        continue
      }
      // Embeddings past the depth limit and brackets nested past 63: FriBidi's rules, on a segment
      // with the isolates cut out, whatever the loaded library does with sibling isolates.
      segment.build(
        range: range, level: level, classes: classes, brackets: brackets, structure: structure,
        cutIsolates: !libraryAlone, bracketBudget: &bracketBudget)
      guard
        FriBidiLibrary.resolveLevels(
          classes: segment.classes, brackets: segment.brackets, rightToLeft: level & 1 == 1,
          into: &segment.library)
      else { throw Failure() }
      let shift = segment.prefixLength == 0 ? level & ~1 : 0
      let resolved = segment.library.levels.span
      for (offset, index) in segment.origins.enumerated() {
        levels[Int(index)] = UInt8(bitPattern: resolved[segment.prefixLength + offset]) &+ shift
      }
      pending.append(contentsOf: segment.children)
    }
    guard removesCharacters else { return }
    for i in 0..<count where classes[i].isRemovedByX9 {
      levels[i] = removedLevel
    }
  }
}

@available(SwiftStdlib 6.2, *)
extension LevelResolver {
  /// The number of bracket characters in a segment every character of which resolves to the
  /// segment's own level, or `nil` when it is not such a segment. Most isolated entities are: a
  /// Latin name or a phone number in a left-to-right isolate, an Arabic name in a right-to-left one.
  /// They need no call into FriBidi.
  ///
  /// Such a segment holds no explicit formatting character and no character that could take the
  /// other direction: strong characters of its own direction, neutrals, separators, terminators and
  /// marks, and in a left-to-right segment European digits. Its start and end of sequence (`sos`,
  /// `eos`) have its own direction, being the higher level at both of its ends (rule X10), so rule
  /// W7 turns its digits left to right, rules N1–N2 give its neutrals its direction, and rules
  /// I1–I2 leave every level as it is.
  ///
  /// - Complexity: O(*n*) in the length of the segment, stopping at the first character that
  ///   rules it out.
  private static let sharedUniformClasses: UInt32 = [
    BidiClass.otherNeutral, .whiteSpace, .segmentSeparator, .europeanSeparator, .europeanTerminator, .commonSeparator,
    .nonspacingMark, .boundaryNeutral, .paragraphSeparator,
  ].reduce(0) { $0 | 1 << $1.rawValue }
  private static let uniformLeftToRightClasses =
    sharedUniformClasses | 1 << BidiClass.leftToRight.rawValue | 1 << BidiClass.europeanNumber.rawValue
  private static let uniformRightToLeftClasses =
    sharedUniformClasses | 1 << BidiClass.rightToLeft.rawValue | 1 << BidiClass.arabicLetter.rawValue

  static func uniformBrackets(range: Range<Int>, level: UInt8, classes: Span<BidiClass>, brackets: Span<UInt32>) -> Int?
  {
    let allowed = level & 1 == 1 ? uniformRightToLeftClasses : uniformLeftToRightClasses
    // Read through spans of the segment alone, whose bounds are checked once.
    let segment = classes.extracting(range)
    let segmentBrackets = brackets.extracting(range)
    var count = 0
    for i in segment.indices {
      guard allowed & (1 &<< segment[i].rawValue) != 0 else { return nil }
      if segmentBrackets[i] != 0 { count += 1 }
    }
    return count
  }
}

/// A stretch of a paragraph still to resolve, at its embedding level. (A struct, not a tuple: tuple
/// arrays make the runtime look up generic metadata on every call.)
@available(SwiftStdlib 6.2, *)
struct PendingSegment {
  var range: Range<Int>
  var level: UInt8
}

/// The classes passed to FriBidi for one segment, and where each came from. Kept by the paragraph
/// resolver, so that its arrays serve segment after segment and paragraph after paragraph.
@available(SwiftStdlib 6.2, *)
struct SegmentBuffer {
  var classes: [BidiClass] = []
  var brackets: [UInt32] = []
  /// Paragraph index of each element after the prefix (trailing PDFs and sentinel excluded).
  /// `Int32`, as a paragraph is shorter than `Int32.max`: half the memory on a very long one.
  var origins: [Int32] = []
  var prefixLength = 0
  /// Isolate contents cut out of this segment, with their embedding levels.
  var children: [PendingSegment] = []
  /// The explicit level of each element, for the segments resolved in Swift
  /// (``resolveExplicitly(range:level:classes:brackets:structure:bracketBudget:levels:pending:)``).
  var runLevels: [UInt8] = []
  /// The explicit rules' stack, its storage kept.
  var stack = ExplicitStack(baseLevel: 0)
  /// What FriBidi reads and writes.
  var library = LibraryLevelBuffers()

  init() {}

  /// Makes the segment `range` of the paragraph whose classes and bracket ids are `source` and
  /// `sourceBrackets`, at `level`.
  mutating func build(
    range: Range<Int>, level: UInt8, classes source: Span<BidiClass>, brackets sourceBrackets: Span<UInt32>,
    structure: IsolateStructure, cutIsolates: Bool, bracketBudget: inout Int
  ) {
    classes.removeAll(keepingCapacity: true)
    brackets.removeAll(keepingCapacity: true)
    origins.removeAll(keepingCapacity: true)
    children.removeAll(keepingCapacity: true)

    // A segment whose explicit initiators could reach the depth limit is resolved at its true level.
    let baseLevel = level & 1
    prefixLength = 0
    if level > 1 {
      var initiators = 0
      for i in range where source[i].isEmbeddingOrOverride || source[i].isIsolateInitiator {
        initiators += 1
      }
      if Int(level) + initiators + 2 > BidiLevel.maximumExplicitDepth {
        var prefixLevel = baseLevel
        while prefixLevel < level {
          prefixLevel += 1
          classes.append(prefixLevel & 1 == 1 ? .rightToLeftIsolate : .leftToRightIsolate)
          brackets.append(0)
        }
        prefixLength = classes.count
      }
    }

    stack.reset(baseLevel: level)
    var i = range.lowerBound
    scan: while i < range.upperBound {
      var bidiClass = source[i]
      switch bidiClass {
      case .leftToRightEmbedding, .leftToRightOverride:
        stack.pushEmbedding(rightToLeft: false)
      case .rightToLeftEmbedding, .rightToLeftOverride:
        stack.pushEmbedding(rightToLeft: true)
      case .popDirectionalFormat:
        stack.popEmbedding()
      case .popDirectionalIsolate:
        stack.popIsolate()
      case .paragraphSeparator:
        // Only ever last in a paragraph, where rule X8 closes everything and L1 gives it the
        // paragraph level: it takes no part in resolution, and the sentinel stands in for it.
        i += 1
        continue scan
      case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
        let (contentEnd, rightToLeft) = structure.isolate(
          openedAt: i, by: bidiClass, end: range.upperBound, classes: source)
        if bidiClass == .firstStrongIsolate && cutIsolates {
          // Cut out, the content is no longer there for FriBidi to look at.
          bidiClass = rightToLeft ? .rightToLeftIsolate : .leftToRightIsolate
        }
        if let contentLevel = stack.pushIsolate(rightToLeft: rightToLeft), cutIsolates {
          append(bidiClass, bracket: 0, origin: i)
          if i + 1 < contentEnd { children.append(PendingSegment(range: i + 1..<contentEnd, level: contentLevel)) }
          guard contentEnd < range.upperBound else { break scan }
          stack.popIsolate()
          append(.popDirectionalIsolate, bracket: 0, origin: contentEnd)
          i = contentEnd + 1
          continue scan
        }
      default:
        break
      }
      var bracket = sourceBrackets[i]
      if bracket != 0 {
        if bracketBudget > 0 { bracketBudget -= 1 } else { bracket = 0 }
      }
      // Rule L1 is the engine's own; FriBidi must not apply it at this segment's end.
      if bidiClass == .whiteSpace || bidiClass == .segmentSeparator {
        bidiClass = .otherNeutral
      }
      append(bidiClass, bracket: bracket, origin: i)
      i += 1
    }

    let closing = stack.closingState
    for _ in 0..<closing.pdfs {
      classes.append(.popDirectionalFormat)
      brackets.append(0)
    }
    classes.append(closing.level & 1 == 1 ? .rightToLeft : .leftToRight)
    brackets.append(0)
  }

  @inline(__always)
  private mutating func append(_ bidiClass: BidiClass, bracket: UInt32, origin: Int) {
    classes.append(bidiClass)
    brackets.append(bracket)
    origins.append(Int32(truncatingIfNeeded: origin))
  }
}

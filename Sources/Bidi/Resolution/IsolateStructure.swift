@available(SwiftStdlib 6.2, *)
extension BidiClass {
  // Tests of the raw value's range: a chain of comparisons with each constant cost more on the
  // passes that ask these of every character.
  @inline(__always) var isIsolateInitiator: Bool { rawValue &- 19 < 3 }

  @inline(__always) var isEmbeddingOrOverride: Bool { rawValue &- 14 < 4 }

  /// Removed by rule X9: embeddings, overrides, PDF and boundary neutrals.
  @inline(__always) var isRemovedByX9: Bool { rawValue &- 14 < 5 || rawValue == 9 }

  @inline(__always) var isStrong: Bool { rawValue < 3 }
}

/// The isolate structure of one paragraph: which PDI matches which initiator (BD9).
///
/// The table is kept by its owner and rebuilt for each paragraph, so a caller that resolves
/// paragraph after paragraph reuses one array; or it is the table of the whole text, made by a
/// caller that read the text's classes first (``IsolateMatching``), and the paragraph lies in it
/// from `offset` on.
@available(SwiftStdlib 6.2, *)
internal struct IsolateStructure {
  /// For each isolate initiator, the index of its matching PDI, or `-1` when it has none (its
  /// content then runs to the end of the paragraph). Other positions hold `-1` in a table made
  /// here, anything in a caller's; a paragraph with no initiator, where nothing is ever looked
  /// up, leaves the table empty.
  private(set) var matchingPDI: [Int32] = []
  /// Where the paragraph starts in `matchingPDI`, whose indices count from the same place.
  private var offset = 0

  init() {}

  /// The structure of the paragraph from `paragraphStart` of a text whose table a caller made.
  init(matchingPDI: [Int32], paragraphStart: Int) {
    self.matchingPDI = matchingPDI
    self.offset = paragraphStart
  }

  /// Makes the table for `classes`, reusing the array's storage.
  ///
  /// - Complexity: O(*n*).
  mutating func rebuild(classes: Span<BidiClass>) {
    matchingPDI.removeAll(keepingCapacity: true)
    offset = 0
    // Only initiators are ever looked up: text without one needs no table.
    var hasInitiator = false
    for i in classes.indices where classes[i].isIsolateInitiator {
      hasInitiator = true
      break
    }
    guard hasInitiator else { return }
    let count = classes.count
    matchingPDI.append(addingCapacity: count) { $0.append(repeating: -1, count: count) }
    var matching = IsolateMatching()
    var matches = matchingPDI.mutableSpan
    for i in 0..<count {
      let bidiClass = classes[i]
      if bidiClass.isIsolateInitiator {
        matching.open(at: i, in: &matches)
      } else if bidiClass == .popDirectionalIsolate {
        _ = matching.close(at: i, in: &matches)
      }
    }
    matching.closeAll(in: &matches)
  }

  /// The end of the isolate content that starts after the initiator at `initiator` (exclusive): its
  /// matching PDI, or `end` when it has none.
  @inline(__always)
  func contentEnd(after initiator: Int, end: Int) -> Int {
    let match = Int(matchingPDI[offset + initiator])
    return match >= 0 ? match - offset : end
  }

  /// The isolate that the initiator at `initiator`, of class `initiatorClass`, opens: where its
  /// content ends (its matching PDI, or `end` when it has none), and whether it is right to left, an
  /// FSI taking the direction of its content's first strong character (rule X5c).
  @inline(__always)
  func isolate(
    openedAt initiator: Int, by initiatorClass: BidiClass, end: Int, classes: Span<BidiClass>
  ) -> (contentEnd: Int, isRightToLeft: Bool) {
    let contentEnd = contentEnd(after: initiator, end: end)
    switch initiatorClass {
    case .rightToLeftIsolate:
      return (contentEnd, true)
    case .firstStrongIsolate:
      return (contentEnd, firstStrongDirection(in: initiator + 1..<contentEnd, classes: classes) == .rightToLeft)
    default:
      return (contentEnd, false)
    }
  }

  /// Rules P2–P3 over `range`: the direction of the first strong character, skipping the content of
  /// isolates, or `nil` when there is none.
  func firstStrongDirection(in range: Range<Int>, classes: Span<BidiClass>) -> TextDirection? {
    var i = range.lowerBound
    while i < range.upperBound {
      let bidiClass = classes[i]
      if bidiClass == .leftToRight { return .leftToRight }
      if bidiClass == .rightToLeft || bidiClass == .arabicLetter { return .rightToLeft }
      if bidiClass.isIsolateInitiator {
        i = contentEnd(after: i, end: range.upperBound)
        continue  // lands on the matching PDI, which is neutral, or on the end
      }
      i += 1
    }
    return nil
  }
}

/// Pairs isolate initiators with their PDIs (BD9) as a text's classes are read in order, into a
/// table with an entry for each position: for each initiator, its PDI's position, or `-1`. The
/// engine's paragraphs use it, and so can a caller that reads the classes first and hands the
/// table to ``ParagraphResolver``, which then does not look for the isolates again.
///
/// The stack of open initiators is threaded through the table itself: an open initiator's entry
/// holds the one open below it until its PDI is found, so no second array is needed, and only
/// initiators' entries are written. Positions are kept as `Int32`: they must fit one, as a
/// paragraph's do (`BidiText` checks them).
///
/// ```swift
/// var matching = IsolateMatching()
/// matching.open(at: 0, in: &table)        // LRI
/// matching.close(at: 2, in: &table)       // PDI: 0, the outermost initiator it closed
/// ```
@available(SwiftStdlib 6.2, *)
package struct IsolateMatching {
  /// The innermost open initiator, or `-1`.
  private var top: Int32 = -1

  package init() {}

  /// An isolate initiator at `position`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package mutating func open(at position: Int, in table: inout MutableSpan<Int32>) {
    table[position] = top
    top = Int32(truncatingIfNeeded: position)
  }

  /// A PDI at `position`: it closes the innermost open initiator, if any. Returns that
  /// initiator's position when it was the outermost open one.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package mutating func close(at position: Int, in table: inout MutableSpan<Int32>) -> Int? {
    guard top >= 0 else { return nil }
    let initiator = Int(top)
    top = table[initiator]
    table[initiator] = Int32(truncatingIfNeeded: position)
    return top < 0 ? initiator : nil
  }

  /// The end of a paragraph (or of the text): the initiators still open have no PDI.
  ///
  /// - Complexity: O(*d*) for *d* initiators still open.
  package mutating func closeAll(in table: inout MutableSpan<Int32>) {
    while top >= 0 {
      let initiator = Int(top)
      top = table[initiator]
      table[initiator] = -1
    }
  }
}

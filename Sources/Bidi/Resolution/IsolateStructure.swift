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
/// paragraph after paragraph reuses one array.
@available(SwiftStdlib 6.2, *)
internal struct IsolateStructure {
  /// For each isolate initiator, the index of its matching PDI, or `-1` when it has none (its
  /// content then runs to the end of the paragraph). Other positions hold `-1` too; a paragraph
  /// with no initiator, where nothing is ever looked up, leaves the table empty.
  private(set) var matchingPDI: [Int32] = []

  init() {}

  init(classes: Span<BidiClass>) {
    rebuild(classes: classes)
  }

  /// Empties the table, for a paragraph known to hold no isolate initiator.
  mutating func clear() { matchingPDI.removeAll(keepingCapacity: true) }

  /// Makes the table for `classes`, reusing the array's storage.
  ///
  /// - Complexity: O(*n*).
  mutating func rebuild(classes: Span<BidiClass>) {
    matchingPDI.removeAll(keepingCapacity: true)
    // Only initiators are ever looked up: text without one needs no table.
    var hasInitiator = false
    for i in classes.indices where classes[i].isIsolateInitiator {
      hasInitiator = true
      break
    }
    guard hasInitiator else { return }
    let count = classes.count
    matchingPDI.append(addingCapacity: count) { $0.append(repeating: -1, count: count) }
    var matches = matchingPDI.mutableSpan
    // The stack of open initiators is threaded through the table itself: an open initiator's entry
    // holds the one open below it until its PDI is found, so no second array is needed.
    var top: Int32 = -1
    for i in 0..<count {
      let bidiClass = classes[i]
      if bidiClass.isIsolateInitiator {
        matches[i] = top
        top = Int32(i)
      } else if bidiClass == .popDirectionalIsolate && top >= 0 {
        let initiator = Int(top)
        top = matches[initiator]
        matches[initiator] = Int32(i)
      }
    }
    // Initiators still open have no PDI.
    while top >= 0 {
      let initiator = Int(top)
      top = matches[initiator]
      matches[initiator] = -1
    }
  }

  /// The end of the isolate content that starts after the initiator at `initiator` (exclusive): its
  /// matching PDI, or `end` when it has none.
  @inline(__always)
  func contentEnd(after initiator: Int, end: Int) -> Int {
    let match = Int(matchingPDI[initiator])
    return match >= 0 ? match : end
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

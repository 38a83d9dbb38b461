@_spi(BidiCore) import BidiCore

/// Recognises the controls an isolator inserted, so that isolating twice equals isolating once and
/// the insertions can be removed again.
///
/// Inserted controls carry no tag; they are known by where they stand, against the entities found
/// in the text:
/// - isolate: the entity's own initiator (LRI, RLI or FSI) right before it and a PDI right after;
/// - embed: its LRE or RLE right before and a PDF right after; then marks of the other direction
///   right after, embedded or not;
/// - mark: the mark of its direction right before, after an entity that ends in a neutral one more
///   right after it, and marks of the other direction right after (not those that are the next
///   entity's own mark);
/// - an isolate wrapping a whole paragraph (its initiator first, its matching PDI last), and a mark
///   at the start of a paragraph, when asked.
///
/// Nested layers of the same pattern are peeled in one pass. A user's control standing exactly where
/// the isolator would put one is taken for the isolator's.
internal struct InsertionRecognizer {
  /// The strategy whose insertions are recognised, or `nil` for all three, tried in the order
  /// ``IsolationStrategy`` lists them.
  var strategy: IsolationStrategy?
  var paragraphWrappers: Bool
  var leadingMarks: Bool
  /// Whether a paragraph wrapper is recognised by its first and last characters alone, without
  /// pairing: under the `keep` policy the text inside may hold a stray PDI that pairs with the
  /// wrapper's initiator, or isolates that swallow its PDI.
  var wrappersByPositionAlone = false

  /// The offsets of the recognised controls.
  ///
  /// - Complexity: O(*n*) over the entities, controls and paragraphs.
  func claimedOffsets(in text: UTF8Text, scan: ScanResult) -> ClaimedOffsets {
    var claimed = ClaimedOffsets()
    claimOffsets(in: text, scan: scan, into: &claimed)
    return claimed
  }

  /// ``claimedOffsets(in:scan:)`` into `claimed`, emptied first, whose memory is reused.
  ///
  /// - Complexity: as ``claimedOffsets(in:scan:)``.
  func claimOffsets(in text: UTF8Text, scan: ScanResult, into claimed: inout ClaimedOffsets) {
    claimed.removeAll()
    guard !scan.controls.isEmpty else { return }
    claimed.reserve(upTo: text.count)

    func control(endingAt offset: Int) -> ControlOccurrence? {
      guard offset > 0 else { return nil }
      let start = text.scalarStart(before: offset)
      return BidiControl(value: text.scalar(at: start).value).map { ControlOccurrence(offset: start, control: $0) }
    }
    func control(startingAt offset: Int) -> ControlOccurrence? {
      guard offset < text.count else { return nil }
      return BidiControl(value: text.scalar(at: offset).value).map { ControlOccurrence(offset: offset, control: $0) }
    }

    // The paragraph's own wrapper and mark first: they are the outermost insertions, and an
    // entity's layers must not be peeled into them.
    if paragraphWrappers || leadingMarks {
      claimParagraphInsertions(in: text, scan: scan, into: &claimed)
    }
    // Marks before entities next, so a mark after one entity that is the next entity's own mark is
    // not taken for the first one's trailing mark.
    if strategy == nil || strategy == .mark {
      for entity in scan.entities {
        var before = entity.start
        while let mark = control(endingAt: before), mark.control == entity.markDirection.mark,
          !claimed.contains(mark.offset)
        {
          claimed.insert(mark.offset)
          before = mark.offset
        }
      }
    }
    for entity in scan.entities {
      let direction = entity.markDirection
      /// Claims the marks of the other direction from `offset` on; with `holdingEnd`, first the mark
      /// of the entity's own direction that the mark strategy puts after a neutral at its end.
      func claimTrailingMarks(from offset: Int, holdingEnd: Bool = false) -> Int {
        var after = offset
        if holdingEnd, let mark = control(startingAt: after), mark.control == direction.mark,
          !claimed.contains(mark.offset), entity.endsInNeutral(in: text)
        {
          claimed.insert(mark.offset)
          after = mark.end
        }
        while let mark = control(startingAt: after), mark.control == direction.reversed.mark,
          !claimed.contains(mark.offset)
        {
          claimed.insert(mark.offset)
          after = mark.end
        }
        return after
      }
      strategies: for strategy in Self.everyStrategy where self.strategy == nil || self.strategy == strategy {
        var before = entity.start
        var after = entity.end
        switch strategy {
        case .isolate, .embed:
          let (initiator, terminator): (BidiControl, BidiControl) =
            strategy == .isolate
            ? (entity.isolateInitiator, .popDirectionalIsolate) : (direction.embedding, .popDirectionalFormatting)
          var found = false
          while let open = control(endingAt: before), open.control == initiator, !claimed.contains(open.offset),
            let close = control(startingAt: after), close.control == terminator, !claimed.contains(close.offset)
          {
            claimed.insert(open.offset)
            claimed.insert(close.offset)
            before = open.offset
            after = strategy == .embed ? claimTrailingMarks(from: close.end) : close.end
            found = true
          }
          if strategy == .isolate {
            if found { break strategies }
            continue strategies
          }
          // A mark right after the entity is taken whether or not it is embedded: once the
          // isolator has wrapped it, a user's mark there would be indistinguishable from its own.
          // Not embedded, it may be the mark strategy's too, when that is among those recognised.
          _ = claimTrailingMarks(from: after, holdingEnd: !found && self.strategy == nil)
          break strategies
        case .mark:
          _ = claimTrailingMarks(from: after, holdingEnd: true)
          break strategies
        }
      }
    }
  }

  /// Made once: `allCases` makes a new list on every call.
  private static let everyStrategy = IsolationStrategy.allCases

  private func claimParagraphInsertions(in text: UTF8Text, scan: ScanResult, into claimed: inout ClaimedOffsets) {
    var controlIndex = 0
    for paragraph in scan.paragraphs(length: text.count) {
      while controlIndex < scan.controls.count && scan.controls[controlIndex].offset < paragraph.lowerBound {
        controlIndex += 1
      }
      guard controlIndex < scan.controls.count, scan.controls[controlIndex].offset == paragraph.lowerBound else {
        continue
      }
      let first = scan.controls[controlIndex]
      if leadingMarks && (first.control == .leftToRightMark || first.control == .rightToLeftMark) {
        claimed.insert(first.offset)
      }
      guard paragraphWrappers && first.control.isIsolateInitiator && !claimed.contains(first.offset) else {
        continue
      }
      // The wrapper's PDI is the paragraph's last character, and it is the one that closes the
      // opening isolate, or, when the text inside leaves isolates open (the `keep` policy), the
      // opening isolate is never closed before it.
      var depth = 0
      var index = controlIndex + 1
      var last: ControlOccurrence? = nil
      var opensUntilEnd = true
      while index < scan.controls.count && scan.controls[index].offset < paragraph.upperBound {
        let occurrence = scan.controls[index]
        index += 1
        if claimed.contains(occurrence.offset) { continue }
        last = occurrence
        if occurrence.control.isIsolateInitiator {
          depth += 1
        } else if occurrence.control == .popDirectionalIsolate {
          if depth > 0 {
            depth -= 1
          } else if opensUntilEnd {
            opensUntilEnd = false
            if occurrence.end == paragraph.upperBound {
              last = nil
              claimed.insert(first.offset)
              claimed.insert(occurrence.offset)
            }
          }
        }
      }
      if opensUntilEnd || wrappersByPositionAlone, let last, last.control == .popDirectionalIsolate,
        last.end == paragraph.upperBound
      {
        claimed.insert(first.offset)
        claimed.insert(last.offset)
      }
    }
  }
}

/// The byte offsets of recognised controls, one bit per byte of the text: a line of an isolated
/// huge message holds millions of them, which a hash set spends most of its time growing for.
internal struct ClaimedOffsets {
  private var words: [UInt64] = []
  private(set) var isEmpty = true

  /// Empties the set, keeping its memory: the next text's ``reserve(upTo:)`` clears only what it
  /// needs.
  mutating func removeAll() {
    words.removeAll(keepingCapacity: true)
    isEmpty = true
  }

  /// Makes room for offsets below `count` in one allocation.
  mutating func reserve(upTo count: Int) {
    let needed = (count + 63) >> 6
    if words.count < needed { words.append(contentsOf: repeatElement(0, count: needed - words.count)) }
  }

  func contains(_ offset: Int) -> Bool {
    let word = offset >> 6
    return word < words.count && words[word] & (1 << UInt64(offset & 63)) != 0
  }

  mutating func insert(_ offset: Int) {
    reserve(upTo: offset + 1)
    words[offset >> 6] |= 1 << UInt64(offset & 63)
    isEmpty = false
  }
}

extension ScanResult {
  /// The byte ranges of the paragraphs' contents, separators excluded; a text always has at least
  /// one paragraph, possibly empty.
  func paragraphs(length: Int) -> Paragraphs { Paragraphs(separators: separators, length: length) }

  /// The paragraphs of a scanned text, read off its separators as they are iterated.
  struct Paragraphs: Sequence, IteratorProtocol {
    let separators: [Range<Int>]
    let length: Int
    private var index = 0
    private var start: Int? = 0

    init(separators: [Range<Int>], length: Int) {
      self.separators = separators
      self.length = length
    }

    mutating func next() -> Range<Int>? {
      guard let paragraphStart = start else { return nil }
      guard index < separators.count else {
        start = nil
        return paragraphStart..<length
      }
      let separator = separators[index]
      index += 1
      start = separator.upperBound
      return paragraphStart..<separator.lowerBound
    }
  }
}

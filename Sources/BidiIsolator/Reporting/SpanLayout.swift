@_spi(BidiCore) import BidiCore

/// Where the spans a caller asks to isolate go in a text, so that their isolates nest with
/// everything else in it.
///
/// A span is first reduced to its content: split at paragraph separators, since no isolate reaches
/// past its paragraph, and trimmed of bidi controls at its ends, so a span's isolate always sits
/// right around characters. It is then widened until its isolate would nest with the text's own
/// structure: the pairs of initiators and terminators, which it must contain whole or lie inside,
/// and the entities, which it must contain whole, since a control inside an entity would end it
/// on the next scan. Spans that overlap after that are joined into one; nested spans stay nested.
///
/// The layout reads only characters and the structure around them, never the span's own isolate,
/// so it finds the same places in a text before and after its spans were isolated: that is what
/// lets isolation recognise its own isolates and stay idempotent.
internal struct SpanLayout {
  let text: UTF8Text
  /// The pairs and entities, by (start ascending, end descending): a parent before its children.
  private var intervals: [Interval] = []
  /// Offsets of controls that pair with nothing: a span holding one cannot be isolated.
  private(set) var unmatched: [Int] = []

  private struct Interval {
    var lower: Int
    var upper: Int
    var isEntity: Bool
    /// The index of the innermost interval that contains this one, or -1.
    var parent = -1
    /// The embedding level an initiator opens, counted as the sanitiser counts it; 0 for entities.
    var level: Int
  }

  /// The highest level UAX #9 allows (BD2): a span whose isolate would reach past it is left alone.
  private static let maximumLevel = 125

  init(text: UTF8Text, scan: ScanResult) {
    self.text = text
    var intervals: [Interval] = []
    var unmatched: [Int] = []
    // Pairs as rules X1–X8 make them, paragraph by paragraph.
    var stack: [(occurrence: ControlOccurrence, level: Int)] = []
    var separatorIndex = 0
    var paragraphEnd = scan.separators.first?.lowerBound ?? text.count
    func closeParagraph() {
      for open in stack {
        intervals.append(
          Interval(lower: open.occurrence.offset, upper: paragraphEnd, isEntity: false, level: open.level))
        unmatched.append(open.occurrence.offset)
      }
      stack.removeAll()
    }
    for occurrence in scan.controls {
      while occurrence.offset >= paragraphEnd && separatorIndex < scan.separators.count {
        closeParagraph()
        separatorIndex += 1
        paragraphEnd =
          separatorIndex < scan.separators.count ? scan.separators[separatorIndex].lowerBound : text.count
      }
      let control = occurrence.control
      if control.isMark { continue }
      if control.isEmbeddingInitiator || control.isIsolateInitiator {
        stack.append((occurrence, Self.level(after: control, from: stack.last?.level ?? 1)))
      } else if control == .popDirectionalFormatting {
        if let top = stack.last, !top.occurrence.control.isIsolateInitiator {
          stack.removeLast()
          intervals.append(
            Interval(lower: top.occurrence.offset, upper: occurrence.end, isEntity: false, level: top.level))
        } else {
          unmatched.append(occurrence.offset)
        }
      } else if stack.contains(where: { $0.occurrence.control.isIsolateInitiator }) {
        // A PDI closes its isolate and every embedding opened inside it.
        while let open = stack.popLast() {
          intervals.append(
            Interval(lower: open.occurrence.offset, upper: occurrence.end, isEntity: false, level: open.level))
          if open.occurrence.control.isIsolateInitiator { break }
        }
      } else {
        unmatched.append(occurrence.offset)
      }
    }
    closeParagraph()
    for entity in scan.entities {
      intervals.append(Interval(lower: entity.start, upper: entity.end, isEntity: true, level: 0))
    }
    intervals.sort { ($0.lower, $1.upper) < ($1.lower, $0.upper) }
    var open: [Int] = []
    for index in intervals.indices {
      while let last = open.last, intervals[last].upper <= intervals[index].lower { open.removeLast() }
      intervals[index].parent = open.last ?? -1
      open.append(index)
    }
    self.intervals = intervals
    self.unmatched = unmatched.sorted()
  }

  /// The level an initiator opens from `level`, as ``ControlBalancer`` counts it: from a
  /// right-to-left paragraph, the deeper one, and two levels for FSI.
  private static func level(after control: BidiControl, from level: Int) -> Int {
    switch control {
    case .rightToLeftEmbedding, .rightToLeftOverride, .rightToLeftIsolate: (level + 1) | 1
    case .leftToRightEmbedding, .leftToRightOverride, .leftToRightIsolate: (level + 2) & ~1
    default: level + 2
    }
  }

  // MARK: Content

  /// The parts of `spans` (byte ranges at scalar boundaries) that hold characters: split at
  /// paragraph separators, trimmed of controls at their ends and widened to whole words and
  /// addresses, by (start ascending, end descending), without repeats.
  ///
  /// - Complexity: O(*s* log *s* + *p*) for *s* spans and the *p* separators they cross.
  static func contentRanges(of spans: [Range<Int>], in text: UTF8Text, separators: [Range<Int>]) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    for span in spans {
      // The first separator that ends after the span starts.
      var low = separators.partitionIndex { $0.upperBound > span.lowerBound }
      var start = span.lowerBound
      while low < separators.count && separators[low].lowerBound < span.upperBound {
        if let piece = trimmed(start..<max(start, separators[low].lowerBound), in: text) { pieces.append(piece) }
        start = max(start, separators[low].upperBound)
        low += 1
      }
      if start < span.upperBound, let piece = trimmed(start..<span.upperBound, in: text) { pieces.append(piece) }
    }
    return sortedUnique(pieces)
  }

  private static func trimmed(_ range: Range<Int>, in text: UTF8Text) -> Range<Int>? {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, text[lower] >= 0x80, let control = BidiControl(value: text.scalar(at: lower).value) {
      lower += control == .arabicLetterMark ? 2 : 3
    }
    while upper > lower, text[upper - 1] >= 0x80,
      BidiControl(value: text.scalar(at: text.scalarStart(before: upper)).value) != nil
    {
      upper = text.scalarStart(before: upper)
    }
    guard lower < upper else { return nil }
    // Never inside a word or an address: a control there ends the token for the scanner, and a
    // part of it could become an entity the whole is not (`example.co` of `example.comx`, or a
    // mention cut short before an `@` that kept it from being one).
    while joinsToken(text.scalar(at: lower).value), let before = text.scalarSkippingControls(before: lower),
      joinsToken(before.value)
    {
      lower = text.scalarStart(before: before.controlsStart)
    }
    while joinsToken(text.scalar(at: text.scalarStart(before: upper)).value),
      let after = text.scalarSkippingControls(from: upper), joinsToken(after.value)
    {
      upper = after.offset + text.scalar(at: after.offset).length
    }
    return lower..<upper
  }

  /// Whether `value` belongs in a token the scanner reads whole: a letter, mark, digit, joiner or
  /// connector of any script, or a sign URLs, e-mail addresses and cashtags hold.
  private static func joinsToken(_ value: UInt32) -> Bool {
    guard value < 0x80 else {
      let kind = CharacterTable.shared.kind(of: value)
      return kind.isNameCharacter || kind == .connector
    }
    return isAddressCharacter(UInt8(value))
  }

  /// ASCII letters, digits and the signs URLs, e-mail addresses and cashtags hold inside a token.
  private static func isAddressCharacter(_ byte: UInt8) -> Bool {
    if byte.isASCIIAlphanumeric { return true }
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "~"), UInt8(ascii: "#"),
      UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "?"):
      return true
    default:
      return false
    }
  }

  private static func sortedUnique(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var sorted = ranges.sorted { ($0.lowerBound, $1.upperBound) < ($1.lowerBound, $0.upperBound) }
    var kept = 0
    for index in sorted.indices where kept == 0 || sorted[index] != sorted[kept - 1] {
      sorted[kept] = sorted[index]
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    return sorted
  }

  // MARK: Placement

  /// The ranges the isolates of `contents` (from ``contentRanges(of:in:separators:)``) go around:
  /// each widened until it nests with the text's pairs and entities, then every group of ranges
  /// linked by overlaps that do not nest joined into one. They nest with one another and come by
  /// (start ascending, end descending), outer before inner.
  ///
  /// Joining whole groups, not pairs, gives ranges that no other range crosses, whatever order
  /// the spans came in: so a span's isolate never lands inside another span, which would change
  /// what that span holds the next time.
  ///
  /// - Complexity: O(*s* (log *c* + *d*)) for *s* spans and *c* pairs and entities nested at most
  ///   *d* deep, plus O(*s*²) in the worst case of overlapping spans.
  func placements(of contents: [Range<Int>]) -> [Range<Int>] {
    let ranges = Self.sortedUnique(contents.map(widened))
    // Groups by union–find: a range is linked to every later one that starts inside it and ends
    // past it.
    var group = Array(ranges.indices)
    func root(_ index: Int) -> Int {
      var index = index
      while group[index] != index {
        group[index] = group[group[index]]
        index = group[index]
      }
      return index
    }
    for (index, range) in ranges.enumerated() {
      var other = index + 1
      while other < ranges.count && ranges[other].lowerBound < range.upperBound {
        if ranges[other].upperBound > range.upperBound { group[root(other)] = root(index) }
        other += 1
      }
    }
    var joined: [Int: Range<Int>] = [:]
    for (index, range) in ranges.enumerated() {
      let key = root(index)
      let union = joined[key].map { min($0.lowerBound, range.lowerBound)..<max($0.upperBound, range.upperBound) }
      joined[key] = union ?? range
    }
    return Self.sortedUnique(Array(joined.values))
  }

  /// `range` widened until no pair crosses it and no entity is cut by it.
  private func widened(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    var changed = true
    while changed {
      changed = false
      // The intervals that hold the start but end inside the range, and those that hold the end
      // but start inside it (or, either way, are entities): the range takes in the outermost.
      let crossings = [
        outermost(containing: lower) { $0.isEntity || $0.upper <= upper },
        outermost(containing: upper) { $0.isEntity || $0.lower >= lower },
      ]
      for case let interval? in crossings {
        lower = min(lower, interval.lower)
        upper = max(upper, interval.upper)
        changed = true
      }
    }
    return lower..<upper
  }

  /// The outermost of the intervals with `offset` strictly inside them, from the innermost out,
  /// for which `crosses` holds; `nil` when the innermost does not.
  private func outermost(containing offset: Int, while crosses: (Interval) -> Bool) -> Interval? {
    var found: Interval? = nil
    var index = innermost(containing: offset)
    while index >= 0 && crosses(intervals[index]) {
      found = intervals[index]
      index = intervals[index].parent
    }
    return found
  }

  /// The innermost interval with `offset` strictly inside it, or -1.
  private func innermost(containing offset: Int) -> Int {
    // The last interval that starts before `offset`; an interval holding `offset` is it or one of
    // its ancestors, since intervals nest.
    var index = intervals.partitionIndex { $0.lower >= offset } - 1
    while index >= 0 && intervals[index].upper <= offset { index = intervals[index].parent }
    return index
  }

  // MARK: Isolating

  /// Which of `placements` can be isolated: not one holding a control that pairs with nothing
  /// (only the `keep` policy leaves those), which its isolate would pair with, nor one whose
  /// isolate, with those around it, would take a level inside it past UAX #9's limit.
  ///
  /// - Complexity: O(*s* (log *c* + *k*)) for *s* placements holding at most *k* controls each.
  func isolatable(_ placements: [Range<Int>]) -> [Bool] {
    var result: [Bool] = []
    result.reserveCapacity(placements.count)
    var enclosing: [Range<Int>] = []
    for range in placements {
      while let last = enclosing.last, last.upperBound <= range.lowerBound { enclosing.removeLast() }
      if holdsUnmatchedControl(range) {
        result.append(false)
        continue
      }
      // The deepest level inside: where the range starts, and what initiators inside open.
      var start = innermost(containing: range.lowerBound)
      while start >= 0 && intervals[start].isEntity { start = intervals[start].parent }
      var deepest = start >= 0 ? intervals[start].level : 1
      var index = intervals.partitionIndex { $0.lower >= range.lowerBound }
      while index < intervals.count && intervals[index].lower < range.upperBound {
        deepest = max(deepest, intervals[index].level)
        index += 1
      }
      // Each isolate around it adds at most two levels.
      let fits = deepest + 2 * (enclosing.count + 1) <= Self.maximumLevel
      result.append(fits)
      if fits { enclosing.append(range) }
    }
    return result
  }

  /// The isolate initiator for `placements[index]`: the direction of its first strong character
  /// outside isolates and outside the placements nested in it, which get isolates of their own, as
  /// rule P2 finds it for an FSI, written out as LRI or RLI; FSI when it has none. So it is the same
  /// before and after the nested placements are isolated.
  ///
  /// - Complexity: O(*k*) in the length of the placement.
  func initiator(for index: Int, in placements: [Range<Int>]) -> BidiControl {
    let table = CharacterTable.shared
    let range = placements[index]
    // The placements nested in this one follow it, outer before inner.
    var nested = index + 1
    var offset = range.lowerBound
    var depth = 0
    while offset < range.upperBound {
      while nested < placements.count && placements[nested].upperBound <= offset { nested += 1 }
      if nested < placements.count && placements[nested].lowerBound == offset && offset < range.upperBound {
        offset = placements[nested].upperBound
        continue
      }
      let (value, length) = text.scalar(at: offset)
      offset += length
      if let control = BidiControl(value: value) {
        if control.isIsolateInitiator {
          depth += 1
        } else if control == .popDirectionalIsolate {
          depth = max(0, depth - 1)
        } else if depth == 0, let direction = control.markDirection {
          return direction.isolate
        }
        continue
      }
      if depth == 0, let direction = table.strongDirection(of: value) { return direction.isolate }
    }
    return .firstStrongIsolate
  }

  /// The offsets of the controls right around each of `placements` that look like its isolate:
  /// the initiator ``initiator(for:in:)`` gives right before it and a PDI right at its end, around
  /// a placement that holds no unmatched control, as the isolates ``SpanIsolation`` inserts are.
  /// Used to take an isolation's own span isolates out before isolating again.
  func wrapperOffsets(around placements: [Range<Int>]) -> [Int] {
    var offsets: [Int] = []
    for (index, range) in placements.enumerated() where range.lowerBound > 0 && range.upperBound < text.count {
      let before = text.scalarStart(before: range.lowerBound)
      guard let opening = BidiControl(value: text.scalar(at: before).value), opening.isIsolateInitiator,
        BidiControl(value: text.scalar(at: range.upperBound).value) == .popDirectionalIsolate,
        !holdsUnmatchedControl(range), opening == initiator(for: index, in: placements)
      else { continue }
      offsets.append(before)
      offsets.append(range.upperBound)
    }
    // Nested spans that start or end together look at the same control: it is one wrapper.
    return Array(Set(offsets)).sorted()
  }

  private func holdsUnmatchedControl(_ range: Range<Int>) -> Bool {
    let first = unmatched.partitionIndex { $0 >= range.lowerBound }
    return first < unmatched.count && unmatched[first] < range.upperBound
  }
}

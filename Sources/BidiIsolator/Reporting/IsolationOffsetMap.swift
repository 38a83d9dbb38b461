@_spi(BidiCore) import BidiCore

/// Which side of the controls inserted at a position a mapped offset lands on.
///
/// An original offset where the isolator inserted `LRI` maps to two isolated offsets, before and
/// after it; an isolated offset where it removed a stray `PDI` maps to two original ones. The
/// names are TextKit's, for a caret's affinity.
public enum OffsetAffinity: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Toward the start: before the controls inserted there (or the controls removed there).
  case upstream
  /// Toward the end: after them.
  case downstream

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

/// Offsets in the original text and the isolated text, mapped both ways, in UTF-8 bytes, UTF-16
/// code units (for `NSRange`, taps and search highlights) or Unicode scalars.
///
/// ```swift
/// let isolation = BidiIsolator().isolation(of: "مرحبا @bob!")
/// let map = isolation.offsets
/// map.isolatedRange(ofOriginal: 6..<10, in: .utf16)    // 7..<11: "@bob", inside its isolate
/// map.originalOffset(ofIsolated: 11, in: .utf16)        // 10: the tap after "@bob" in the model
/// ```
///
/// Ranges map tightly: a range's start goes after the controls inserted at it and its end before
/// them, so `@bob` maps to `@bob` and not to its isolate. Both directions are monotonic. Mapping
/// an original offset to the isolated text and back gives it again, except at a control the
/// isolator removed, which has no place of its own in the isolated text.
///
/// - Complexity: every mapping is O(log *k*) for *k* edits.
public struct IsolationOffsetMap: Sendable, Hashable {
  /// The controls inserted and removed, in the order of the text, which the offsets follow.
  public let edits: [IsolationEdit]
  /// The length of the original text.
  public let originalLength: TextOffset
  /// The length of the isolated text.
  public let isolatedLength: TextOffset

  init(edits: [IsolationEdit], originalLength: TextOffset, isolatedLength: TextOffset) {
    self.edits = edits
    self.originalLength = originalLength
    self.isolatedLength = isolatedLength
  }

  /// The map the other way, from the isolated text to the original, whose edits undo these.
  ///
  /// - Complexity: O(*k*) for *k* edits.
  public var inverted: IsolationOffsetMap {
    IsolationOffsetMap(
      edits: edits.map {
        IsolationEdit(
          kind: $0.kind == .insertion ? .removal : .insertion, control: $0.control, originalOffset: $0.isolatedOffset,
          isolatedOffset: $0.originalOffset)
      }, originalLength: isolatedLength, isolatedLength: originalLength)
  }

  /// Where the original `offset` is in the isolated text, counted in `unit`: before or after the
  /// controls inserted at it, as `affinity` says.
  ///
  /// - Precondition: `offset` is in `0...originalLength[unit]`.
  /// - Complexity: O(log *k*) for *k* edits.
  public func isolatedOffset(
    ofOriginal offset: Int, in unit: OffsetUnit, affinity: OffsetAffinity = .downstream
  ) -> Int {
    precondition(
      offset >= 0 && offset <= originalLength[unit],
      "offset \(offset) is outside the original text (\(originalLength[unit]) \(unit))")
    let span = Self.span(
      of: offset, in: unit, edits: edits, at: \.originalOffset, advancedBy: \.originalEnd, other: \.isolatedOffset,
      otherEnd: \.isolatedEnd)
    return affinity == .upstream ? span.lowerBound : span.upperBound
  }

  /// Where the isolated `offset` is in the original, counted in `unit`. An offset next to inserted
  /// controls maps to where they were inserted; one where controls were removed maps before or
  /// after them, as `affinity` says.
  ///
  /// - Precondition: `offset` is in `0...isolatedLength[unit]`.
  /// - Complexity: O(log *k*) for *k* edits.
  public func originalOffset(
    ofIsolated offset: Int, in unit: OffsetUnit, affinity: OffsetAffinity = .downstream
  ) -> Int {
    precondition(
      offset >= 0 && offset <= isolatedLength[unit],
      "offset \(offset) is outside the isolated text (\(isolatedLength[unit]) \(unit))")
    let span = Self.span(
      of: offset, in: unit, edits: edits, at: \.isolatedOffset, advancedBy: \.isolatedEnd, other: \.originalOffset,
      otherEnd: \.originalEnd)
    return affinity == .upstream ? span.lowerBound : span.upperBound
  }

  /// The isolated range that holds the original `range`'s characters, without the controls
  /// inserted around it; an empty range maps downstream.
  ///
  /// - Complexity: O(log *k*) for *k* edits.
  public func isolatedRange(ofOriginal range: Range<Int>, in unit: OffsetUnit) -> Range<Int> {
    let lower = isolatedOffset(ofOriginal: range.lowerBound, in: unit, affinity: .downstream)
    guard !range.isEmpty else { return lower..<lower }
    return lower..<max(lower, isolatedOffset(ofOriginal: range.upperBound, in: unit, affinity: .upstream))
  }

  /// The original range whose characters the isolated `range` shows, without controls the
  /// isolator removed at its ends; an empty range maps downstream.
  ///
  /// - Complexity: O(log *k*) for *k* edits.
  public func originalRange(ofIsolated range: Range<Int>, in unit: OffsetUnit) -> Range<Int> {
    let lower = originalOffset(ofIsolated: range.lowerBound, in: unit, affinity: .downstream)
    guard !range.isEmpty else { return lower..<lower }
    return lower..<max(lower, originalOffset(ofIsolated: range.upperBound, in: unit, affinity: .upstream))
  }

  /// The offsets on the other side that `offset` maps to, from upstream to downstream.
  ///
  /// The edits are ordered on both sides. Edits that start at `offset` on this side form one
  /// block: on the original side, insertions and then at most one removal; on the isolated side,
  /// removals and then at most one insertion. The block spans, on the other side, from where its
  /// first edit starts to where its last edit that stays at `offset` ends. Without such a block
  /// the offset lies in the kept text after the last edit before it, or inside the control that
  /// edit consumed on this side.
  private static func span(
    of offset: Int, in unit: OffsetUnit, edits: [IsolationEdit], at position: KeyPath<IsolationEdit, TextOffset>,
    advancedBy end: KeyPath<IsolationEdit, TextOffset>, other: KeyPath<IsolationEdit, TextOffset>,
    otherEnd: KeyPath<IsolationEdit, TextOffset>
  ) -> ClosedRange<Int> {
    // The first edit at or after `offset` on this side.
    let low = edits.partitionIndex { $0[keyPath: position][unit] >= offset }
    if low < edits.count && edits[low][keyPath: position][unit] == offset {
      var last = low
      while last + 1 < edits.count && edits[last + 1][keyPath: position][unit] == offset { last += 1 }
      let lastEdit = edits[last]
      let upper =
        lastEdit[keyPath: end][unit] == offset ? lastEdit[keyPath: otherEnd][unit] : lastEdit[keyPath: other][unit]
      return edits[low][keyPath: other][unit]...upper
    }
    guard low > 0 else { return offset...offset }
    let previous = edits[low - 1]
    let resumed = previous[keyPath: end][unit]
    // Inside a control the previous edit consumed on this side: where that edit is on the other.
    if resumed > offset { return previous[keyPath: other][unit]...previous[keyPath: other][unit] }
    let mapped = previous[keyPath: otherEnd][unit] + (offset - resumed)
    return mapped...mapped
  }
}

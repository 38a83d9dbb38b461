@_spi(BidiCore) import BidiCore
import Foundation

/// An `AttributedString`'s runs by UTF-8 offsets into its characters as a `String`, read once,
/// with the stretches the unit attributes mark.
internal struct AttributedRuns {
  let string: String
  /// Each run's range in UTF-8 bytes of ``string``.
  private(set) var ranges: [Range<Int>] = []
  /// Each run's attributes, and whether it has none.
  private(set) var attributes: [AttributeContainer] = []
  private(set) var isEmpty: [Bool] = []
  /// The UTF-8 ranges of the stretches the unit attributes mark (``UnitRuns``).
  private(set) var unitSpans: [Range<Int>] = []

  init(_ text: AttributedString, units: [AttributeKey]) {
    string = String(text.characters[...])
    let typedUnits = units.compactMap(\.typed)
    var stretches = UnitRuns(attributes: typedUnits.count)
    let empty = AttributeContainer()
    var start = (index: text.startIndex, utf8: 0)
    for run in text.runs {
      let end = (
        index: run.range.upperBound, utf8: Self.utf8Offset(of: run.range.upperBound, in: text, string, after: start)
      )
      let range = start.utf8..<end.utf8
      ranges.append(range)
      let container = run.attributes
      attributes.append(container)
      isEmpty.append(container == empty)
      if !typedUnits.isEmpty
        && !string.unicodeScalars[Self.index(range.lowerBound, in: string)..<Self.index(range.upperBound, in: string)]
          .allSatisfy({ BidiControl($0) != nil })
      {
        for (index, unit) in typedUnits.enumerated() { stretches.add(range, attribute: index, value: unit.value(run)) }
      }
      start = end
    }
    unitSpans = stretches.finished()
  }

  /// The UTF-8 offset in `string`, `text`'s characters, of `index`, which comes at or after `start`.
  ///
  /// An index that starts a character converts directly; one inside a grapheme cluster, where an
  /// attribute may start, is found by counting scalars from `start`.
  static func utf8Offset(
    of index: AttributedString.Index, in text: AttributedString, _ string: String,
    after start: (index: AttributedString.Index, utf8: Int)
  ) -> Int {
    if let aligned = String.Index(index, within: string) {
      return string.utf8.distance(from: string.startIndex, to: aligned)
    }
    let scalars = text.unicodeScalars[start.index..<index].count
    let from = Self.index(start.utf8, in: string)
    return start.utf8 + string.utf8.distance(from: from, to: string.unicodeScalars.index(from, offsetBy: scalars))
  }

  static func index(_ offset: Int, in string: String) -> String.Index {
    string.utf8.index(string.startIndex, offsetBy: offset)
  }

  private func utf8Index(_ offset: Int) -> String.Index { Self.index(offset, in: string) }

  /// The index of the run that holds the byte at `offset`.
  private func run(at offset: Int) -> Int { ranges.partitionIndex { $0.upperBound > offset } }

  /// The attributes of the character at `offset`.
  func attributes(at offset: Int) -> AttributeContainer {
    let index = run(at: offset)
    return index < attributes.count ? attributes[index] : AttributeContainer()
  }

  /// What a control inserted at `offset` takes: `keys` as the character before it has them, or the
  /// character after it at the start of a paragraph; `nil` when that is nothing.
  func controlAttributes(at offset: Int, keys: [AttributeKey]) -> AttributeContainer? {
    guard keys.contains(where: { $0.typed != nil }), !string.isEmpty else { return nil }
    var neighbour = offset
    if offset > 0 {
      let before = string.unicodeScalars[string.unicodeScalars.index(before: utf8Index(offset))]
      if !Self.endsParagraph(before) || offset == string.utf8.count { neighbour = offset - 1 }
    }
    guard neighbour < string.utf8.count else { return nil }
    let source = attributes(at: neighbour)
    var taken = AttributeContainer()
    for key in keys { key.typed?.copy(source, &taken) }
    return taken == AttributeContainer() ? nil : taken
  }

  /// Whether `scalar` ends a paragraph, for UAX #9 or for Foundation's paragraph styles.
  static func endsParagraph(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// `target`, whose characters are this text's with controls inserted and removed as `offsets`
  /// says, with every kept character's attributes, and each inserted control's attributes from
  /// `control` (set in place of any, or merged into the paragraph-level ones its paragraph gives
  /// it).
  ///
  /// The result is made once from `target` and given attributes run by run, which costs a
  /// fraction of inserting into a copy of the original: an `AttributedString` mutation costs
  /// microseconds whatever its size. Runs without attributes need nothing.
  func transferred(
    to target: String, through offsets: IsolationOffsetMap,
    control: (IsolationEdit) -> (attributes: AttributeContainer, replacing: Bool)?
  ) -> AttributedString {
    var result = AttributedString(target)
    func index(_ utf8: Int) -> AttributedString.Index {
      let position = Self.index(utf8, in: target)
      if let aligned = AttributedString.Index(position, within: result) { return aligned }
      // Inside a grapheme cluster: by scalars.
      let scalars = target.unicodeScalars.distance(from: target.startIndex, to: position)
      return result.unicodeScalars.index(result.startIndex, offsetBy: scalars)
    }
    func range(_ utf8: Range<Int>) -> Range<AttributedString.Index> { index(utf8.lowerBound)..<index(utf8.upperBound) }
    let insertions = offsets.edits.filter { $0.kind == .insertion }
    var next = 0
    for (index, source) in ranges.enumerated() where !isEmpty[index] {
      // Controls inserted inside the run split it; those at its ends stay outside it.
      while next < insertions.count && insertions[next].originalOffset.utf8 <= source.lowerBound { next += 1 }
      var start = source.lowerBound
      while next < insertions.count && insertions[next].originalOffset.utf8 < source.upperBound {
        let cut = insertions[next].originalOffset.utf8
        if cut > start {
          let piece = offsets.isolatedRange(ofOriginal: start..<cut, in: .utf8)
          if !piece.isEmpty { result[range(piece)].setAttributes(attributes[index]) }
          start = cut
        }
        next += 1
      }
      let piece = offsets.isolatedRange(ofOriginal: start..<source.upperBound, in: .utf8)
      if !piece.isEmpty { result[range(piece)].setAttributes(attributes[index]) }
    }
    for insertion in insertions {
      guard let (container, replacing) = control(insertion) else { continue }
      let place = range(
        insertion.isolatedOffset.utf8..<insertion.isolatedOffset.utf8 + UTF8.width(insertion.control.scalar))
      if replacing {
        result[place].setAttributes(container)
      } else {
        result[place].mergeAttributes(container)
      }
    }
    return result
  }
}

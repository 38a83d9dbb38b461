import Foundation

/// An `AttributedString`'s runs by UTF-8 offsets into its characters as a `String`, read once,
/// with the stretches the unit attributes mark.
internal struct AttributedRuns {
  let string: String
  /// Each run's range in UTF-8 bytes of ``string``, and in its Unicode scalars.
  private(set) var ranges: [Range<Int>] = []
  private(set) var scalarRanges: [Range<Int>] = []
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
    // Runs may start inside a grapheme cluster, where `String.Index(_:within:)` finds no index:
    // they are counted in scalars, and the string walked along with them for the bytes.
    var scalars = 0
    var cursor = string.startIndex
    var bytes = 0
    for run in text.runs {
      let count = text.unicodeScalars[run.range].count
      let next = string.unicodeScalars.index(cursor, offsetBy: count)
      let end = bytes + string.utf8.distance(from: cursor, to: next)
      let range = bytes..<end
      ranges.append(range)
      scalarRanges.append(scalars..<scalars + count)
      let container = run.attributes
      attributes.append(container)
      isEmpty.append(container == empty)
      if !typedUnits.isEmpty && !string.unicodeScalars[cursor..<next].allSatisfy({ BidiControl($0) != nil }) {
        stretches.add(range, values: typedUnits.map { $0.value(run) })
      }
      scalars += count
      cursor = next
      bytes = end
    }
    unitSpans = stretches.finished()
  }

  private func utf8Index(_ offset: Int) -> String.Index {
    string.utf8.index(string.startIndex, offsetBy: offset)
  }

  /// The index of the run that holds the byte at `offset`.
  private func run(at offset: Int) -> Int {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The attributes of the character at `offset`.
  func attributes(at offset: Int) -> AttributeContainer {
    let index = run(at: offset)
    return index < attributes.count ? attributes[index] : AttributeContainer()
  }

  /// What a control inserted at `offset` takes: `keys` as the character before it has them, or the
  /// character after it at the start of a paragraph; `nil` when that is nothing.
  func controlAttributes(at offset: Int, keys: [AttributeKey]) -> AttributeContainer? {
    guard !keys.isEmpty, !string.isEmpty else { return nil }
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
    func range(_ scalars: Range<Int>) -> Range<AttributedString.Index> {
      let lower = result.unicodeScalars.index(result.startIndex, offsetBy: scalars.lowerBound)
      return lower..<result.unicodeScalars.index(lower, offsetBy: scalars.count)
    }
    let insertions = offsets.edits.filter { $0.kind == .insertion }
    var next = 0
    for (index, source) in scalarRanges.enumerated() where !isEmpty[index] {
      // Controls inserted inside the run split it; those at its ends stay outside it.
      while next < insertions.count && insertions[next].originalOffset.scalars <= source.lowerBound { next += 1 }
      var start = source.lowerBound
      while next < insertions.count && insertions[next].originalOffset.scalars < source.upperBound {
        let cut = insertions[next].originalOffset.scalars
        if cut > start {
          let piece = offsets.isolatedRange(ofOriginal: start..<cut, in: .scalars)
          if !piece.isEmpty { result[range(piece)].setAttributes(attributes[index]) }
          start = cut
        }
        next += 1
      }
      let piece = offsets.isolatedRange(ofOriginal: start..<source.upperBound, in: .scalars)
      if !piece.isEmpty { result[range(piece)].setAttributes(attributes[index]) }
    }
    for insertion in insertions {
      guard let (container, replacing) = control(insertion) else { continue }
      let place = range(insertion.isolatedOffset.scalars..<insertion.isolatedOffset.scalars + 1)
      if replacing {
        result[place].setAttributes(container)
      } else {
        result[place].mergeAttributes(container)
      }
    }
    return result
  }
}

@_spi(BidiCore) import BidiCore

/// One isolate that a fix puts in a value: around a word (``PlaceholderToken``) holding placeholders
/// that no isolate holds, or placeholders that an FSI holds alone although the word they are written
/// in goes on. Such an FSI (`\u{2068}%d\u{2069}%%`, as a fix placeholder by placeholder wrote them)
/// tears the word as much as no isolate does (`50%` shows `%50`): its FSI and PDI go, and the
/// word's isolate comes instead.
struct PlannedIsolate {
  /// The word, in UTF-8 offsets of the value's text.
  let utf8: Range<Int>
  /// The word as it reads without the isolates that go, when any goes (for the finding that says
  /// so); empty otherwise.
  let word: String
  /// The placeholders in it that no isolate holds.
  let unisolated: [FormatPlaceholder]
  /// The placeholders in it that an FSI holds alone, with the UTF-8 offsets of that FSI and of its
  /// PDI.
  let torn: [(placeholder: FormatPlaceholder, initiator: Int, pdi: Int)]
}

extension LocalizedValue {
  /// The isolates that would hold each placeholder of the value with its word, in order: see
  /// ``PlannedIsolate``. `placeholders` are the value's, in its format's syntax.
  ///
  /// - Complexity: O(*n* + *k* log *k*) in the length of the value and its number of placeholders.
  func plannedIsolates(format: LocalizationFormat, placeholders: [FormatPlaceholder]) -> [PlannedIsolate] {
    // A placeholder inside a tag fills an attribute (``MarkupTags``): not isolated.
    func isolates(_ placeholder: FormatPlaceholder, tags: MarkupTags) -> Bool {
      placeholder.takesArgument && placeholder.kind != .variable && !tags.contains(placeholder.range)
    }
    let textTags = MarkupTags(text)
    func isolates(_ placeholder: FormatPlaceholder) -> Bool { isolates(placeholder, tags: textTags) }
    guard placeholders.contains(where: isolates) else { return [] }
    func utf8Offset(_ index: String.Index, in string: String) -> Int {
      string.utf8.distance(from: string.startIndex, to: index)
    }
    let isolated = IsolatedRanges(text)
    // Placeholders that an FSI holds alone, by the offset where each starts.
    let scalars = text.unicodeScalars
    var alone: [Int: (initiator: Int, pdi: Int)] = [:]
    for range in isolated.ranges
    where range.lowerBound > scalars.startIndex && scalars[scalars.index(before: range.lowerBound)] == "\u{2068}" {
      let index = placeholders.partitionIndex { $0.range.lowerBound >= range.lowerBound }
      guard index < placeholders.count && placeholders[index].range == range && isolates(placeholders[index]) else {
        continue
      }
      let start = utf8Offset(range.lowerBound, in: text)
      alone[start] = (start - 3, utf8Offset(range.upperBound, in: text))
    }
    // Most values: no such isolate.
    guard !alone.isEmpty else {
      return PlaceholderToken.tokens(
        in: text, placeholders: placeholders, isolating: { isolates($0) && !isolated.contains($0.range) }
      ).map {
        PlannedIsolate(
          utf8: utf8Offset($0.range.lowerBound, in: text)..<utf8Offset($0.range.upperBound, in: text),
          word: "", unisolated: $0.placeholders, torn: [])
      }
    }
    // The text without those FSIs and PDIs (three bytes each), where each such placeholder's word is
    // found as if no isolate held it.
    let removed = alone.values.flatMap { [$0.initiator, $0.pdi] }.sorted()
    let bytes = Array(text.utf8)
    var kept: [UInt8] = []
    var copied = 0
    for offset in removed {
      kept += bytes[copied..<offset]
      copied = offset + 3
    }
    kept += bytes[copied...]
    let bare = String(decoding: kept, as: UTF8.self)
    // The text's offset for `offset` in `bare`: after a control removed right there when
    // `afterRemoved`, before it otherwise.
    let barePositions = removed.enumerated().map { $1 - 3 * $0 }
    func original(_ offset: Int, afterRemoved: Bool) -> Int {
      offset + 3 * barePositions.partitionIndex { afterRemoved ? $0 > offset : $0 >= offset }
    }
    var byOffset: [Int: FormatPlaceholder] = [:]
    for placeholder in placeholders { byOffset[utf8Offset(placeholder.range.lowerBound, in: text)] = placeholder }
    let barePlaceholders = self.placeholders(in: bare)
    let bareIsolated = IsolatedRanges(bare)
    let bareTags = MarkupTags(bare)
    var planned: [PlannedIsolate] = []
    for token in PlaceholderToken.tokens(
      in: bare, placeholders: barePlaceholders,
      isolating: {
        isolates($0, tags: bareTags) && !bareIsolated.contains($0.range)
      })
    {
      var unisolated: [FormatPlaceholder] = []
      var torn: [(placeholder: FormatPlaceholder, initiator: Int, pdi: Int)] = []
      for held in token.placeholders {
        let offset = original(utf8Offset(held.range.lowerBound, in: bare), afterRemoved: true)
        guard let placeholder = byOffset[offset] else { continue }
        if let isolate = alone[offset] {
          torn.append((placeholder, isolate.initiator, isolate.pdi))
        } else {
          unisolated.append(placeholder)
        }
      }
      // A placeholder that its FSI holds alone, and whose word it is: nothing to change.
      if unisolated.isEmpty && (torn.isEmpty || token.placeholders.first?.range == token.range) { continue }
      // The isolate opens after a PDI that closed the value before it and closes before an FSI that
      // opens the value after it, where either was removed; the word's own, which go, on either side.
      let start = original(utf8Offset(token.range.lowerBound, in: bare), afterRemoved: true)
      let end = original(utf8Offset(token.range.upperBound, in: bare), afterRemoved: false)
      planned.append(
        PlannedIsolate(utf8: start..<end, word: String(bare[token.range]), unisolated: unisolated, torn: torn))
    }
    return planned
  }
}

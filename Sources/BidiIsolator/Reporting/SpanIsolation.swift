@_spi(BidiCore) import BidiCore

/// Isolation with spans and an account of what was done.
///
/// 1. Isolates right around the spans, left by an earlier isolation, are taken out, so the
///    isolator never sees them as the user's own.
/// 2. The isolator does its work on the rest as ``BidiIsolator/isolate(_:)`` does, estimating the
///    message's direction with the spans skipped.
/// 3. The spans, found again in its output by their characters, are placed where their isolates
///    nest with everything there (``SpanLayout``) and isolated.
/// 4. The output is read against the message for the controls it gained and lost.
///
/// Step 1 finds exactly what step 3 inserted, since both place spans by the same characters and
/// structure, and step 2 is idempotent on its own: so isolating the output again gives it again.
internal struct SpanIsolation {
  let settings: IsolationSettings
  let members: MemberNameIndex?

  func isolate(_ message: String, spans: [Range<Int>]) -> TextIsolation {
    let spans = Self.characterAligned(spans, in: message)
    return withUTF8Text(message) { original in
      let contents = contentRanges(spans, in: original)
      let input = peeled(original, contents: contents) ?? message
      // Set when the isolator estimates the direction: it needs one only to write it.
      var estimated: TextDirection?? = nil
      var pipeline = IsolationPipeline(options: settings, members: members)
      if settings.messageDirection == nil {
        pipeline.directionEstimator = { settled, scan in
          let direction = Self.direction(
            of: settled, skipping: scan.entities, Self.mapped(contents, from: original, to: settled),
            settings.directionHeuristic)
          estimated = .some(direction)
          return direction
        }
      }
      let first = withUTF8Text(input) { pipeline.isolate($0) } ?? input
      return withUTF8Text(first) { isolated -> TextIsolation in
        let scan = finder(isolated).scan(recordingStructure: true)
        let spansThere = SpanLayout.contentRanges(
          of: Self.mapped(contents, from: original, to: isolated), in: isolated, separators: scan.separators)
        let direction =
          settings.messageDirection
          ?? estimated
          ?? Self.direction(of: isolated, skipping: scan.entities, spansThere, settings.directionHeuristic)
        let final = spansIsolated(spansThere, in: isolated, scan: scan) ?? first
        return withUTF8Text(final) { output in
          TextIsolation(
            original: message, isolated: final,
            offsets: ControlAlignment.map(
              ControlAlignment.edits(from: original, to: output), original: original, isolated: output),
            direction: direction)
        }
      }
    }
  }

  /// `text` without the isolates right around `spans`.
  func withoutSpanIsolates(_ text: String, spans: [Range<Int>]) -> String {
    let spans = Self.characterAligned(spans, in: text)
    return withUTF8Text(text) { utf8 in peeled(utf8, contents: contentRanges(spans, in: utf8)) } ?? text
  }

  /// `spans` widened to whole characters: a control inside a grapheme cluster would split an emoji
  /// sequence or a letter from its marks on screen. Characters are those of the text without its
  /// bidi controls, which break clusters: so the isolator's own controls, inserted or removed,
  /// never change where a span ends.
  ///
  /// - Complexity: O(*n*), and nothing without spans.
  private static func characterAligned(_ spans: [Range<Int>], in text: String) -> [Range<Int>] {
    guard !spans.isEmpty else { return [] }
    let clear = withUTF8Text(text) { utf8 in
      spans.allSatisfy { isClearBoundary($0.lowerBound, in: utf8) && isClearBoundary($0.upperBound, in: utf8) }
    }
    if clear { return spans }
    // The scalars but controls, where each starts in `text`, and which of them start a character.
    var scalars = String.UnicodeScalarView()
    var starts: [Int] = []
    var offset = 0
    for scalar in text.unicodeScalars {
      if BidiControl(scalar) == nil {
        scalars.append(scalar)
        starts.append(offset)
      }
      offset += UTF8.width(scalar)
    }
    var startsCharacter = [Bool](repeating: false, count: starts.count + 1)
    startsCharacter[starts.count] = true
    var index = 0
    for character in String(scalars) {
      startsCharacter[index] = true
      index += character.unicodeScalars.count
    }
    /// The index of the first scalar but controls at or after `offset`.
    func scalarIndex(_ offset: Int) -> Int { starts.partitionIndex { $0 >= offset } }
    return spans.map { span in
      var lower = scalarIndex(span.lowerBound)
      var upper = scalarIndex(span.upperBound)
      let lowerMoves = !startsCharacter[lower]
      let upperMoves = !startsCharacter[upper]
      while !startsCharacter[lower] { lower -= 1 }
      while !startsCharacter[upper] { upper += 1 }
      let start = lowerMoves ? starts[lower] : span.lowerBound
      let end =
        upperMoves
        ? starts[upper - 1] + UTF8.width(scalars[scalars.index(scalars.startIndex, offsetBy: upper - 1)])
        : span.upperBound
      return start..<max(start, end)
    }
  }

  /// Whether a grapheme cluster surely ends at `offset`, judged from the characters on either side
  /// (controls skipped) where the rule is plain: a letter, digit, space, punctuation or symbol
  /// before, and a letter, digit, space or punctuation after, outside Hangul, whose jamo join, and
  /// but the few letters that join the next character or the one before (Prepend, SpacingMark).
  /// Anything else is left to the full count: marks, joiners, emoji modifiers, flags.
  private static func isClearBoundary(_ offset: Int, in text: UTF8Text) -> Bool {
    guard let before = text.scalarSkippingControls(before: offset)?.value,
      let after = text.scalarSkippingControls(from: offset)?.value
    else { return true }
    func isPlain(_ value: UInt32, symbols: Bool) -> Bool {
      switch value {
      case 0x1100...0x11FF, 0xA960...0xA97F, 0xAC00...0xD7FF,  // Hangul
        0x0E33, 0x0EB3:  // letters that are SpacingMark
        return false
      case _ where Unicode.Scalar(value)?.isGraphemePrepend == true:
        return false
      default:
        break
      }
      switch CharacterTable.shared.kind(of: value) {
      case .letter, .digit, .space, .punctuation, .connector: return true
      case .symbol: return symbols
      default: return false
      }
    }
    return isPlain(before, symbols: true) && isPlain(after, symbols: false)
  }

  /// The offsets from `original` to `changed`, which differs from it in bidi controls alone.
  static func offsets(from original: String, to changed: String) -> IsolationOffsetMap {
    withUTF8Text(original) { before in
      withUTF8Text(changed) { after in
        ControlAlignment.map(ControlAlignment.edits(from: before, to: after), original: before, isolated: after)
      }
    }
  }

  private func finder(_ text: UTF8Text) -> EntityFinder {
    EntityFinder(text: text, kinds: settings.kinds, members: members)
  }

  private func contentRanges(_ spans: [Range<Int>], in text: UTF8Text) -> [Range<Int>] {
    guard !spans.isEmpty else { return [] }
    return SpanLayout.contentRanges(
      of: spans, in: text, separators: finder(text).scan(recordingStructure: true).separators)
  }

  /// `text` without the isolates an earlier isolation put around the spans; `nil` when it has none.
  private func peeled(_ text: UTF8Text, contents: [Range<Int>]) -> String? {
    guard !contents.isEmpty else { return nil }
    let scan = finder(text).scan(recordingStructure: true)
    guard !scan.controls.isEmpty else { return nil }
    let layout = SpanLayout(text: text, scan: scan)
    let wrappers = layout.wrapperOffsets(around: layout.placements(of: contents))
    guard !wrappers.isEmpty else { return nil }
    var edits = TextEdits()
    // Isolate initiators and PDI are three bytes each.
    for offset in wrappers { edits.remove(offset..<offset + 3) }
    return edits.applied(to: text)
  }

  /// `text` with the spans whose content is at `contents` isolated; `nil` when none can be.
  private func spansIsolated(_ contents: [Range<Int>], in text: UTF8Text, scan: ScanResult) -> String? {
    guard !contents.isEmpty else { return nil }
    let layout = SpanLayout(text: text, scan: scan)
    let placements = layout.placements(of: contents)
    let isolatable = layout.isolatable(placements)
    var edits = TextEdits()
    var closers: [Range<Int>] = []
    // Outer isolates open first where several start together, and close last.
    for (index, range) in placements.enumerated() where isolatable[index] {
      edits.insert(layout.initiator(for: index, in: placements), at: range.lowerBound, rank: .entityStart)
      closers.append(range)
    }
    guard !closers.isEmpty else { return nil }
    closers.sort { ($0.upperBound, $1.lowerBound) < ($1.upperBound, $0.lowerBound) }
    for range in closers { edits.insert(.popDirectionalIsolate, at: range.upperBound, rank: .entityEnd) }
    return edits.applied(to: text)
  }

  /// `ranges` of `original` mapped tightly into `changed`, which differs from it in controls alone.
  private static func mapped(_ ranges: [Range<Int>], from original: UTF8Text, to changed: UTF8Text) -> [Range<Int>] {
    guard !ranges.isEmpty else { return [] }
    let map = ControlAlignment.utf8Map(
      ControlAlignment.edits(from: original, to: changed), originalLength: original.count,
      isolatedLength: changed.count)
    return ranges.map { map.isolatedRange(ofOriginal: $0, in: .utf8) }.filter { !$0.isEmpty }
  }

  /// The direction of `text` with its entities and spans skipped.
  private static func direction(
    of text: UTF8Text, skipping entities: [RawEntity], _ spans: [Range<Int>], _ heuristic: DirectionHeuristic
  ) -> TextDirection? {
    guard !spans.isEmpty else { return DirectionEstimate(text: text, entities: entities).direction(heuristic) }
    // The estimate skips ranges by start; a span's kind means nothing to it.
    var skipped = entities
    skipped.append(
      contentsOf: spans.map { RawEntity(kind: .mention, start: $0.lowerBound, end: $0.upperBound, direction: nil) })
    skipped.sort { $0.start < $1.start }
    return DirectionEstimate(text: text, entities: skipped).direction(heuristic)
  }
}

@_spi(BidiCore) import BidiCore

/// What quotations, parentheticals and emphasis share: where their marks may open and close them,
/// and when the text inside is one to isolate.
extension EntityFinder {
  /// Whether a mark from `markStart` to `markEnd` stands where an enclosure of `kind` (a quotation,
  /// parenthetical or emphasis) opens: before a character that is not white space (nor, for a
  /// quotation, another quotation mark), at the start, after white space, an opening bracket or
  /// (but for a quotation) quotation mark, after `:` (a quotation only: before a bracket it makes
  /// a face, `:(`), after a hyphen that joins a Hebrew prefix to it (`ב-"Hello!"`), or, but for
  /// emphasis and when what follows is not right to left, after a right-to-left letter, as Hebrew
  /// and Arabic join their prefixes to a word (`ב"Hello!"`, `و(Hello!)`).
  func opensEnclosure(markStart: Int, markEnd: Int, for kind: EntityKind) -> Bool {
    let isQuotation = kind == .quotation
    guard let next = text.scalarSkippingControls(from: markEnd)?.value, !isQuotation || QuotationMark(next) == nil
    else {
      return false
    }
    let nextKind = table.kind(of: next)
    guard nextKind != .space && nextKind != .paragraphSeparator && nextKind != .other else { return false }
    guard let previous = text.scalarSkippingControls(before: markStart) else { return true }
    switch previous.value {
    case 0x28, 0x5B, 0x7B: return true  // ( [ {
    case 0x3A: return isQuotation  // :
    case 0x2D: return followsPrefixHyphen(markStart)  // a Hebrew prefix's hyphen, `ב-"Hello!"`
    case _ where QuotationMark(previous.value)?.opens == true: return !isQuotation
    default: break
    }
    let previousKind = table.kind(of: previous.value)
    if previousKind == .space || previousKind == .paragraphSeparator { return true }
    // Before a right-to-left letter the mark is more likely an acronym's gershayim (`ש"ח`), and
    // right-to-left text enclosed in right-to-left text needs no isolate.
    return kind != .emphasis && table.strongDirection(of: previous.value) == .rightToLeft
      && table.strongDirection(of: next) != .rightToLeft
  }

  /// Whether a quotation mark or bracket from `markStart` to `markEnd` stands where an enclosure
  /// closes: after a character that is not white space, and before none that continues a word.
  func closesEnclosure(markStart: Int, markEnd: Int) -> Bool {
    guard let previous = text.scalarSkippingControls(before: markStart)?.value else { return false }
    let previousKind = table.kind(of: previous)
    guard previousKind != .space && previousKind != .paragraphSeparator else { return false }
    guard let next = text.scalarSkippingControls(from: markEnd)?.value else { return true }
    let nextKind = table.kind(of: next)
    return nextKind != .letter && nextKind != .mark && nextKind != .digit && nextKind != .joiner
  }

  /// The entity of `kind` between the marks `opening` and `closing`, as
  /// ``enclosedText(_:opening:closing:lastEntity:holdsOnlyNames:)`` decides, for a scan that has
  /// put the entities it found so far in `found`, the last of them `lastEntity`.
  ///
  /// An enclosure may hold entities (`"How to learn Swift in 2024?"`, `(see @alice!)`). Unless the
  /// scan ``listsEveryEntity``, it then takes their place in `found`: isolated whole, it keeps them
  /// whole too, since their characters have its direction. A right-to-left one holds only mentions
  /// and hashtags, which read in it as in their own isolates; a number or an emoticon shows left to
  /// right only in an isolate of its own.
  ///
  /// - Complexity: as ``enclosedText(_:opening:closing:lastEntity:holdsOnlyNames:)``, plus O(*e*)
  ///   in the entities inside.
  func enclosure<Sink: ScanSink>(
    _ kind: EntityKind, opening: Range<Int>, closing: Range<Int>, found: inout Sink, lastEntity: Range<Int>
  ) -> RawEntity? {
    guard let inside = entitiesInside(opening, found: found, lastEntity: lastEntity),
      let entity = enclosedText(
        kind, opening: opening, closing: closing, lastEntity: inside.before, holdsOnlyNames: inside.holdsOnlyNames)
    else { return nil }
    found.keepEntities(inside.first)
    return entity
  }

  /// The entities found after the opening mark `opening` (from index `first` in `found`), whether
  /// they are all mentions and hashtags, and the entity `before` the mark; `nil` when the
  /// enclosure cannot hold them: the scan ``listsEveryEntity``, or one lies across the mark.
  ///
  /// - Complexity: O(*e*) in the entities inside.
  func entitiesInside<Sink: ScanSink>(
    _ opening: Range<Int>, found: Sink, lastEntity: Range<Int>
  ) -> (first: Int, before: Range<Int>, holdsOnlyNames: Bool)? {
    let entities = found.entities
    guard lastEntity.upperBound > opening.lowerBound else {
      return (entities.endIndex, lastEntity, true)
    }
    guard !listsEveryEntity else { return nil }
    var first = entities.endIndex
    var holdsOnlyNames = true
    while first > entities.startIndex && entities[first - 1].start >= opening.upperBound {
      first -= 1
      holdsOnlyNames = holdsOnlyNames && (entities[first].kind == .mention || entities[first].kind == .hashtag)
    }
    let before = first > entities.startIndex ? entities[first - 1].start..<entities[first - 1].end : 0..<0
    guard first < entities.endIndex && before.upperBound <= opening.lowerBound else { return nil }
    return (first, before, holdsOnlyNames)
  }

  /// The entity of `kind` between the marks `opening` and `closing`, when it is one to isolate: the
  /// text inside the marks, less the bidi controls next to them, when its strong characters all
  /// have one direction, and the closest strong character before the marks in their paragraph has
  /// the other, or there is none and the closest after them has the other; the last entity found
  /// before the marks, `lastEntity`, counts as the neutral its isolate makes it. Isolated, the text keeps its
  /// punctuation, and the marks around it follow the text they stand in. Unless the text inside
  /// `holdsOnlyNames` (or none) of the entities, it is one only when left to right.
  ///
  /// - Complexity: O(*k*) in the length of the text inside and the neutrals around the marks up to
  ///   the closest strong character.
  func enclosedText(
    _ kind: EntityKind, opening: Range<Int>, closing: Range<Int>, lastEntity: Range<Int>, holdsOnlyNames: Bool
  ) -> RawEntity? {
    let closingStart = closing.lowerBound
    // Bidi controls are past ASCII: an ASCII byte at either end ends the trimming at once.
    var start = opening.upperBound
    while start < closingStart && text[start] >= 0x80 {
      let (value, length) = text.scalar(at: start)
      guard BidiControl(value: value) != nil else { break }
      start += length
    }
    var end = closingStart
    while end > start && text[end - 1] >= 0x80 {
      let last = text.scalarStart(before: end)
      guard BidiControl(value: text.scalar(at: last).value) != nil else { break }
      end = last
    }
    // The first strong character inside, then the text before the marks, which most often rules
    // the text out, then the rest inside and the text after.
    var direction: TextDirection?
    var offset = start
    while offset < end && direction == nil {
      let (value, length) = text.scalar(at: offset)
      offset += length
      switch reading(of: value) {
      case .strong(let strong): direction = strong
      // A control of the user's own inside makes levels this reading does not resolve.
      case .control, .paragraphEnd: return nil
      case .neutral: break
      }
    }
    guard let direction, direction == .leftToRight || holdsOnlyNames else { return nil }
    // Text of its own direction next to it joins it in one run that shows whole (`Dana Levi (UK)`),
    // which an isolate would break apart.
    let before = closestStrongDirection(before: opening.lowerBound, skipping: lastEntity)
    guard before != direction else { return nil }
    while offset < end {
      let (value, length) = text.scalar(at: offset)
      offset += length
      switch reading(of: value) {
      case .strong(let strong): if strong != direction { return nil }
      case .control, .paragraphEnd: return nil
      case .neutral: break
      }
    }
    // After text of the other direction, the text after it may be of either: read before the next
    // entity is found, its first strong character may be inside that entity (`"Hello!" @bob`),
    // which an isolate makes a neutral. At the paragraph's start, text of the other direction must
    // follow it; text of its own, or none, reads with it as it is.
    guard before != nil || closestStrongDirection(from: closing.upperBound).map({ $0 != direction }) == true
    else { return nil }
    // A report of positions alone asks for no direction, though the scan needed it.
    let reported: TextDirection? = if case .none = directions { nil } else { direction }
    return RawEntity(kind: kind, start: start, end: end, direction: reported)
  }

  /// The direction of the closest strong character before `offset` in its paragraph, bidi controls
  /// and the entity `skipped` aside: its isolate makes it a neutral.
  private func closestStrongDirection(before offset: Int, skipping skipped: Range<Int>) -> TextDirection? {
    var end = offset
    while end > 0 {
      if end == skipped.upperBound && !skipped.isEmpty {
        end = skipped.lowerBound
        continue
      }
      let start = text[end - 1] < 0x80 ? end - 1 : text.scalarStart(before: end)
      switch reading(of: text.scalar(at: start).value) {
      case .strong(let direction): return direction
      case .paragraphEnd: return nil
      case .control, .neutral: end = start
      }
    }
    return nil
  }

  /// The direction of the closest strong character from `offset` on in its paragraph, bidi
  /// controls aside.
  private func closestStrongDirection(from offset: Int) -> TextDirection? {
    var offset = offset
    while offset < text.count {
      let (value, length) = text.scalar(at: offset)
      switch reading(of: value) {
      case .strong(let direction): return direction
      case .paragraphEnd: return nil
      case .control, .neutral: offset += length
      }
    }
    return nil
  }

  /// What a scalar tells the reading of enclosed text and the text around it.
  private enum Reading {
    case strong(TextDirection)
    case paragraphEnd
    case control
    case neutral
  }

  @inline(__always)
  private func reading(of value: UInt32) -> Reading {
    if value < 0x80 {
      // ASCII's strong characters are its letters, and its paragraph separators LF, CR, U+001C–E.
      if UInt8(value).isASCIILetter { return .strong(.leftToRight) }
      return value == 0x0A || value == 0x0D || (0x1C...0x1E).contains(value) ? .paragraphEnd : .neutral
    }
    if BidiControl(value: value) != nil { return .control }
    if let direction = table.strongDirection(of: value) { return .strong(direction) }
    return value == 0x85 || value == 0x2029 ? .paragraphEnd : .neutral
  }
}

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
  /// ``enclosedText(_:opening:closing:passing:holding:runs:readings:)`` decides, when
  /// `marksFit` too, for a scan that has put the entities it found so far in `found`, the last of
  /// them `lastEntity`.
  ///
  /// An enclosure may hold entities (`"How to learn Swift in 2024?"`, `(see @alice!)`). Unless the
  /// scan ``listsEveryEntity``, it then takes their place in `found`: isolated whole, it keeps them
  /// whole too, since their characters have its direction. A right-to-left one holds only entities
  /// that read in it as in their own isolates (``EnclosedEntities``); an emoticon, or a number
  /// with a sign or a space in it, shows left to right only in an isolate of its own.
  ///
  /// - Complexity: as ``enclosedText(_:opening:closing:passing:holding:runs:readings:)``,
  ///   plus O(*e*) in the entities inside and those passed reading back, and their length.
  func enclosure<Sink: ScanSink>(
    _ kind: EntityKind, opening: Range<Int>, closing: Range<Int>, found: inout Sink, lastEntity: Range<Int>,
    readings: inout DirectionReadings, marksFit: () -> Bool = { true }
  ) -> RawEntity? {
    guard let inside = entitiesInside(opening, found: found, lastEntity: lastEntity) else { return nil }
    // A listing may have handed on the entities before the last: only the last is known.
    let entity =
      if listsEveryEntity {
        enclosedText(
          kind, opening: opening, closing: closing, passing: CollectionOfOne(lastEntity),
          holding: inside.entities, runs: EmptyCollection<RawEntity>(), readings: &readings)
      } else {
        enclosedText(
          kind, opening: opening, closing: closing,
          passing: found.entities[..<inside.first].lazy.map { $0.start..<$0.end }, holding: inside.entities,
          runs: found.entities[inside.first...],
          readings: &readings)
      }
    guard let entity, marksFit() else { return nil }
    found.keepEntities(inside.first)
    readings.enclosed = DirectionReadings.Enclosed(
      openingStart: opening.lowerBound, direction: readings.lastBefore)
    return entity
  }

  /// Where the entities found after the opening mark `opening` start in `found`, and what they
  /// are; `nil` when the enclosure cannot hold them: the scan ``listsEveryEntity``, or one lies
  /// across the mark.
  ///
  /// - Complexity: O(*e*) in the entities inside, and their length.
  private func entitiesInside<Sink: ScanSink>(
    _ opening: Range<Int>, found: Sink, lastEntity: Range<Int>
  ) -> (first: Int, entities: EnclosedEntities)? {
    let entities = found.entities
    guard lastEntity.upperBound > opening.lowerBound else { return (entities.endIndex, .none) }
    guard !listsEveryEntity else { return nil }
    var first = entities.endIndex
    var inside = EnclosedEntities.none
    while first > entities.startIndex && entities[first - 1].start >= opening.upperBound {
      first -= 1
      let entity = entities[first]
      let kind: EnclosedEntities =
        switch entity.kind {
        case .number: isPlainNumber(entity) ? .plainNumbers : .others
        case .mention, .hashtag: .namesAndNumbers
        default: isDirectionalRun(entity) ? .runs : .others
        }
      inside = Swift.max(inside, kind)
    }
    guard first < entities.endIndex && (first == entities.startIndex || entities[first - 1].end <= opening.lowerBound)
    else { return nil }
    return (first, inside)
  }

  /// Whether `entity` is a number of digits of one class with single common separators between
  /// them (`2`, `10:30`, `1,299.50`, `18/8/2026`), which rules W2 and W4 keep one number after
  /// Hebrew and Arabic letters alike, as in an isolate of its own. A sign, a terminator or a space
  /// would go its own way there (`+966 50 123`; `50%` after Arabic letters).
  ///
  /// - Complexity: O(*k*) in the entity's length.
  private func isPlainNumber(_ entity: RawEntity) -> Bool {
    var digitClass: BidiClass?
    var afterDigit = false
    var offset = entity.start
    while offset < entity.end {
      let (value, length) = text.scalar(at: offset)
      offset += length
      switch BidiClass(unchecked: table.rawClass(of: value)) {
      case let bidiClass where bidiClass == .europeanNumber || bidiClass == .arabicNumber:
        guard digitClass == nil || digitClass == bidiClass else { return false }
        digitClass = bidiClass
        afterDigit = true
      case .commonSeparator where afterDigit:
        afterDigit = false
      default:
        return false
      }
    }
    return afterDigit
  }

  /// Whether `entity` is text of one direction that starts with a strong character and ends with
  /// one, or left to right with a European digit (`FAQ`, `iOS 17`, `Dana Levi`, `محمد علي`): with
  /// no neutral at its edges and no strong character of the other direction, it resolves in text
  /// of either direction as in its own isolate, but for the neutrals that join it to strong
  /// characters of its own direction around it. Arabic digits are out of a left-to-right one,
  /// since a neutral next to them would read as next to a right-to-left letter.
  ///
  /// - Complexity: O(*k*) in the entity's length.
  func isDirectionalRun(_ entity: RawEntity) -> Bool {
    guard entity.start < entity.end else { return false }
    var direction: TextDirection?
    var lastIsStrong = false
    var offset = entity.start
    while offset < entity.end {
      let (value, length) = text.scalar(at: offset)
      offset += length
      if let strong = table.strongDirection(of: value) {
        guard direction == nil || direction == strong else { return false }
        direction = strong
        lastIsStrong = true
        continue
      }
      guard direction != nil, BidiControl(value: value) == nil else { return false }
      let bidiClass = BidiClass(unchecked: table.rawClass(of: value))
      if bidiClass == .arabicNumber && direction == .leftToRight { return false }
      lastIsStrong = bidiClass == .europeanNumber && direction == .leftToRight
    }
    return lastIsStrong
  }

  /// The entity of `kind` between the marks `opening` and `closing`, when it is one to isolate: the
  /// text inside the marks, less the bidi controls next to them, whose first strong character has
  /// one direction and the closest strong character before the marks in their paragraph the
  /// other, or there is none and the closest after them has the other. The entities found before
  /// the marks, the ranges `passing` in text order, count as the neutrals their isolates make
  /// them, and so do those found after. Isolated, the text keeps its punctuation, and the marks
  /// around it follow the text they stand in.
  ///
  /// Text of both directions is one when most of its words have the direction of its first
  /// (`"في XHTML 1.0 يتم تحقيق ذلك"` in English): in an isolate of that direction its runs
  /// read in that direction's order, as its writer meant. The entities it `holds` must read in it
  /// as in their own isolates (``EnclosedEntities``): the runs among the entities `held`
  /// (``isDirectionalRun(_:)``) only where no strong character of the other direction than the
  /// text's stands between them and the text's edges on either side.
  ///
  /// - Complexity: O(*k*) in the length of the text inside and the neutrals around the marks up to
  ///   the closest strong character; at a paragraph's start, a scan of the text after it up to the
  ///   first strong character outside entities.
  func enclosedText<Passed: RandomAccessCollection<Range<Int>>>(
    _ kind: EntityKind, opening: Range<Int>, closing: Range<Int>, passing entities: Passed,
    holding inside: EnclosedEntities, runs held: some Collection<RawEntity>, readings: inout DirectionReadings
  ) -> RawEntity? where Passed.Index == Int {
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
    guard let direction, inside <= direction.mostEnclosedEntities(mixed: false) else { return nil }
    // Text of its own direction next to it joins it in one run that shows whole (`Dana Levi (UK)`),
    // which an isolate would break apart.
    let before = closestStrongDirection(before: opening.lowerBound, passing: entities, readings: &readings)
    readings.lastBefore = before
    guard before != direction else { return nil }
    // Words are counted by their first strong character; the first word has the text's direction.
    var ownWords = 1
    var otherWords = 0
    var wordCounted = true
    while offset < end {
      let (value, length) = text.scalar(at: offset)
      offset += length
      switch reading(of: value) {
      case .strong(let strong):
        if !wordCounted {
          wordCounted = true
          if strong == direction { ownWords += 1 } else { otherWords += 1 }
        } else if strong != direction && otherWords == 0 {
          // A word glued to the other direction counts for it too, so mixed text is never taken
          // for text of one direction.
          otherWords = 1
        }
      case .control, .paragraphEnd: return nil
      case .neutral: if value == 0x20 || table.kind(of: value) == .space { wordCounted = false }
      }
    }
    if otherWords > 0 {
      guard ownWords > otherWords, inside <= direction.mostEnclosedEntities(mixed: true) else { return nil }
    }
    // A run held inside must stand between strong characters of the text's direction, or its edges.
    if inside >= .runs {
      for run in held where isDirectionalRun(run) {
        guard strongCharacter(before: run.start, from: start) != direction.reversed,
          strongCharacter(from: run.end, to: end).direction != direction.reversed
        else { return nil }
      }
    }
    // After text of the other direction, the text after it may be of either. At the paragraph's
    // start, text of the other direction must follow it; text of its own, or none, reads with it
    // as it is.
    guard
      before != nil
        || closestStrongDirection(after: closing.upperBound, readings: &readings).map({ $0 != direction }) == true
    else { return nil }
    // A report of positions alone asks for no direction, though the scan needed it.
    let reported: TextDirection? = if case .none = directions { nil } else { direction }
    return RawEntity(kind: kind, start: start, end: end, direction: reported)
  }

  /// The direction of the closest strong character before `offset` in its paragraph, bidi controls
  /// and the entities `passed` (ranges in text order, all before `offset`) aside: their isolates
  /// make them neutrals. Unless the scan ``listsEveryEntity`` (and passes the last entity only),
  /// `readings` keeps what the last reading back found, which answers for a reading that gets back
  /// to where that one started.
  ///
  /// - Complexity: O(*k*) back to that character; with `readings`, each byte of a text is read
  ///   back about once.
  private func closestStrongDirection<Passed: RandomAccessCollection<Range<Int>>>(
    before offset: Int, passing passed: Passed, readings: inout DirectionReadings
  ) -> TextDirection? where Passed.Index == Int {
    let behind = readings.behind
    var end = offset
    var next = passed.endIndex
    var direction: TextDirection?
    reading: while end > 0 {
      if next > passed.startIndex && end <= passed[next - 1].upperBound {
        next -= 1
        end = Swift.min(end, passed[next].lowerBound)
        continue
      }
      // A reading that gets to where the last one read, outside entities and after the character
      // that one stopped at (which an entity found since may hold), finds what that one found; one
      // that gets to the opening mark of the last enclosed text made an entity, whose own reading
      // back no entity found since has changed (one holding it would have taken its place), finds
      // what that one found.
      if !listsEveryEntity && behind.start >= end && end > behind.end {
        direction = behind.direction
        end = behind.end
        break
      }
      if !listsEveryEntity && end == readings.enclosed.openingStart {
        direction = readings.enclosed.direction
        break
      }
      let start = text[end - 1] < 0x80 ? end - 1 : text.scalarStart(before: end)
      switch reading(of: text.scalar(at: start).value) {
      case .strong(let strong):
        direction = strong
        end = start
        break reading
      case .paragraphEnd: break reading
      case .control, .neutral: end = start
      }
    }
    readings.behind = DirectionReadings.Reading(start: offset, end: end, direction: direction)
    return direction
  }

  /// The direction of the closest strong character from `offset` on in its paragraph, outside the
  /// entities a scan from there finds (`"Hello!" @bob مرحبا`: their isolates make them neutrals),
  /// bidi controls aside; enclosed text there is read as text. `readings` keeps what the last such
  /// scan found, which answers for every offset up to where it stopped.
  ///
  /// - Complexity: O(*k*) up to that character and the four words after it; each byte of a text
  ///   is scanned ahead about once.
  private func closestStrongDirection(after offset: Int, readings: inout DirectionReadings) -> TextDirection? {
    let ahead = readings.ahead
    if ahead.start <= offset && offset <= ahead.end { return ahead.direction }
    var strong = StrongCharacterAhead(finder: self, from: offset)
    if strong.scanEnd > offset {
      // Enclosed text after it is read as text: whether that is an entity turns on this one.
      let finder = EntityFinder(
        text: text, kinds: kinds.subtracting([.quotations, .parentheticals, .emphasis]), members: members,
        directions: .none, listsEveryEntity: true)
      var position = ScanPosition(offset: offset)
      finder.scan(recordingStructure: true, into: &strong, resumingAt: &position)
    }
    let found = strong.candidate
    readings.ahead = DirectionReadings.Reading(start: offset, end: found.offset, direction: found.direction)
    return found.direction
  }

  /// The direction of the closest strong character from `offset` up to `end`, bidi controls aside,
  /// and where it is; `nil` and where the paragraph ends, or `end`, when there is none.
  fileprivate func strongCharacter(from offset: Int, to end: Int) -> (direction: TextDirection?, offset: Int) {
    var offset = offset
    while offset < end {
      let (value, length) = text.scalar(at: offset)
      switch reading(of: value) {
      case .strong(let direction): return (direction, offset)
      case .paragraphEnd: return (nil, offset)
      case .control, .neutral: offset += length
      }
    }
    return (nil, end)
  }

  /// The direction of the closest strong character before `offset` and from `start` on, bidi
  /// controls aside; `nil` when there is none.
  private func strongCharacter(before offset: Int, from start: Int) -> TextDirection? {
    var offset = offset
    while offset > start {
      offset = text.scalarStart(before: offset)
      if case .strong(let direction) = reading(of: text.scalar(at: offset).value) { return direction }
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

/// The entities an enclosure holds, from those that read in any enclosed text as in their own
/// isolates to those that need one: an enclosure may hold them only up to what its direction
/// allows (``TextDirection/mostEnclosedEntities(mixed:)``).
internal enum EnclosedEntities: Int, Comparable {
  /// No entity.
  case none
  /// Numbers of digits and single common separators between them (`2`, `10:30`, `12.5`), which
  /// show in left-to-right and right-to-left text alike as in their own isolates.
  case plainNumbers
  /// Such numbers, and text of one direction with strong characters at its edges
  /// (``EntityFinder/isDirectionalRun(_:)``), which reads as in its own isolate where strong
  /// characters of the enclosed text's direction, or its edges, stand on either side.
  case runs
  /// Such numbers and runs, and mentions and hashtags: in text whose strong characters all have
  /// one direction, their names have it too, and read in it as in their own isolates.
  case namesAndNumbers
  /// Any entity: left-to-right text of one direction holds numbers, addresses and emoticons as
  /// their own isolates show them.
  case others

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension TextDirection {
  /// The entities enclosed text of this direction may hold; text of both directions (`mixed`),
  /// only plain numbers and runs, since the names and addresses in it may have either direction.
  fileprivate func mostEnclosedEntities(mixed: Bool) -> EnclosedEntities {
    switch (self, mixed) {
    case (.leftToRight, false): .others
    case (.rightToLeft, false): .namesAndNumbers
    case (_, true): .runs
    }
  }
}

/// A mark the scan has passed that may open enclosed text, not yet closed: a quotation mark, or a
/// run of emphasis markers (`*`, `_`, `~`, the byte).
internal struct OpeningMark<Mark: Equatable>: Equatable {
  var mark: Mark
  /// Where the mark starts and ends.
  var range: Range<Int>
}

/// What the last readings around enclosed text found, for the readings after them in the same scan.
internal struct DirectionReadings {
  /// A reading from `start` to `end`, either way, that found no strong character outside entities
  /// but one at `end` (reading ahead) or just after it (reading back), of `direction`; or none,
  /// where a paragraph or the text ends.
  struct Reading {
    var start = -1
    var end = -2
    var direction: TextDirection?
  }

  /// The last reading back from an opening mark.
  var behind = Reading(start: -2, end: -1)
  /// The last scan ahead from a closing mark.
  var ahead = Reading()
  /// The reading back of the last enclosed text made an entity, from its opening mark.
  struct Enclosed {
    var openingStart = -1
    var direction: TextDirection?
  }

  var enclosed = Enclosed()
  /// What the last reading back for enclosed text found.
  var lastBefore: TextDirection?
}

/// The first strong character of a paragraph from an offset on outside the entities a scan from
/// there finds, or the paragraph's end: the first one a plain reading finds, `candidate`, unless an
/// entity the scan hands on holds it, and then the first after that entity.
///
/// No entity holds a character unless it starts before it, and the scan finds each entity at a
/// character in it or in the three words after it (a term names itself with up to three
/// capitalised words before it, `Visual Studio Code C++`), so the scan stops past those.
private struct StrongCharacterAhead: ScanSink {
  let finder: EntityFinder
  private(set) var candidate: (direction: TextDirection?, offset: Int)
  private(set) var scanEnd: Int

  init(finder: EntityFinder, from offset: Int) {
    self.finder = finder
    candidate = (nil, offset)
    scanEnd = offset
    read(from: offset)
  }

  var entities: EmptyCollection<RawEntity> { EmptyCollection() }
  var isFinished: Bool { false }

  mutating func append(_ entity: RawEntity) {
    if entity.start > candidate.offset {
      scanEnd = 0
    } else if entity.end > candidate.offset {
      read(from: entity.end)
    }
  }

  mutating func keepEntities(_ count: Int) {}

  mutating func appendControl(_ control: ControlOccurrence) {}

  mutating func appendSeparator(_ separator: Range<Int>) { scanEnd = 0 }

  /// Takes the first strong character from `offset` by a plain reading for the candidate, and
  /// lets the scan go on to the end of the fourth word from it; a paragraph's end, or the text's,
  /// ends the scan.
  private mutating func read(from offset: Int) {
    candidate = finder.strongCharacter(from: offset, to: finder.text.count)
    guard candidate.direction != nil else {
      scanEnd = 0
      return
    }
    let text = finder.text
    var end = candidate.offset
    var words = 0
    while end < text.count {
      let byte = text[end]
      if byte == 0x0A || byte == 0x0D || (byte >= 0x1C && byte <= 0x1E) { break }
      if byte == 0x20 || byte == 0x09 {
        if end > candidate.offset && text[end - 1] != 0x20 && text[end - 1] != 0x09 {
          words += 1
          if words == 4 { break }
        }
      }
      end += 1
    }
    scanEnd = end + 1
  }
}

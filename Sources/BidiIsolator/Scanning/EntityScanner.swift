@_spi(BidiCore) import BidiCore

/// Finds mentions, hashtags, URLs, e-mail addresses, numbers, inline code, terms (`C++`), commands
/// (`/start`), emoticons (`:D`), quotations, parentheticals and emphasis in a string, the scanner
/// the isolator is built on, usable on its own.
///
/// ```swift
/// let scanner = EntityScanner()
/// for entity in scanner.entities(in: "مرحبا@我, 今天天气好吗") {
///   print(entity.kind, entity.text, entity.scalarRange)   // mention @我 5..<7
/// }
///
/// let room = EntityScanner(kinds: .mentions, memberNames: ["张三", "李四"])
/// room.entities(in: "@张三今天好").map(\.text)   // ["@张三"]
/// ```
///
/// The scanner reads the string's UTF-8 bytes, tests ASCII bytes against a table and decodes a
/// scalar only for non-ASCII bytes, so text with nothing to find costs about one pass over its bytes.
///
/// - Complexity: ``entities(in:)`` is O(*n*) in the length of the text, plus O(*m*·*k*) at each
///   sigil for *m* member names of length at most *k*.
public struct EntityScanner: Sendable {
  /// The kinds of entity to look for.
  public var kinds: EntityKinds

  /// The room's member names, without sigils. When a mention matches one, it is the longest
  /// matching name; otherwise the name grammar decides where it ends.
  public var memberNames: [String] {
    didSet { memberIndex = MemberNameIndex(memberNames).nonEmpty }
  }

  /// `nil` when there are no member names.
  internal private(set) var memberIndex: MemberNameIndex?

  /// A scanner for `kinds`, matching mentions against `memberNames` when there are any.
  ///
  /// - Complexity: O(*m* log *m*) for *m* member names.
  public init(kinds: EntityKinds = .all, memberNames: [String] = []) {
    self.kinds = kinds
    self.memberNames = memberNames
    self.memberIndex = MemberNameIndex(memberNames).nonEmpty
  }

  /// The entities in `text`, in order. They never overlap.
  ///
  /// ```swift
  /// EntityScanner().entities(in: "call +1-555-0100 or see http://مثال.com/صفحة.").map(\.text)
  /// // ["+1-555-0100", "http://مثال.com/صفحة"]
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func entities(in text: String) -> [Entity] {
    withUTF8Text(text) { utf8 -> [Entity] in
      let raw = EntityFinder(text: utf8, kinds: kinds, members: memberIndex, listsEveryEntity: true)
        .scan(recordingStructure: false).entities
      return Self.publicEntities(raw, in: text, utf8: utf8)
    }
  }

  /// Converts byte ranges to every kind of position, counting the bytes up to the last entity once.
  internal static func publicEntities(_ raw: [RawEntity], in text: String, utf8: UTF8Text) -> [Entity] {
    guard let last = raw.last else { return [] }
    var entities: [Entity] = []
    entities.reserveCapacity(raw.count)
    let start = text.utf8.startIndex
    PositionTable.withTable(for: utf8) { positions in
      positions.count(through: last.end)
      for entity in raw {
        let (scalarStart, utf16Start) = positions.offsets(at: entity.start)
        let (scalarEnd, utf16End) = positions.offsets(at: entity.end)
        let lower = text.utf8.index(start, offsetBy: entity.start)
        let upper = text.utf8.index(start, offsetBy: entity.end)
        entities.append(
          Entity(
            kind: entity.kind, range: lower..<upper, scalarRange: scalarStart..<scalarEnd,
            utf16Range: utf16Start..<utf16End, utf8Range: entity.start..<entity.end,
            text: String(text[lower..<upper]), direction: entity.direction))
      }
    }
    return entities
  }
}

/// A bidi control found in the text, by byte offset.
internal struct ControlOccurrence: Equatable {
  var offset: Int
  var control: BidiControl
  /// 3 bytes, or 2 for ALM.
  var length: Int { control == .arabicLetterMark ? 2 : 3 }
  var end: Int { offset + length }
}

/// Which entities a scan finds the direction of: finding an entity's first strong character is a
/// few percent of a scan, and not every caller needs it.
internal enum EntityDirections {
  case all
  /// Mentions and hashtags, all the isolator needs: the other kinds are left to right whatever
  /// their characters.
  case unlessAlwaysLeftToRight
  /// None, for reports of positions only.
  case none
}

/// Where a scan puts what it finds.
internal protocol ScanSink {
  associatedtype Found: RandomAccessCollection<RawEntity> where Found.Index == Int
  /// The entities found so far, which an enclosure that closes reads back through.
  var entities: Found { get }
  mutating func append(_ entity: RawEntity)
  /// Keeps the first `count` entities: an enclosure takes the place of the ones after them.
  mutating func keepEntities(_ count: Int)
  mutating func appendControl(_ control: ControlOccurrence)
  mutating func appendSeparator(_ separator: Range<Int>)
  /// Whether the scan is to stop, checked before each step: a sink may want no more than the next
  /// entity, and a control sends the isolator down its general path.
  var isFinished: Bool { get }
  /// Where the scan is to stop at the latest: no step starts there or after.
  var scanEnd: Int { get }
}

extension ScanSink {
  var scanEnd: Int { .max }
}

/// Where a scan stopped, from which another scan of the same text resumes.
internal struct ScanPosition {
  var offset = 0
  /// Where the last URL ended: a hashtag or mention glued to it starts there.
  var lastURLEnd = -1
  /// Where the last entity of any kind ended: a domain found from inside its word
  /// (`ELPAÍS.com` at its `S`) starts no earlier.
  var lastEntityEnd = 0
  /// Where it started.
  var lastEntityStart = 0
  /// Where the last retweet marker ended, or -1.
  var lastRetweetEnd = -1
  var block = PlainTextBlock.Judged()
  /// The quotation marks that may open a quotation, not yet closed.
  var openQuotations = OpenQuotations()
  /// The emphasis markers that may open emphasis, not yet closed.
  var openEmphasis: OpeningMark<UInt8>?
  /// What the readings around enclosed text found last.
  var readings = DirectionReadings()
}

/// Where the last URL and the last entity of any kind ended, which glued entities start from,
/// where the last entity started, which enclosed text reads back past, and where the last retweet
/// marker ended, which the next may follow.
internal struct EntityEnds {
  var url: Int
  var entity: Int
  var entityStart: Int
  var retweet: Int

  @inline(__always)
  mutating func record(_ found: RawEntity) {
    if found.kind == .url { url = found.end }
    entity = found.end
    entityStart = found.start
  }
}

/// What one pass over the text finds: entities, and, when asked, the bidi controls and paragraph
/// separators the isolator needs.
internal struct ScanResult: ScanSink {
  var entities: [RawEntity] = []
  var controls: [ControlOccurrence] = []
  /// Byte ranges of paragraph separators; CR LF is one.
  var separators: [Range<Int>] = []

  /// Appends an entity, making room for several at the first so short messages allocate once.
  @inline(__always)
  mutating func append(_ entity: RawEntity) {
    if entities.capacity == 0 { entities.reserveCapacity(8) }
    entities.append(entity)
  }

  mutating func keepEntities(_ count: Int) { entities.removeSubrange(count...) }

  mutating func appendControl(_ control: ControlOccurrence) { controls.append(control) }

  mutating func appendSeparator(_ separator: Range<Int>) { separators.append(separator) }

  var isFinished: Bool { false }

  /// Empties the result for the next scan, keeping its memory.
  mutating func removeAll() {
    entities.removeAll(keepingCapacity: true)
    controls.removeAll(keepingCapacity: true)
    separators.removeAll(keepingCapacity: true)
  }
}

/// The scanning loop and the context the entity matchers share.
internal struct EntityFinder {
  let text: UTF8Text
  let kinds: EntityKinds
  let members: MemberNameIndex?
  /// Fetched once per scan, so look-ups in the loop need no lazy-initialisation check.
  let table = CharacterTable.shared
  /// Which entities get their direction.
  var directions: EntityDirections
  /// Whether every entity found is kept, as a listing of them wants: then an enclosure holding
  /// others is not one, and since a listing may have handed on the entities before the last,
  /// enclosed text reads back past the last alone. Otherwise, as isolation wants, an enclosure
  /// isolated whole takes the place of the entities inside it, and enclosed text reads back past
  /// every entity.
  let listsEveryEntity: Bool

  init(
    text: UTF8Text, kinds: EntityKinds, members: MemberNameIndex?, directions: EntityDirections = .all,
    listsEveryEntity: Bool = false
  ) {
    self.text = text
    self.kinds = kinds
    self.members = members
    self.directions = directions
    self.listsEveryEntity = listsEveryEntity
  }

  /// Scans the whole text. With `recordingStructure`, also lists bidi controls and paragraph
  /// separators.
  ///
  /// - Complexity: O(*n*): every matcher either consumes what it reads or the loop resumes after it.
  func scan(recordingStructure: Bool) -> ScanResult {
    var result = ScanResult()
    scan(recordingStructure: recordingStructure, into: &result)
    return result
  }

  /// Scans the whole text into `result`, which may stop the scan early.
  func scan<Sink: ScanSink>(recordingStructure: Bool, into result: inout Sink) {
    var position = ScanPosition()
    scan(recordingStructure: recordingStructure, into: &result, resumingAt: &position)
  }

  /// Scans the text from `position` into `result` until the end or until `result` is finished,
  /// and leaves `position` where the scan stopped.
  ///
  /// - Complexity: O(*k*) in the bytes scanned.
  func scan<Sink: ScanSink>(recordingStructure: Bool, into result: inout Sink, resumingAt position: inout ScanPosition)
  {
    let count = text.count
    let wantsWords = !kinds.isDisjoint(with: .startingInWords)
    var ends = EntityEnds(
      url: position.lastURLEnd, entity: position.lastEntityEnd, entityStart: position.lastEntityStart,
      retweet: position.lastRetweetEnd)
    var offset = position.offset
    var block = position.block
    var openQuotations = position.openQuotations
    var openEmphasis = position.openEmphasis
    var readings = position.readings
    let wantsQuotations = kinds.contains(.quotations)
    let wantsParentheticals = kinds.contains(.parentheticals)
    let wantsEmphasis = kinds.contains(.emphasis)
    defer {
      position = ScanPosition(
        offset: offset, lastURLEnd: ends.url, lastEntityEnd: ends.entity, lastEntityStart: ends.entityStart,
        lastRetweetEnd: ends.retweet, block: block,
        openQuotations: openQuotations, openEmphasis: openEmphasis, readings: readings)
    }
    while offset < count && offset < result.scanEnd && !result.isFinished {
      offset = endOfPlainRun(
        from: offset, wantsWords: wantsWords, closingSingle: openQuotations.single?.mark == .straightSingle,
        block: &block)
      guard offset < count else { break }
      let byte = text[offset]
      switch table.role(of: byte) {
      case .skip:
        offset += 1
        continue
      case .alphanumeric:
        // Read the run of letters and digits first: an address needs one of `. _ % + - : @`
        // after it, a number needs a digit at its start, and most words have neither.
        var runEnd = offset + 1
        while runEnd < count && table.role(of: text[runEnd]) == .alphanumeric { runEnd += 1 }
        if wantsWords && (byte.isASCIIDigit || (runEnd < count && Self.mayContinueAddress(text[runEnd]))) {
          switch matchWord(at: offset, notBefore: ends.entity) {
          case .found(let entity):
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          case .notFound(let scanned):
            // A URL glued to the end of the word (`readhttps://…`) starts inside it.
            if let glued = gluedURL(inWordFrom: offset, to: runEnd) {
              result.append(glued)
              ends.record(glued)
              offset = glued.end
              continue
            }
            runEnd = max(runEnd, scanned)
          }
        }
        offset = runEnd
        continue
      case .trigger:
        switch byte {
        case UInt8(ascii: "@"):
          if kinds.contains(.mentions),
            let entity = matchMention(at: offset, sigilLength: 1, afterURLEnding: ends.url)
          {
            if appendRetweetMarker(beforeMentionAt: offset, to: &result, ends: &ends) && result.isFinished { continue }
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
        case UInt8(ascii: "#"):
          if text.scalarSkippingControls(before: offset)?.value == 0x26 {
            // A character reference (`&#1234;`, `&#x5D0;`) holds no hashtag and no number.
            offset += 1
            while offset < count && text[offset].isASCIIAlphanumeric { offset += 1 }
            continue
          }
          // A letter's suffix (`C#`), a hashtag, a service code (`#31#`), a number (`#42`).
          let endsTerm = offset > ends.entity && text[offset - 1].isASCIILetter && kinds.contains(.terms)
          if let entity = (endsTerm ? matchTerm(suffixAt: offset, notBefore: ends.entity) : nil)
            ?? matchHashtag(at: offset, sigilLength: 1, afterURLEnding: ends.url)
            ?? (kinds.contains(.numbers) ? matchServiceCode(at: offset) : nil)
            ?? matchNumberIfAllowed(at: offset, notBefore: ends.entity).entity
          {
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
        case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: "="):
          let found: RawEntity? =
            switch byte {
            case UInt8(ascii: "/"):
              (kinds.contains(.commands) ? matchCommand(at: offset) : nil)
                ?? (kinds.contains(.paths) ? matchPath(slashAt: offset, notBefore: ends.entity) : nil)
            default: kinds.contains(.emoticons) ? matchEmoticon(at: offset) : nil
            }
          if let entity = found {
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
        case UInt8(ascii: "."):
          // A dot that leads a word (`.NET`); after a word, the word was judged whole from its start.
          if text.byte(at: offset + 1).isASCIILetter && kinds.contains(.terms) && offset >= ends.entity,
            let entity = matchDottedTerm(at: offset)
          {
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
        case UInt8(ascii: "`"):
          guard kinds.contains(.code) else { break }
          switch matchCode(at: offset) {
          case .found(let entity):
            result.append(entity)
            ends.record(entity)
            offset = entity.end
          case .notFound(let scanned):
            offset = scanned
          }
          continue
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          // An apostrophe inside a word opens no quotation, and closes none unless one is open.
          if byte == UInt8(ascii: "'") && openQuotations.single == nil && offset > 0
            && text[offset - 1].isASCIIAlphanumeric
          {
            break
          }
          if wantsQuotations,
            let entity = quotation(
              at: byte == UInt8(ascii: "'") ? .straightSingle : .straight, from: offset, to: offset + 1,
              open: &openQuotations, found: &result,
              lastEntity: ends.entityStart..<ends.entity, readings: &readings)
          {
            result.append(entity)
            ends.record(entity)
          }
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
          if wantsParentheticals,
            let entity = parenthetical(
              closingAt: offset, found: &result, lastEntity: ends.entityStart..<ends.entity, readings: &readings)
          {
            result.append(entity)
            ends.record(entity)
          }
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
          // A service code (`*100#`), or the markers of emphasis.
          if byte == UInt8(ascii: "*"), kinds.contains(.numbers), let entity = matchServiceCode(at: offset) {
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
          guard wantsEmphasis else { break }
          let runEnd = markerRunEnd(from: offset)
          if let entity = emphasis(
            from: offset, to: runEnd, open: &openEmphasis, found: &result, lastEntity: ends.entityStart..<ends.entity,
            readings: &readings)
          {
            result.append(entity)
            ends.record(entity)
          }
          offset = runEnd
          continue
        case 0x0A, 0x0D, 0x1C, 0x1D, 0x1E:
          openQuotations = OpenQuotations()
          openEmphasis = nil
          if recordingStructure {
            let isCRLF = byte == 0x0D && text.byte(at: offset + 1) == 0x0A
            result.appendSeparator(offset..<offset + (isCRLF ? 2 : 1))
            offset += isCRLF ? 2 : 1
            continue
          }
        default:
          if byte == UInt8(ascii: "$"), kinds.contains(.cashtags), let entity = matchCashtag(at: offset) {
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
          if byte == UInt8(ascii: "+") && offset > ends.entity && text[offset - 1].isASCIIAlphanumeric,
            kinds.contains(.terms), let entity = matchTerm(suffixAt: offset, notBefore: ends.entity)
          {
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
          // A command-line option (`--verbose`, `-v`); a digit after the hyphen makes a number.
          if byte == UInt8(ascii: "-") && offset >= ends.entity && kinds.contains(.terms)
            && (text.byte(at: offset + 1).isASCIILetter || text.byte(at: offset + 1) == UInt8(ascii: "-")),
            let entity = matchOption(at: offset)
          {
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          }
          switch matchNumberIfAllowed(at: offset, notBefore: ends.entity) {
          case .found(let entity):
            result.append(entity)
            ends.record(entity)
            offset = entity.end
            continue
          case .notFound(let scanned):
            offset = max(offset + 1, scanned)
            continue
          }
        }
        offset += 1
        continue
      case .decode:
        break
      }

      let (value, length) = text.scalar(at: offset)
      if let control = BidiControl(value: value) {
        if recordingStructure {
          result.appendControl(ControlOccurrence(offset: offset, control: control))
        }
      } else if value == 0x0085 || value == 0x2029 {
        openQuotations = OpenQuotations()
        openEmphasis = nil
        if recordingStructure { result.appendSeparator(offset..<offset + length) }
      } else if let mark = QuotationMark(value) {
        if wantsQuotations,
          let entity = quotation(
            at: mark, from: offset, to: offset + length, open: &openQuotations, found: &result,
            lastEntity: ends.entityStart..<ends.entity, readings: &readings)
        {
          result.append(entity)
          ends.record(entity)
        }
      } else if value == 0xFF20 {  // ＠
        if kinds.contains(.mentions),
          let entity = matchMention(at: offset, sigilLength: length, afterURLEnding: ends.url)
        {
          if appendRetweetMarker(beforeMentionAt: offset, to: &result, ends: &ends) && result.isFinished { continue }
          result.append(entity)
          ends.record(entity)
          offset = entity.end
          continue
        }
      } else if value == 0xFF03, let entity = matchHashtag(at: offset, sigilLength: length, afterURLEnding: ends.url)
      {  // ＃
        result.append(entity)
        ends.record(entity)
        offset = entity.end
        continue
      } else if kinds.contains(.numbers) && mayStartNumber(value) {
        switch matchNumberIfAllowed(at: offset, notBefore: ends.entity) {
        case .found(let entity):
          result.append(entity)
          ends.record(entity)
          offset = entity.end
          continue
        case .notFound(let scanned):
          offset = max(offset + length, scanned)
          continue
        }
      }
      offset += length
    }
  }

  /// Whether a non-ASCII scalar can begin a number: a digit, sign or terminator by its bidi class.
  @inline(__always)
  private func mayStartNumber(_ value: UInt32) -> Bool {
    switch value {
    // The letters and marks of the busiest scripts in chat, Hebrew, Arabic, Syriac to Mandaic,
    // kana and CJK ideographs, Hangul: none of these ranges holds a character of class EN, AN, ET
    // or ES (checked against DerivedBidiClass.txt 15.0), so the table need not be read.
    case 0x0590...0x05FF, 0x0610...0x065F, 0x066D...0x06DC, 0x06DE...0x06EF, 0x0700...0x088F, 0x3040...0x9FFF,
      0xAC00...0xD7FF:
      return false
    default:
      break
    }
    switch table.rawClass(of: value) {
    case BidiClass.europeanNumber.rawValue, BidiClass.arabicNumber.rawValue,
      BidiClass.europeanTerminator.rawValue, BidiClass.europeanSeparator.rawValue:
      return true
    default:
      return false
    }
  }

  /// A matcher's answer when the loop must know how far it read: either an entity, or the offset
  /// before which no entity can start, so a failed attempt is never repeated inside what it read.
  enum Attempt {
    case found(RawEntity)
    case notFound(scannedTo: Int)

    /// The entity found, if any.
    var entity: RawEntity? {
      if case .found(let entity) = self { entity } else { nil }
    }
  }

  /// Tries the matchers that can start at an ASCII letter or digit, in order of precedence: a URL
  /// with a scheme or `www.`, an e-mail address, a bare domain, a number.
  private func matchWord(at start: Int, notBefore earliest: Int) -> Attempt {
    if text.byte(at: start + 1) == UInt8(ascii: ":") && kinds.contains(.paths), let path = matchWindowsPath(at: start) {
      return .found(path)
    }
    let third = text.byte(at: start + 2)
    if third == UInt8(ascii: ":") || third == UInt8(ascii: "-"), kinds.contains(.numbers),
      let address = matchHardwareAddress(at: start)
    {
      return .found(address)
    }
    let previous = text.scalarSkippingControls(before: start)?.value
    var scanned = start + 1
    // A domain written with Latin accents (`ELPAÍS.com`) is reached at its first ASCII letter after
    // one: it starts where its word does.
    if let previous, previous >= 0x80, Self.isLatinLetter(previous), kinds.contains(.urls) {
      var wordStart = start
      while start - wordStart < 1024, let before = text.scalarSkippingControls(before: wordStart),
        before.controlsStart > earliest,
        before.value < 0x80 ? UInt8(before.value).isASCIIAlphanumeric : Self.isLatinLetter(before.value)
      {
        wordStart = text.scalarStart(before: before.controlsStart)
      }
      guard canStartAddress(after: text.scalarSkippingControls(before: wordStart)?.value),
        let end = matchBareDomain(start: wordStart)
      else { return .notFound(scannedTo: scanned) }
      return .found(entity(.url, wordStart, end))
    }
    // `http://`, `https://` or `www.` begins a URL even inside a word (`readhttps://…`, or where a
    // hashtag or mention ended before it), but not after a sigil or `$`.
    if Self.mayStartGluedURL(text[start]) && startsGluedURL(at: start) && !Self.blocksURL(previous),
      case .found(let entity) = matchAddress(at: start)
    {
      return .found(entity)
    }
    if !kinds.isDisjoint(with: .addresses) && (canStartAddress(after: previous) || followsPrefixHyphen(start)) {
      switch matchAddress(at: start) {
      case .found(let entity): return .found(entity)
      case .notFound(let scannedTo): scanned = scannedTo
      }
    }
    if kinds.contains(.numbers) && text[start].isASCIIDigit {
      guard canStartNumber(at: start, after: previous) && !continuesDigits(at: start, notBefore: earliest) else {
        return .notFound(scannedTo: max(scanned, endOfDigitsInWord(from: start)))
      }
      return matchNumber(at: start)
    }
    return .notFound(scannedTo: scanned)
  }

  /// A URL with a scheme or `www.` that begins inside the ASCII word `start..<end` and runs on past
  /// it (`readhttps://…`, `رابطhttps://…` is found the usual way).
  private func gluedURL(inWordFrom start: Int, to end: Int) -> RawEntity? {
    guard kinds.contains(.urls), end < text.count, text[end] == UInt8(ascii: ":") || text[end] == UInt8(ascii: ".")
    else {
      return nil
    }
    for back in 3...5 where end - back > start && startsGluedURL(at: end - back) {
      let candidate = end - back
      if case .found(let entity) = matchAddress(at: candidate) { return entity }
    }
    return nil
  }

  private func matchNumberIfAllowed(at start: Int, notBefore earliest: Int) -> Attempt {
    guard kinds.contains(.numbers) else { return .notFound(scannedTo: start + 1) }
    guard
      canStartNumber(at: start, after: text.scalarSkippingControls(before: start)?.value)
        && !continuesDigits(at: start, notBefore: earliest) && !joinsNumbers(at: start)
    else {
      return .notFound(scannedTo: endOfDigitsInWord(from: start))
    }
    return matchNumber(at: start)
  }

  /// The direction of the first strong character in `start..<end`.
  func firstStrongDirection(from start: Int, to end: Int) -> TextDirection? {
    var offset = start
    while offset < end {
      let (value, length) = text.scalar(at: offset)
      if let direction = table.strongDirection(of: value) { return direction }
      offset += length
    }
    return nil
  }

  func entity(_ kind: EntityKind, _ start: Int, _ end: Int) -> RawEntity {
    let wanted =
      switch directions {
      case .all: true
      case .unlessAlwaysLeftToRight: !kind.isAlwaysLeftToRight
      case .none: false
      }
    let direction = wanted ? firstStrongDirection(from: start, to: end) : nil
    return RawEntity(kind: kind, start: start, end: end, direction: direction)
  }

  // MARK: What may come before an entity

  /// URLs and e-mail addresses do not start inside a word or an address: not after ASCII letters,
  /// digits, `. _ % + - @ / \`, or a mark or joiner. They may follow non-ASCII letters, because
  /// Chinese and Japanese put no space before a link (`请访问https://example.com`).
  func canStartAddress(after previous: UInt32?) -> Bool {
    guard let previous else { return true }
    if Self.blocksURL(previous) { return false }
    if previous < 0x80 {
      let byte = UInt8(previous)
      if byte.isASCIIAlphanumeric { return false }
      switch byte {
      case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "%"), UInt8(ascii: "+"),
        UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "\\"):
        return false
      default:
        return true
      }
    }
    let kind = table.kind(of: previous)
    return kind != .mark && kind != .joiner && kind != .connector
  }

  /// Whether a hyphen right after a right-to-left letter comes before `start`: Hebrew joins a
  /// prefix letter to a foreign word so (`ל-info@example.com`, "to info@…"), and such a hyphen
  /// cannot be inside an address, whose local part and host are ASCII there.
  func followsPrefixHyphen(_ start: Int) -> Bool {
    guard let hyphen = text.scalarSkippingControls(before: start), hyphen.value == 0x2D,
      let letter = text.scalarSkippingControls(before: hyphen.controlsStart - 1)
    else { return false }
    return table.kind(of: letter.value) == .letter && table.strongDirection(of: letter.value) == .rightToLeft
  }

  /// Numbers do not start inside a word: not after a letter, mark, digit, `_` or joiner, except a
  /// letter of a script written without spaces (`价格¥100`); nor after `&`, which begins character
  /// references.
  func canStartNumber(after previous: UInt32?) -> Bool {
    guard let previous else { return true }
    if previous == 0x26 { return false }
    switch table.kind(of: previous) {
    case .letter: return isSpacelessScript(previous)
    case .mark, .digit, .connector, .joiner: return false
    default: return true
    }
  }

  /// Whether a number may start at `start`, after the scalar `previous`: where
  /// ``canStartNumber(after:)`` says, and after a right-to-left letter too, as Hebrew and Arabic
  /// join their prefixes to a number (`ב15.01.2024`, `في+966501234567`, `ب$9.99`), which the
  /// algorithm would tear (`966501234567+`, `9.99$`); but not at a hyphen, which joins such a
  /// prefix to what follows (`ב-15.01`: the number starts after it).
  func canStartNumber(at start: Int, after previous: UInt32?) -> Bool {
    if canStartNumber(after: previous) { return true }
    guard let previous, text[start] != UInt8(ascii: "-") else { return false }
    return table.kind(of: previous) == .letter && table.strongDirection(of: previous) == .rightToLeft
  }

  /// `@ ＠ $ # ＃`: no URL starts right after one (twitter-text: `$http://…`, `#http://…`).
  @inline(__always)
  static func blocksURL(_ previous: UInt32?) -> Bool {
    switch previous {
    case 0x40, 0xFF20, 0x24, 0x23, 0xFF03: true
    default: false
    }
  }

  /// Whether `byte` can be part of an ASCII e-mail local part; a sigil right after one belongs to an
  /// e-mail address, not a mention.
  @inline(__always)
  static func isEmailLocalPartByte(_ byte: UInt8) -> Bool {
    if byte.isASCIIAlphanumeric { return true }
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}

@_spi(BidiCore) import BidiCore

/// A double quotation mark, by what it may open and what it may close.
internal enum QuotationMark: Equatable, BitwiseCopyable {
  /// `"`, which opens and closes.
  case straight
  /// `“` (U+201C), which opens, or closes a quotation that `„` opened.
  case leftDouble
  /// `”` (U+201D), which closes.
  case rightDouble
  /// `„` (U+201E), which opens, as German and Hebrew write it.
  case lowDouble
  /// `«`, which opens, as Arabic, Persian and French write it.
  case leftGuillemet
  /// `»`, which closes.
  case rightGuillemet

  /// The mark `value` is, if it is one.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  init?(_ value: UInt32) {
    switch value {
    case 0x22: self = .straight
    case 0x201C: self = .leftDouble
    case 0x201D: self = .rightDouble
    case 0x201E: self = .lowDouble
    case 0xAB: self = .leftGuillemet
    case 0xBB: self = .rightGuillemet
    default: return nil
    }
  }

  var opens: Bool { self != .rightDouble && self != .rightGuillemet }

  /// Whether this mark closes a quotation that `opening` opened.
  func closes(_ opening: QuotationMark) -> Bool {
    switch opening {
    case .straight: self == .straight
    case .leftDouble: self == .rightDouble
    case .lowDouble: self == .leftDouble || self == .rightDouble
    case .leftGuillemet: self == .rightGuillemet
    case .rightDouble, .rightGuillemet: false
    }
  }
}

/// A quotation mark the scan has passed that may open a quotation.
internal struct OpenQuotation: Equatable, BitwiseCopyable {
  var mark: QuotationMark
  /// Where the mark starts and ends.
  var start: Int
  var end: Int
}

extension EntityFinder {
  /// Handles the quotation mark `mark` between `start` and `end`: it closes the quotation `open`
  /// holds when it can, and opens one when it can.
  ///
  /// A quotation is the text between an opening mark and the next mark of its pair in the same
  /// paragraph. A mark opens before a character that is not white space, at the start, after white
  /// space, an opening bracket or `:`, or, when what follows is not right to left, after a
  /// right-to-left letter, as Hebrew and Arabic join their prefixes to a word (`ב"Hello!"`). A mark
  /// closes after a character that is not white space and before one that is no letter, mark or
  /// digit. It is an entity, the text inside the marks, when its strong
  /// characters all have one direction, the closest strong character before or after it in its
  /// paragraph has the other, and no other entity is inside it: right-to-left text around
  /// `"Hello, world!"` shows it as `"!Hello, world"`, and left-to-right text around `«مرحبا!»` puts
  /// the `!` after the Arabic, where a right-to-left reader reads it first. Isolated, a quotation
  /// keeps its punctuation, and the marks around it follow the text they stand in.
  ///
  /// - Returns: the quotation this mark closes, when it is one.
  /// - Complexity: O(1) for a mark that opens; for one that closes, O(*k*) in the quotation's
  ///   length and the neutrals around it up to the closest strong character.
  func quotation(
    at mark: QuotationMark, from start: Int, to end: Int, open: inout OpenQuotation?, lastEntityEnd: Int
  ) -> RawEntity? {
    if let opening = open, mark.closes(opening.mark), closesQuotation(markStart: start, markEnd: end) {
      open = nil
      // An entity inside keeps its own isolate; isolates around isolates are not made.
      guard lastEntityEnd <= opening.start else { return nil }
      return quotedText(opening: opening, closingStart: start, closingEnd: end)
    }
    if mark.opens && opensQuotation(markStart: start, markEnd: end) {
      open = OpenQuotation(mark: mark, start: start, end: end)
    }
    return nil
  }

  /// Whether a mark from `markStart` to `markEnd` stands where a quotation opens.
  private func opensQuotation(markStart: Int, markEnd: Int) -> Bool {
    guard let next = text.scalarSkippingControls(from: markEnd)?.value, QuotationMark(next) == nil else {
      return false
    }
    let nextKind = table.kind(of: next)
    guard nextKind != .space && nextKind != .paragraphSeparator && nextKind != .other else { return false }
    guard let previous = text.scalarSkippingControls(before: markStart) else { return true }
    switch previous.value {
    case 0x28, 0x5B, 0x7B, 0x3A: return true  // ( [ { :
    default: break
    }
    let kind = table.kind(of: previous.value)
    if kind == .space || kind == .paragraphSeparator { return true }
    // Hebrew and Arabic join their prefixes to the quotation (`ב"Hello!"`, `و"Hello!"`). Before a
    // right-to-left letter the mark is more likely an acronym's gershayim (`ש"ח`), and
    // right-to-left text quoted in right-to-left text needs no isolate.
    return table.strongDirection(of: previous.value) == .rightToLeft && table.strongDirection(of: next) != .rightToLeft
  }

  /// Whether a mark from `markStart` to `markEnd` stands where a quotation closes: after a
  /// character that is not white space, and before none that continues a word.
  private func closesQuotation(markStart: Int, markEnd: Int) -> Bool {
    guard let previous = text.scalarSkippingControls(before: markStart)?.value else { return false }
    let previousKind = table.kind(of: previous)
    guard previousKind != .space && previousKind != .paragraphSeparator else { return false }
    guard let next = text.scalarSkippingControls(from: markEnd)?.value else { return true }
    let nextKind = table.kind(of: next)
    return nextKind != .letter && nextKind != .mark && nextKind != .digit && nextKind != .joiner
  }

  /// The quotation between `opening` and a closing mark, when it is one to isolate: the text inside
  /// the marks and the bidi controls next to them.
  private func quotedText(opening: OpenQuotation, closingStart: Int, closingEnd: Int) -> RawEntity? {
    var start = opening.end
    while start < closingStart {
      let (value, length) = text.scalar(at: start)
      guard BidiControl(value: value) != nil else { break }
      start += length
    }
    var end = closingStart
    while end > start {
      let last = text.scalarStart(before: end)
      guard BidiControl(value: text.scalar(at: last).value) != nil else { break }
      end = last
    }
    var direction: TextDirection?
    var offset = start
    while offset < end {
      let (value, length) = text.scalar(at: offset)
      offset += length
      switch reading(of: value) {
      case .strong(let strong):
        if direction == nil { direction = strong } else if direction != strong { return nil }
      // A control of the user's own inside makes levels this reading does not resolve.
      case .control, .paragraphEnd: return nil
      case .neutral: break
      }
    }
    guard let direction else { return nil }
    let other: TextDirection = direction == .leftToRight ? .rightToLeft : .leftToRight
    guard closestStrongDirection(before: opening.start) == other || closestStrongDirection(from: closingEnd) == other
    else { return nil }
    // A report of positions alone asks for no direction, though the scan needed it.
    let reported: TextDirection? = if case .none = directions { nil } else { direction }
    return RawEntity(kind: .quotation, start: start, end: end, direction: reported)
  }

  /// The direction of the closest strong character before `offset` in its paragraph, bidi controls
  /// aside.
  private func closestStrongDirection(before offset: Int) -> TextDirection? {
    var end = offset
    while end > 0 {
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

  /// What a scalar tells the reading of a quotation and the text around it.
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

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

extension EntityFinder {
  /// Handles the quotation mark `mark` between `start` and `end`: it closes the quotation `open`
  /// holds when it can, and opens one when it can.
  ///
  /// A quotation is the text between an opening mark and the next mark of its pair in the same
  /// paragraph, where ``opensEnclosure(markStart:markEnd:for:)`` and
  /// ``closesEnclosure(markStart:markEnd:)`` let them open and close.
  /// It is an entity, the text inside the marks, when
  /// ``enclosure(_:opening:closing:found:lastEntity:readings:marksFit:)`` says so: right-to-left
  /// text around `"Hello, world!"` shows it as `"!Hello, world"`, and left-to-right text around
  /// `«مرحبا!»` puts the `!` after the Arabic, where a right-to-left reader reads it first.
  ///
  /// - Returns: the quotation this mark closes, when it is one.
  /// - Complexity: O(1) for a mark that opens; for one that closes, O(*k*) in the quotation's
  ///   length and the neutrals around it up to the closest strong character.
  func quotation<Sink: ScanSink>(
    at mark: QuotationMark, from start: Int, to end: Int, open: inout OpeningMark<QuotationMark>?, found: inout Sink,
    lastEntity: Range<Int>, readings: inout DirectionReadings
  ) -> RawEntity? {
    if let opening = open, mark.closes(opening.mark), closesEnclosure(markStart: start, markEnd: end) {
      open = nil
      return enclosure(
        .quotation, opening: opening.range, closing: start..<end, found: &found, lastEntity: lastEntity,
        readings: &readings)
    }
    if mark.opens && opensEnclosure(markStart: start, markEnd: end, for: .quotation) {
      open = OpeningMark(mark: mark, range: start..<end)
    }
    return nil
  }
}

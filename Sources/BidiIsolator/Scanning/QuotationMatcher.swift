@_spi(BidiCore) import BidiCore

/// A quotation mark, by what it may open and what it may close.
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
  /// `'`, which opens and closes; inside a word it is an apostrophe or a Hebrew geresh, which
  /// neither opens nor closes (`don't`, `ג'ירפה`).
  case straightSingle
  /// `‘` (U+2018), which opens, or closes a quotation that `‚` opened.
  case leftSingle
  /// `’` (U+2019), which closes; inside a word it is an apostrophe.
  case rightSingle
  /// `‚` (U+201A), which opens, as German writes it.
  case lowSingle
  /// `‹` (U+2039), which opens.
  case leftSingleGuillemet
  /// `›` (U+203A), which closes.
  case rightSingleGuillemet

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
    case 0x27: self = .straightSingle
    case 0x2018: self = .leftSingle
    case 0x2019: self = .rightSingle
    case 0x201A: self = .lowSingle
    case 0x2039: self = .leftSingleGuillemet
    case 0x203A: self = .rightSingleGuillemet
    default: return nil
    }
  }

  var opens: Bool {
    switch self {
    case .rightDouble, .rightGuillemet, .rightSingle, .rightSingleGuillemet: false
    default: true
    }
  }

  /// Whether the mark is a single one, whose quotations pair apart from the double ones': a
  /// quotation may hold one of the other kind (`"He said 'no!' twice"`).
  var isSingle: Bool {
    switch self {
    case .straightSingle, .leftSingle, .rightSingle, .lowSingle, .leftSingleGuillemet, .rightSingleGuillemet: true
    default: false
    }
  }

  /// Whether this mark closes a quotation that `opening` opened.
  func closes(_ opening: QuotationMark) -> Bool {
    switch opening {
    case .straight: self == .straight
    case .leftDouble: self == .rightDouble
    case .lowDouble: self == .leftDouble || self == .rightDouble
    case .leftGuillemet: self == .rightGuillemet
    case .straightSingle: self == .straightSingle
    case .leftSingle: self == .rightSingle
    case .lowSingle: self == .leftSingle || self == .rightSingle
    case .leftSingleGuillemet: self == .rightSingleGuillemet
    case .rightDouble, .rightGuillemet, .rightSingle, .rightSingleGuillemet: false
    }
  }
}

/// The quotation marks that may open a quotation, not yet closed: a double one and a single one.
internal struct OpenQuotations {
  var double: OpeningMark<QuotationMark>?
  var single: OpeningMark<QuotationMark>?
}

extension EntityFinder {
  /// Handles the quotation mark `mark` between `start` and `end`: it closes the quotation of its
  /// kind (double or single) that `open` holds when it can, and opens one when it can.
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
    at mark: QuotationMark, from start: Int, to end: Int, open: inout OpenQuotations, found: inout Sink,
    lastEntity: Range<Int>, readings: inout DirectionReadings
  ) -> RawEntity? {
    let isSingle = mark.isSingle
    if let opening = isSingle ? open.single : open.double, mark.closes(opening.mark),
      closesEnclosure(markStart: start, markEnd: end)
    {
      if isSingle { open.single = nil } else { open.double = nil }
      return enclosure(
        .quotation, opening: opening.range, closing: start..<end, found: &found, lastEntity: lastEntity,
        readings: &readings)
    }
    if mark.opens && opensEnclosure(markStart: start, markEnd: end, for: .quotation) {
      let opening = OpeningMark(mark: mark, range: start..<end)
      if isSingle { open.single = opening } else { open.double = opening }
    }
    return nil
  }
}

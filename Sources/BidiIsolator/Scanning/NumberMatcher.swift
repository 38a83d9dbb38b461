@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a number at `start`: what the bidirectional algorithm would split, reorder or pull
  /// into neighbouring right-to-left text.
  ///
  /// - Up to two signs and terminators before the digits: `+ - −`, currency, `% ٪ # ° ±`
  ///   (`+1-555-0100`, `$9.99`, `-5`, `%50`).
  /// - Digits the algorithm treats as numbers, in any script that has them (`123`, `٣٤٥`, `۱۲۳`),
  ///   in groups joined by one separator each: `. , : - / + '`, `’`, `٫ ٬`, no-break spaces
  ///   (`1,000.50`, `10:30`, `2024-01-15`, `٣٤٥٫٦`).
  /// - After a `+` or an opening `(area code)`, single spaces join groups too, as phone numbers
  ///   are written: `+971 50 123 4567`, `(012) 345 6789`; and the area code after a country code
  ///   may stand in brackets, with or without a space before it: `+1 (555) 123-4567`,
  ///   `+44 (0)20 7946 0958`, `+49(0)30 1234567`.
  /// - So do they in a national phone number, which starts with its trunk prefix, a leading 0:
  ///   groups of two digits or more joined by spaces alone, seven to eleven digits in all
  ///   (`050 123 4567`, `06 12 34 56 78`, `۰۹۱۲ ۳۴۵ ۶۷۸۹`; not `05 10`, `01:12 30`, nor the `3`
  ///   of `050 123 4567 3`).
  /// - Hardware addresses, six hexadecimal pairs (``matchHardwareAddress(at:)``).
  /// - After an ISO 8601 date, the time that `T` joins to it, with its zone:
  ///   `2024-01-15T10:30:00Z`, `2024-01-15T10:30+03:00`.
  /// - Up to two terminators after: `% ٪ ‰ ° $ €…`, `℃ ℉` (`50%`, `9.99€`); after a degree
  ///   sign, the left-to-right letters of its scale (`25°C`, `45°N`), and a degree sign and its
  ///   scale may follow a space (`25 °C`). Or, with no terminator, left-to-right words joined to
  ///   the number by hyphens (`2.0.1-beta`, `5-star`, `3-in-1`). Or, after a time of day, its
  ///   `AM` or `PM` (`7:30 PM`, `5 p.m.`), which after Arabic or Hebrew letters went to the time's
  ///   other side (`PM 7:30`).
  /// - Then, but for a phone number, the unit of a rate, a left-to-right word after `/`
  ///   (`$5.99/month`, `20/day`, `9€/kg`, `3/m²`): after Arabic letters the slash and the word
  ///   went to the number's other side (`month/5.99$`).
  ///
  /// A number glued to a left-to-right letter, mark or other digit (`321km`, `WWDC2022`) is part
  /// of a word and not matched, nor are the groups a separator joins to it (`v2.3.1`): the
  /// algorithm already keeps them with that word (``continuesDigits(at:notBefore:)``). After a
  /// right-to-left letter, a prefix in Hebrew and Arabic, one is (``canStartNumber(at:after:)``). Letters of scripts written without
  /// spaces do not count (`2022年`, `价格¥100`). Nor is an ascending range such as
  /// `1-3`, `2020-2024` or `09:00-17:30`: after Arabic letters the algorithm shows it as `3-1`,
  /// which is how Arabic reads a range (the W3C's example SB4), and elsewhere it keeps it whole
  /// anyway.
  ///
  /// - Complexity: O(*k*) in the length read; a failed attempt reports how far it read so nothing
  ///   inside is tried again.
  func matchNumber(at start: Int) -> Attempt {
    let count = text.count
    var offset = start
    var phoneLike = false
    var affixes = 0
    while offset < count && affixes < 2 {
      let (value, length) = text.scalar(at: offset)
      guard !table.isNumberDigit(value), isNumberPrefix(value) else { break }
      phoneLike = phoneLike || value == 0x2B  // +
      offset += length
      affixes += 1
    }
    let opensWithAreaCode =
      text.byte(at: offset) == UInt8(ascii: "(") && (affixes == 0 || (affixes == 1 && phoneLike))
    guard var end = opensWithAreaCode ? groupAfterAreaCode(at: offset) : digitRun(from: offset) else {
      return .notFound(scannedTo: start + 1)
    }
    // A country code: the area code in brackets may follow it, as the number's second group.
    let hasCountryCode = phoneLike && !opensWithAreaCode
    phoneLike = phoneLike || opensWithAreaCode
    let bare = start == offset && !opensWithAreaCode
    // A national phone number starts with its trunk prefix, the 0 of an area or operator code of
    // two to five digits (`050`, `0912`, `07700`): spaces may join its groups of two digits or
    // more, up to a phone number's eleven digits, if they hold at least seven.
    var trunkDigits = 0
    if bare && !phoneLike && table.digitValue(text.scalar(at: offset).value) == 0 {
      let firstGroup = digitCount(in: offset..<end)
      if firstGroup >= 2 && firstGroup <= 5 { trunkDigits = firstGroup }
    }
    var beforeSpaces: (end: Int, groups: Int)? = nil
    var groups = 1
    while end < count {
      let (value, length) = text.scalar(at: end)
      let joinsBySpace = value == 0x20 && (phoneLike || trunkDigits > 0)
      if Self.isNumberSeparator(value) || joinsBySpace, let next = digitRun(from: end + length) {
        if trunkDigits > 0 && !joinsBySpace {
          // Other separators make a time, a date or a number of another kind (`01:12`), or, after
          // spaces, end the phone number.
          if beforeSpaces != nil { break }
          trunkDigits = 0
        } else if trunkDigits > 0 {
          let added = digitCount(in: end + length..<next)
          if added < 2 || trunkDigits + added > Self.longestNationalNumber { break }
          if beforeSpaces == nil { beforeSpaces = (end, groups) }
          trunkDigits += added
        }
        end = next
      } else if hasCountryCode && groups == 1, let next = groupAfterAreaCode(at: value == 0x20 ? end + 1 : end) {
        end = next
      } else {
        break
      }
      groups += 1
    }
    if let beforeSpaces, trunkDigits < Self.shortestNationalNumber { (end, groups) = beforeSpaces }
    if bare && groups == 3, let timeEnd = isoTimeEnd(afterDate: start..<end) { end = timeEnd }
    affixes = 0
    var lastSuffix: UInt32 = 0
    while end < count && affixes < 2 {
      let (value, length) = text.scalar(at: end)
      guard !table.isNumberDigit(value), isNumberSuffix(value) else { break }
      end += length
      affixes += 1
      lastSuffix = value
    }
    // The scale of a degree sign (`25°C`, `45°N`, `25 °C`): the sign would join neither the
    // digits, which after Arabic letters are an Arabic number (rule W2) that terminators do not
    // join, nor the scale, and would show on the wrong side of both. A right-to-left scale reads
    // with the text around it, and leaves the number glued to it unmatched, as letters do. (Other
    // terminators take no word: `50%https://…` is a number and a URL.)
    if lastSuffix == Self.degreeSign {
      end = leftToRightWordEnd(from: end)
    } else if affixes == 0,
      let unitEnd = spacedDegreeUnitEnd(at: end) ?? hyphenatedWordsEnd(from: end)
        ?? (bare ? dayPeriodEnd(afterTime: start..<end) : nil)
    {
      end = unitEnd
    }
    if !phoneLike && text.byte(at: end) == UInt8(ascii: "/"), let rateEnd = rateUnitEnd(from: end) { end = rateEnd }
    if continuesWord(at: end) { return .notFound(scannedTo: end) }
    if bare && affixes == 0
      && (groups == 2 && isAscendingRange(start..<end) || groups == 4 && isAscendingTimeRange(start..<end))
    {
      return .notFound(scannedTo: end)
    }
    return .found(entity(.number, start, end))
  }

  private static let degreeSign: UInt32 = 0xB0  // °

  /// Terminators after the digits (class ET: `% ٪ ‰ ° $ €…`), and the degree signs that carry
  /// their scale, `℃ ℉`.
  @inline(__always)
  private func isNumberSuffix(_ value: UInt32) -> Bool {
    table.rawClass(of: value) == BidiClass.europeanTerminator.rawValue || value == 0x2103 || value == 0x2109
  }

  /// The end of the left-to-right letters (and their marks) from `start`, `start` when there are
  /// none: not letters of scripts written without spaces, which end a number as they are.
  private func leftToRightWordEnd(from start: Int) -> Int {
    var end = start
    while end < text.count {
      let (value, length) = text.scalar(at: end)
      switch table.kind(of: value) {
      case .letter where table.rawClass(of: value) == BidiClass.leftToRight.rawValue && !isSpacelessScript(value):
        end += length
      case .mark where end > start:
        end += length
      default:
        return end
      }
    }
    return end
  }

  /// Matches a hardware (MAC) address at `start`: six pairs of hexadecimal digits joined by `:`
  /// or by `-` (`01:02:aa:4a:bb:06`, `00-1A-2B-3C-4D-5E`), a number whose letters would otherwise
  /// split it into runs that right-to-left text reorders (the W3C's example IM7 shows
  /// `aa:4a:bb:06:01:02`). Not after a letter, mark or digit, nor before one or another pair.
  ///
  /// - Complexity: O(1).
  func matchHardwareAddress(at start: Int) -> RawEntity? {
    func isHex(_ byte: UInt8) -> Bool {
      byte.isASCIIDigit || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }
    let separator = text.byte(at: start + 2)
    guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: "-") else { return nil }
    for pair in 0..<6 {
      let offset = start + 3 * pair
      guard isHex(text.byte(at: offset)), isHex(text.byte(at: offset + 1)) else { return nil }
      if pair < 5 && text.byte(at: offset + 2) != separator { return nil }
    }
    let end = start + 17
    guard !(text.byte(at: end) == separator && isHex(text.byte(at: end + 1))), !continuesWord(at: end),
      canStartNumber(after: text.scalarSkippingControls(before: start)?.value)
    else { return nil }
    return entity(.number, start, end)
  }

  /// The end of the time that follows the ISO 8601 date `date` (`2024-01-15`), joined by `T`:
  /// hours and minutes, then seconds and their fraction if any, then `Z` or an offset
  /// (`T10:30:00.5Z`, `T10:30+03:00`, `T1030-0500`); `nil` when no such time follows. Right-to-left
  /// text would show the date's groups and the time in the wrong order (`15T10:30:00Z-01-2024`).
  ///
  /// - Complexity: O(*k*) in the length read.
  private func isoTimeEnd(afterDate date: Range<Int>) -> Int? {
    func digits(_ count: Int, at offset: Int) -> Bool {
      (offset..<offset + count).allSatisfy { text.byte(at: $0).isASCIIDigit }
    }
    let pattern = date.lowerBound
    guard date.count == 10, digits(4, at: pattern), text.byte(at: pattern + 4) == UInt8(ascii: "-"),
      digits(2, at: pattern + 5), text.byte(at: pattern + 7) == UInt8(ascii: "-"), digits(2, at: pattern + 8),
      text.byte(at: date.upperBound) == UInt8(ascii: "T")
    else { return nil }
    // `hh:mm` or `hhmm` at `offset`, with seconds the same way, and a decimal fraction.
    func timeEnd(at offset: Int) -> Int? {
      guard digits(2, at: offset) else { return nil }
      var end = offset + 2
      let colon = text.byte(at: end) == UInt8(ascii: ":")
      if colon { end += 1 }
      guard digits(2, at: end) else { return nil }
      end += 2
      if colon ? text.byte(at: end) == UInt8(ascii: ":") : digits(2, at: end) {
        if colon { end += 1 }
        guard digits(2, at: end) else { return nil }
        end += 2
        let mark = text.byte(at: end)
        if (mark == UInt8(ascii: ".") || mark == UInt8(ascii: ",")) && digits(1, at: end + 1) {
          end += 1
          while text.byte(at: end).isASCIIDigit { end += 1 }
        }
      }
      return end
    }
    guard var end = timeEnd(at: date.upperBound + 1) else { return nil }
    switch text.byte(at: end) {
    case UInt8(ascii: "Z"):
      end += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard digits(2, at: end + 1) else { break }
      end += 3
      if text.byte(at: end) == UInt8(ascii: ":"), digits(2, at: end + 1) {
        end += 3
      } else if digits(2, at: end) {
        end += 2
      }
    default:
      break
    }
    return end
  }

  /// The end of the day period after `time`, a time of day (an hour of one or two ASCII digits,
  /// then minutes and seconds after `:` or `.`): `am`, `pm`, `a.m.` or `p.m.` in any case, after
  /// one space or none (`7:30 PM`, `5pm`, `10.15 a.m.`); `nil` when none stands there, or when
  /// a word goes on after it (`5 PMs`).
  ///
  /// - Complexity: O(1).
  private func dayPeriodEnd(afterTime time: Range<Int>) -> Int? {
    let periodStart = text.byte(at: time.upperBound) == 0x20 ? time.upperBound + 1 : time.upperBound
    let period = text.byte(at: periodStart) | 0x20
    guard period == UInt8(ascii: "a") || period == UInt8(ascii: "p") else { return nil }
    // The hour, then up to two groups of two digits.
    var offset = time.lowerBound
    while offset < time.upperBound && offset - time.lowerBound < 2 && text[offset].isASCIIDigit { offset += 1 }
    guard offset > time.lowerBound else { return nil }
    var groups = 0
    while offset < time.upperBound && groups < 2 {
      guard text[offset] == UInt8(ascii: ":") || text[offset] == UInt8(ascii: "."),
        offset + 3 <= time.upperBound, text[offset + 1].isASCIIDigit, text[offset + 2].isASCIIDigit
      else { return nil }
      offset += 3
      groups += 1
    }
    guard offset == time.upperBound else { return nil }
    var end = periodStart + 1
    let dotted = text.byte(at: end) == UInt8(ascii: ".")
    if dotted { end += 1 }
    guard text.byte(at: end) | 0x20 == UInt8(ascii: "m") else { return nil }
    end += 1
    if dotted && text.byte(at: end) == UInt8(ascii: ".") { end += 1 }
    return continuesWord(at: end) ? nil : end
  }

  /// The end of a degree unit after one space at `start` (`25 °C`, `25\u{202F}°F`, `25 ℃`), or
  /// `nil` when none stands there.
  private func spacedDegreeUnitEnd(at start: Int) -> Int? {
    guard start < text.count else { return nil }
    let (space, spaceLength) = text.scalar(at: start)
    guard space == 0x20 || space == 0xA0 || space == 0x202F, start + spaceLength < text.count else { return nil }
    let (sign, signLength) = text.scalar(at: start + spaceLength)
    let afterSign = start + spaceLength + signLength
    switch sign {
    case 0x2103, 0x2109:  // ℃ ℉
      return afterSign
    case Self.degreeSign:
      let end = leftToRightWordEnd(from: afterSign)
      return end > afterSign ? end : nil
    default:
      return nil
    }
  }

  /// The end of the left-to-right words that hyphens join to a number (`2.0.1-beta`, `5-star`,
  /// `3-in-1`), or `nil` when none follows or a word goes on after them. The hyphen would join
  /// neither side, the digits being an Arabic number after Arabic letters (rule W2) and a number
  /// at all only to a number, and right-to-left text would show `star-5`.
  ///
  /// - Complexity: O(*k*) in the length read.
  private func hyphenatedWordsEnd(from start: Int) -> Int? {
    var end = start
    var hasWord = false
    while text.byte(at: end) == UInt8(ascii: "-") {
      let partStart = end + 1
      let wordEnd = leftToRightWordEnd(from: partStart)
      if wordEnd > partStart {
        // Digits may follow the letters of a part (`rc1`).
        end = digitRun(from: wordEnd).map { leftToRightWordEnd(from: $0) } ?? wordEnd
        hasWord = true
      } else if hasWord, let digitsEnd = digitRun(from: partStart) {
        end = digitsEnd
      } else {
        break
      }
    }
    guard hasWord, !continuesWord(at: end) else { return nil }
    return end
  }

  /// The end of a rate's unit from `start`: `/`, then left-to-right letters, then a power in
  /// superscript digits (`/m²`); `nil` when there is none, or when the word goes on past them
  /// (`/month3a`).
  ///
  /// - Complexity: O(*k*) in the length of the word.
  private func rateUnitEnd(from start: Int) -> Int? {
    guard text.byte(at: start) == UInt8(ascii: "/") else { return nil }
    var end = leftToRightWordEnd(from: start + 1)
    guard end > start + 1 else { return nil }
    while end < text.count {
      let (value, length) = text.scalar(at: end)
      // ¹ ² ³, and ⁰ and ⁴–⁹.
      guard value == 0xB9 || value == 0xB2 || value == 0xB3 || (value >= 0x2070 && value <= 0x2079) else { break }
      end += length
    }
    return continuesWord(at: end) ? nil : end
  }

  /// Whether what stands at `offset`, bidi controls aside, goes on with the word before it: a
  /// letter (but of a script written without spaces), a mark, a digit, a connector or a joiner.
  private func continuesWord(at offset: Int) -> Bool {
    guard let next = text.scalarSkippingControls(at: offset) else { return false }
    switch table.kind(of: next) {
    case .letter: return !isSpacelessScript(next)
    case .mark, .digit, .connector, .joiner: return true
    default: return false
    }
  }

  /// Whether `range` holds `low-high`: two groups of at most nine digits joined by `-`, neither
  /// written with a leading zero (`555-0100`, `0300-1234567` and `03-5551234` are phone numbers; a
  /// lone `0` may start a range), the second greater than the first.
  private func isAscendingRange(_ range: Range<Int>) -> Bool {
    // Two groups in plain variables: arrays here cost two allocations for every such number.
    var (low, high) = (0, 0)
    var (lowDigits, highDigits) = (0, 0)
    var inHigh = false
    var offset = range.lowerBound
    while offset < range.upperBound {
      let (value, length) = text.scalar(at: offset)
      offset += length
      guard let digit = table.digitValue(value) else {
        guard value == 0x2D, !inHigh else { return false }  // -
        inHigh = true
        continue
      }
      if inHigh {
        if highDigits == 0 && digit == 0 { return false }
        highDigits += 1
        guard highDigits <= 9 else { return false }
        high = high * 10 + digit
      } else {
        if lowDigits == 1 && low == 0 { return false }
        lowDigits += 1
        guard lowDigits <= 9 else { return false }
        low = low * 10 + digit
      }
    }
    return inHigh && low < high
  }

  /// Whether `range` holds two times of day joined by `-`, each an hour of one or two digits and
  /// minutes of two after `:`, the second later than the first (`09:00-17:30`, `9:30-11:00`).
  ///
  /// - Complexity: O(*k*) in the length of `range`.
  private func isAscendingTimeRange(_ range: Range<Int>) -> Bool {
    var offset = range.lowerBound
    /// The minutes since midnight of the time at `offset`, which it passes.
    func time() -> Int? {
      var hour = 0
      var hourDigits = 0
      while offset < range.upperBound, hourDigits < 2, let digit = table.digitValue(text.scalar(at: offset).value) {
        hour = hour * 10 + digit
        hourDigits += 1
        offset += text.scalar(at: offset).length
      }
      guard hourDigits > 0, hour <= 24, offset < range.upperBound, text[offset] == UInt8(ascii: ":") else { return nil }
      offset += 1
      var minute = 0
      for _ in 0..<2 {
        guard offset < range.upperBound, let digit = table.digitValue(text.scalar(at: offset).value) else { return nil }
        minute = minute * 10 + digit
        offset += text.scalar(at: offset).length
      }
      return minute < 60 ? hour * 60 + minute : nil
    }
    guard let from = time(), offset < range.upperBound, text[offset] == UInt8(ascii: "-") else { return false }
    offset += 1
    guard let to = time(), offset == range.upperBound else { return false }
    return from < to
  }

  /// The end of the digits that follow an area code in brackets at `start`, `(012) 345`,
  /// `(0)20` or `(555)-123`, or `nil` when no such group starts there.
  private func groupAfterAreaCode(at start: Int) -> Int? {
    guard text.byte(at: start) == UInt8(ascii: "("), let close = digitRun(from: start + 1),
      text.byte(at: close) == UInt8(ascii: ")")
    else { return nil }
    var next = close + 1
    if text.byte(at: next) == UInt8(ascii: " ") || text.byte(at: next) == UInt8(ascii: "-") { next += 1 }
    return digitRun(from: next)
  }

  /// The fewest and the most digits of a national phone number written with its trunk prefix.
  private static let shortestNationalNumber = 7
  private static let longestNationalNumber = 11

  /// The number digits in `range`.
  private func digitCount(in range: Range<Int>) -> Int {
    var digits = 0
    var offset = range.lowerBound
    while offset < range.upperBound {
      let (value, length) = text.scalar(at: offset)
      if table.isNumberDigit(value) { digits += 1 }
      offset += length
    }
    return digits
  }

  /// Whether a digit at `start` goes on with what comes before it, from `earliest` on (where the
  /// last entity ended): a digit and one separator that is not a sign (the `3` of `v2.3.1`, the
  /// `4` of `abc123.45`), since digits joined so are one number, matched from its first digit or
  /// left to the word it is glued to; or a terminator where no number may start, glued to a word
  /// (the `9` of `US$9.99`, the `1` of `PO#123`), which the algorithm keeps with it. A sign may
  /// start a number, as class ES holds them (`2022+1-555-0100`, `2026,+1-555-0100`).
  ///
  /// - Complexity: O(1) but for bidi controls before `start`.
  func continuesDigits(at start: Int, notBefore earliest: Int) -> Bool {
    guard let mark = text.scalarSkippingControls(before: start),
      Self.isNumberSeparator(mark.value) || isNumberPrefix(mark.value),
      table.rawClass(of: mark.value) != BidiClass.europeanSeparator.rawValue,
      table.isNumberDigit(text.scalar(at: start).value)
    else { return false }
    let markStart = text.scalarStart(before: mark.controlsStart)
    guard let before = text.scalarSkippingControls(before: markStart),
      text.scalarStart(before: before.controlsStart) >= earliest
    else { return false }
    if Self.isNumberSeparator(mark.value) { return table.isNumberDigit(before.value) }
    return !canStartNumber(at: markStart, after: before.value)
  }

  /// Whether the sign at `start` joins two numbers, right after a terminator that ends digits
  /// (`50%-70%`, `5°-10°`): a range, which the algorithm reads in the paragraph's direction, as it
  /// does `$10-$20` and `10:00-12:00`, and not the sign of a number of its own (`-70%`), which
  /// isolated beside the first would show `-70%50%`.
  ///
  /// - Complexity: O(1) but for bidi controls before `start`.
  func joinsNumbers(at start: Int) -> Bool {
    // Most numbers start with a digit: of ASCII, class ES holds only `+` and `-`.
    let byte = text[start]
    guard byte >= 0x80 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
      table.rawClass(of: text.scalar(at: start).value) == BidiClass.europeanSeparator.rawValue,
      let suffix = text.scalarSkippingControls(before: start), isNumberSuffix(suffix.value),
      let before = text.scalarSkippingControls(before: text.scalarStart(before: suffix.controlsStart))
    else { return false }
    return table.isNumberDigit(before.value)
  }

  /// Where the digits at `start`, glued to the word before them, end with it: their groups and the
  /// single separators between them go on with the word (`v2.3.1`, `abc123.45`), and no number
  /// starts inside them. `start + 1` when no digit is there.
  ///
  /// - Complexity: O(*k*) in the length read.
  func endOfDigitsInWord(from start: Int) -> Int {
    guard var end = digitRun(from: start) else { return start + 1 }
    while end < text.count {
      let (value, length) = text.scalar(at: end)
      guard Self.isNumberSeparator(value), let next = digitRun(from: end + length) else { break }
      end = next
    }
    return end
  }

  /// The end of the run of number digits starting at `start`, or `nil` when none starts there.
  private func digitRun(from start: Int) -> Int? {
    var offset = start
    while offset < text.count {
      let byte = text[offset]
      if byte < 0x80 {
        guard byte.isASCIIDigit else { break }
        offset += 1
      } else {
        let (value, length) = text.scalar(at: offset)
        guard table.isNumberDigit(value) else { break }
        offset += length
      }
    }
    return offset > start ? offset : nil
  }

  /// Signs (class ES: `+ - −`) and terminators (class ET: currency, `% ٪ # ° ±`).
  @inline(__always)
  func isNumberPrefix(_ value: UInt32) -> Bool {
    if value < 0x80 { return Self.isASCIINumberPrefix(UInt8(value)) }
    let rawClass = table.rawClass(of: value)
    return rawClass == BidiClass.europeanSeparator.rawValue
      || rawClass == BidiClass.europeanTerminator.rawValue
  }

  /// ``isNumberPrefix(_:)`` for ASCII, where the classes ES and ET hold `# $ % + -`.
  @inline(__always)
  static func isASCIINumberPrefix(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "-"): true
    default: false
    }
  }

  /// What may join two groups of digits.
  @inline(__always)
  static func isNumberSeparator(_ value: UInt32) -> Bool {
    switch value {
    case 0x2E, 0x2C, 0x3A, 0x2D, 0x2F, 0x2B, 0x27,  // . , : - / + '
      0x2019,  // ’ (Swiss thousands)
      0x066B, 0x066C,  // Arabic decimal and thousands separators
      0x00A0, 0x202F,  // no-break and narrow no-break space (French thousands)
      0x2212:  // minus sign
      return true
    default:
      return false
    }
  }
}

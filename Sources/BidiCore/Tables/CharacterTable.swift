/// The generated table decoded into memory that lives as long as the process, for the scanners'
/// hot paths.
///
/// The scanners keep a copy of the table and look up every character in it, so its parts are
/// ``ImmortalArray``s, which a copy does not retain.
@_spi(BidiCore) public struct CharacterTable: Sendable {
  @usableFromInline let stage1: ImmortalArray<UInt8>
  @usableFromInline let stage2: ImmortalArray<UInt8>
  @usableFromInline let byteRoles: ImmortalArray<ByteRole>
  /// ``kind(of:)`` for ASCII, which the matchers ask about most: one load instead of the two-stage
  /// look-up and the special cases.
  @usableFromInline let asciiKinds: ImmortalArray<ScalarKind>
  /// ``isArabicOfInterest(lead:second:)`` as one bit mask per lead byte D7–DB, indexed by the second
  /// byte's low six bits, for the scanner's loop over runs of Hebrew and Arabic letters.
  @usableFromInline let hebrewArabicInterest: ImmortalArray<UInt64>

  /// What the scanning loop does at a byte that starts a character.
  @_spi(BidiCore) public enum ByteRole: UInt8, Sendable {
    /// An ASCII character that starts nothing: skip it.
    case skip
    /// An ASCII letter or digit: may start a word, an address or a number.
    case alphanumeric
    /// `" # $ % ' ( ) * + - . / : ; < = @ ] _ ~`, the backtick and line breaks: may start or end
    /// an entity, or end a paragraph.
    case trigger
    /// A non-ASCII lead byte: decode the character. (Hebrew, Arabic and CJK letters with nothing to
    /// find never get here: the scanner's plain-text loop skips them first.)
    case decode
  }

  /// The one table, built on first use and kept for the process.
  @_spi(BidiCore) public static let shared = CharacterTable()

  private init() {
    func nibble(_ byte: UInt8) -> UInt8 {
      byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : byte &- UInt8(ascii: "A") &+ 10
    }
    let stage1Text = Array(BidiClassTable.stage1Text.utf8)
    // The table must cover every code point, or a look-up could read past it.
    precondition(stage1Text.count / 2 == 0x11_0000 >> Int(BidiClassTable.blockShift))
    let stage1 = (0..<stage1Text.count / 2).map { nibble(stage1Text[2 * $0]) << 4 | nibble(stage1Text[2 * $0 + 1]) }
    var paletteIndex = [UInt8](repeating: 0, count: 128)
    for (index, character) in BidiClassTable.paletteCharacters.utf8.enumerated()
    where index < BidiClassTable.palette.count {
      paletteIndex[Int(character)] = BidiClassTable.palette[index]
    }
    let stage2 = Array(BidiClassTable.stage2Text.utf8).map { paletteIndex[Int($0 & 0x7F)] }
    // The blocks the scanner's plain-text loop skips (Hebrew, Arabic but for the masks below, CJK)
    // hold no bidi control, paragraph separator, sigil, digit, sign or terminator; the table test
    // checks this against the UCD for every code point in them.
    let roles = (0..<256).map { byte -> ByteRole in
      let value = UInt8(byte)
      return switch value {
      case _ where value.isASCIIAlphanumeric: .alphanumeric
      case 0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x22, 0x23, 0x24, 0x25, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2D, 0x2E, 0x2F, 0x3A,
        0x3B, 0x3C, 0x3D, 0x40, 0x5D, 0x5F, 0x60, 0x7E:
        .trigger
      case 0..<0x80: .skip
      default: .decode
      }
    }
    let shift = Int(BidiClassTable.blockShift)
    let asciiKinds = (0..<128).map { value in
      Self.kind(of: UInt32(value), entry: stage2[Int(stage1[value >> shift]) << shift | value & (1 << shift - 1)])
    }
    let masks = (UInt8(0xD7)...0xDB).map { lead in
      guard lead == 0xD8 || lead == 0xD9 || lead == 0xDB else { return UInt64(0) }
      return (UInt8(0x80)...0xBF).reduce(UInt64(0)) { mask, second in
        Self.isArabicOfInterest(lead: lead, second: second) ? mask | 1 << (second & 0x3F) : mask
      }
    }
    self.stage1 = ImmortalArray(stage1)
    self.stage2 = ImmortalArray(stage2)
    self.byteRoles = ImmortalArray(roles)
    self.asciiKinds = ImmortalArray(asciiKinds)
    self.hebrewArabicInterest = ImmortalArray(masks)
  }

  /// What the scanning loop does at `byte`.
  @inlinable @inline(__always)
  @_spi(BidiCore) public func role(of byte: UInt8) -> ByteRole { byteRoles[Int(byte)] }

  /// Whether the Arabic character with these two bytes is one the loop must decode: the number
  /// signs U+0600–U+0605, the terminators U+0609–U+060A, ALM (U+061C), the Arabic-Indic digits
  /// and separators U+0660–U+066C, U+06DD, and the extended digits U+06F0–U+06F9. The rest are
  /// letters and marks with nothing to find.
  @inlinable @inline(__always)
  @_spi(BidiCore) public static func isArabicOfInterest(lead: UInt8, second: UInt8) -> Bool {
    switch lead {
    case 0xD8: second <= 0x85 || second == 0x89 || second == 0x8A || second == 0x9C
    case 0xD9: second >= 0xA0 && second <= 0xAC
    default: second == 0x9D || (second >= 0xB0 && second <= 0xB9)
    }
  }

  /// ``isArabicOfInterest(lead:second:)`` for any lead byte from D7 to DB (U+05C0–U+06FF), where the
  /// Hebrew blocks hold nothing of interest.
  @inlinable @inline(__always)
  @_spi(BidiCore) public func isOfInterest(hebrewOrArabicLead lead: UInt8, second: UInt8) -> Bool {
    return hebrewArabicInterest[Int(lead &- 0xD7)] >> (second & 0x3F) & 1 != 0
  }

  /// The entry of a code point: class in the low five bits, kind in the high three.
  @inlinable @inline(__always)
  @_spi(BidiCore) public func entry(_ value: UInt32) -> UInt8 {
    let value = min(value, 0x10_FFFF)
    let shift = BidiClassTable.blockShift
    return stage2[Int(stage1[Int(value >> shift)]) << Int(shift) | Int(value & (1 << shift - 1))]
  }

  /// The ``BidiClass`` raw value of a code point.
  @inlinable @inline(__always)
  @_spi(BidiCore) public func rawClass(of value: UInt32) -> UInt8 { entry(value) & 0x1F }

  /// The kind of a scalar, with the characters the grammars treat specially told apart: joiners,
  /// bidi controls and paragraph separators.
  @inlinable @inline(__always)
  @_spi(BidiCore) public func kind(of value: UInt32) -> ScalarKind {
    if value < 0x80 { return asciiKinds[Int(value)] }
    return Self.kind(of: value, entry: entry(value))
  }

  @inlinable @inline(__always)
  static func kind(of value: UInt32, entry: UInt8) -> ScalarKind {
    let kind = ScalarKind(rawValue: entry >> 5)!
    switch kind {
    case .other:
      if value == 0x200C || value == 0x200D { return .joiner }
      if BidiControl(value: value) != nil { return .bidiControl }
      return entry & 0x1F == BidiClass.paragraphSeparator.rawValue ? .paragraphSeparator : .other
    case .space:
      return entry & 0x1F == BidiClass.paragraphSeparator.rawValue ? .paragraphSeparator : .space
    default:
      return kind
    }
  }

  /// The direction of a strong character (class L, R or AL); `nil` for any other.
  @inlinable @inline(__always)
  @_spi(BidiCore) public func strongDirection(of value: UInt32) -> TextDirection? {
    switch rawClass(of: value) {
    case 0: .leftToRight
    case 1, 2: .rightToLeft
    default: nil
    }
  }

  /// Whether `value` is a decimal digit the algorithm treats as a number (class EN or AN).
  @inlinable @inline(__always)
  @_spi(BidiCore) public func isNumberDigit(_ value: UInt32) -> Bool {
    if value < 0x80 { return value &- 0x30 < 10 }
    let rawClass = rawClass(of: value)
    guard rawClass == BidiClass.europeanNumber.rawValue || rawClass == BidiClass.arabicNumber.rawValue,
      kind(of: value) == .digit
    else { return false }
    return true
  }

  /// The value of a number digit (see ``isNumberDigit(_:)``): every run of them starts at a zero.
  @_spi(BidiCore) public func digitValue(_ value: UInt32) -> Int? {
    for range in BidiClassTable.numberDigitRanges where range.contains(value) {
      return Int(value - range.lowerBound) % 10
    }
    return nil
  }
}

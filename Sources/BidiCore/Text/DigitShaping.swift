/// Which digits a text shows: European (0–9), Arabic-Indic (٠–٩, U+0660–U+0669, used in Egypt and
/// the Gulf) or Extended Arabic-Indic (۰–۹, U+06F0–U+06F9, Iran, Afghanistan, Pakistan).
///
/// Converting changes how the digits reorder: European digits are class EN and Arabic-Indic ones
/// AN, so convert before the bidi algorithm runs, not after.
///
/// ```swift
/// DigitShaping.arabicIndic.apply(to: "الساعة 10:30")          // "الساعة ١٠:٣٠"
/// DigitShaping.european.apply(to: "۱۲۳ تومان")                 // "123 تومان"
/// DigitShaping.contextual().apply(to: "ID 42 ورقم 42")         // "ID 42 ورقم ٤٢"
/// ```
public enum DigitShaping: Sendable, Hashable {
  /// The three sets of decimal digits Arabic-script text uses.
  public enum Digits: String, Sendable, Hashable, CaseIterable {
    /// 0–9 (class EN).
    case european
    /// ٠–٩, U+0660–U+0669 (class AN).
    case arabicIndic
    /// ۰–۹, U+06F0–U+06F9 (class EN, shown in Persian and Urdu forms).
    case extendedArabicIndic

    /// The code point of this set's zero.
    public var zero: UInt32 {
      switch self {
      case .european: 0x30
      case .arabicIndic: 0x660
      case .extendedArabicIndic: 0x6F0
      }
    }
  }

  /// Digits as they are.
  case keep
  /// Every digit of the three sets becomes one of `digits`.
  case always(Digits)
  /// European digits become `digits` where the nearest strong character before them (class L, R
  /// or AL) is an Arabic letter (AL), as ICU's `U_SHAPE_DIGITS_ALEN2AN_INIT_AL` does; with
  /// `startsAfterArabicLetter`, digits before any strong character count as after one
  /// (`…_INIT_AL`), otherwise not (`…_INIT_LR`).
  case contextual(Digits = .arabicIndic, startsAfterArabicLetter: Bool = true)

  /// Every digit becomes European.
  public static let european = DigitShaping.always(.european)
  /// Every digit becomes Arabic-Indic.
  public static let arabicIndic = DigitShaping.always(.arabicIndic)
  /// Every digit becomes Extended Arabic-Indic (Persian).
  public static let persian = DigitShaping.always(.extendedArabicIndic)

  /// `text` with its digits converted; the same string when nothing changes.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func apply(to text: String) -> String {
    switch self {
    case .keep:
      return text
    case .always(let digits):
      return Self.map(text) { scalar, _ in
        Self.digitValue(of: scalar).map { digits.zero + $0 }
      }
    case .contextual(let digits, let startsAfterArabicLetter):
      var afterArabicLetter = startsAfterArabicLetter
      return Self.map(text) { scalar, _ in
        let bidiClass = BidiClass(scalar)
        if bidiClass == .arabicLetter {
          afterArabicLetter = true
        } else if bidiClass == .leftToRight || bidiClass == .rightToLeft {
          afterArabicLetter = false
        } else if afterArabicLetter, scalar.value &- 0x30 < 10 {
          return digits.zero + scalar.value - 0x30
        }
        return nil
      }
    }
  }

  /// The value 0–9 of a digit of any of the three sets.
  private static func digitValue(of scalar: Unicode.Scalar) -> UInt32? {
    for zero: UInt32 in [0x30, 0x660, 0x6F0] where scalar.value &- zero < 10 { return scalar.value - zero }
    return nil
  }

  /// `text` with each scalar for which `replacement` gives a value replaced by it.
  private static func map(_ text: String, _ replacement: (Unicode.Scalar, Int) -> UInt32?) -> String {
    var result = String.UnicodeScalarView()
    var changed = false
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if let value = replacement(scalar, offset), let new = Unicode.Scalar(value), new != scalar {
        result.append(new)
        changed = true
      } else {
        result.append(scalar)
      }
    }
    return changed ? String(result) : text
  }
}

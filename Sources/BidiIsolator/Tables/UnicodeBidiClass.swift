/// A Unicode Bidi_Class value, looked up in the isolator's own table (Unicode 15.0, generated from
/// the Unicode Character Database by `Scripts/gen-bidi-class-table`), with no C library behind it.
///
/// The isolator needs classes only to tell a strong character's direction and to recognise digits
/// and number signs, but the type carries all 23 values so it can be checked against any other
/// implementation.
///
/// ```swift
/// UnicodeBidiClass(Unicode.Scalar(0x0627)!)             // .arabicLetter
/// UnicodeBidiClass(Unicode.Scalar(0x0627)!).shortName   // "AL"
/// UnicodeBidiClass("a").strongDirection                 // .leftToRight
/// ```
public struct UnicodeBidiClass: RawRepresentable, Hashable, Sendable, CaseIterable,
  CustomStringConvertible
{
  /// The class's position in UAX #9's list: 0 for `L` through 22 for `PDI`.
  public let rawValue: UInt8

  /// The class with this raw value, if it is one of the 23.
  ///
  /// - Complexity: O(1).
  public init?(rawValue: UInt8) {
    guard rawValue < 23 else { return nil }
    self.rawValue = rawValue
  }

  @inline(__always)
  private init(unchecked rawValue: UInt8) { self.rawValue = rawValue }

  /// `L`: strong left to right.
  public static let leftToRight = UnicodeBidiClass(unchecked: 0)
  /// `R`: strong right to left, other than Arabic-script letters.
  public static let rightToLeft = UnicodeBidiClass(unchecked: 1)
  /// `AL`: Arabic, Syriac and Thaana letters.
  public static let arabicLetter = UnicodeBidiClass(unchecked: 2)
  /// `EN`: European digits.
  public static let europeanNumber = UnicodeBidiClass(unchecked: 3)
  /// `ES`: plus and minus signs.
  public static let europeanSeparator = UnicodeBidiClass(unchecked: 4)
  /// `ET`: currency, percent, degree and number signs.
  public static let europeanTerminator = UnicodeBidiClass(unchecked: 5)
  /// `AN`: Arabic-Indic digits and Arabic number separators.
  public static let arabicNumber = UnicodeBidiClass(unchecked: 6)
  /// `CS`: comma, full stop, colon, slash, no-break space.
  public static let commonSeparator = UnicodeBidiClass(unchecked: 7)
  /// `NSM`: nonspacing and enclosing marks.
  public static let nonspacingMark = UnicodeBidiClass(unchecked: 8)
  /// `BN`: default ignorables and control characters.
  public static let boundaryNeutral = UnicodeBidiClass(unchecked: 9)
  /// `B`: paragraph separators.
  public static let paragraphSeparator = UnicodeBidiClass(unchecked: 10)
  /// `S`: segment separators such as tab.
  public static let segmentSeparator = UnicodeBidiClass(unchecked: 11)
  /// `WS`: white space.
  public static let whiteSpace = UnicodeBidiClass(unchecked: 12)
  /// `ON`: every other neutral: punctuation, brackets, quotes, symbols.
  public static let otherNeutral = UnicodeBidiClass(unchecked: 13)
  /// `LRE`, U+202A.
  public static let leftToRightEmbedding = UnicodeBidiClass(unchecked: 14)
  /// `LRO`, U+202D.
  public static let leftToRightOverride = UnicodeBidiClass(unchecked: 15)
  /// `RLE`, U+202B.
  public static let rightToLeftEmbedding = UnicodeBidiClass(unchecked: 16)
  /// `RLO`, U+202E.
  public static let rightToLeftOverride = UnicodeBidiClass(unchecked: 17)
  /// `PDF`, U+202C.
  public static let popDirectionalFormat = UnicodeBidiClass(unchecked: 18)
  /// `LRI`, U+2066.
  public static let leftToRightIsolate = UnicodeBidiClass(unchecked: 19)
  /// `RLI`, U+2067.
  public static let rightToLeftIsolate = UnicodeBidiClass(unchecked: 20)
  /// `FSI`, U+2068.
  public static let firstStrongIsolate = UnicodeBidiClass(unchecked: 21)
  /// `PDI`, U+2069.
  public static let popDirectionalIsolate = UnicodeBidiClass(unchecked: 22)

  /// The 23 classes, in the order of their raw values.
  public static let allCases: [UnicodeBidiClass] = (0..<23).map { UnicodeBidiClass(unchecked: $0) }

  private static let shortNames = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRE", "LRO",
    "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
  ]

  /// The class of `scalar`.
  ///
  /// ```swift
  /// UnicodeBidiClass(Unicode.Scalar(0x05D0)!)   // .rightToLeft (HEBREW LETTER ALEF)
  /// ```
  ///
  /// - Complexity: O(1): two table reads.
  public init(_ scalar: Unicode.Scalar) {
    self.init(unchecked: CharacterTable.shared.rawClass(of: scalar.value))
  }

  /// The class of any code point, surrogates included, or `nil` above U+10FFFF.
  ///
  /// ```swift
  /// UnicodeBidiClass(codePoint: 0x10FFFF)   // .boundaryNeutral (a noncharacter)
  /// ```
  ///
  /// - Complexity: O(1).
  public init?(codePoint: UInt32) {
    guard codePoint <= 0x10_FFFF else { return nil }
    self.init(unchecked: CharacterTable.shared.rawClass(of: codePoint))
  }

  /// The abbreviation UAX #9 and the data files use, such as `"AL"` or `"PDI"`.
  public var shortName: String { Self.shortNames[Int(rawValue)] }

  /// The direction of a strong class (`L`, `R`, `AL`); `nil` for weak and neutral classes.
  ///
  /// ```swift
  /// UnicodeBidiClass.arabicLetter.strongDirection   // .rightToLeft
  /// UnicodeBidiClass.europeanNumber.strongDirection // nil
  /// ```
  public var strongDirection: TextDirection? {
    switch rawValue {
    case 0: .leftToRight
    case 1, 2: .rightToLeft
    default: nil
    }
  }

  /// The Unicode version of the table: `"15.0.0"`.
  public static var unicodeVersion: String { BidiClassTable.unicodeVersion }

  /// The short name, which `description` shows.
  public var description: String { shortName }
}

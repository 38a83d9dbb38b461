/// A Unicode Bidi_Class value: the property the bidirectional algorithm (UAX #9) starts from.
///
/// The 23 classes are values of a small `RawRepresentable` struct, in the manner of swift-system's
/// wrappers, so the engine can hold one per scalar in a byte. ``init(_:)`` reads the package's own
/// table of Unicode 15.0 (generated from the Unicode Character Database by
/// `Scripts/gen-bidi-class-table`), the same on every system; the engine resolves text with the
/// classes of the libfribidi it loads, which `BidiText.classes` reports.
///
/// ```swift
/// BidiClass(Unicode.Scalar(0x0627)!)   // .arabicLetter
/// BidiClass(shortName: "EN")           // .europeanNumber
/// BidiClass.europeanNumber.shortName   // "EN"
/// ```
public struct BidiClass: RawRepresentable, Hashable, Sendable, BitwiseCopyable, CaseIterable, CustomStringConvertible {
  /// The class's number, 0 to 22, in the order of UAX #9's table of classes.
  public let rawValue: UInt8

  /// The class with this raw value, if it is one of the 23.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init?(rawValue: UInt8) {
    guard rawValue < 23 else { return nil }
    self.rawValue = rawValue
  }

  /// The class with this raw value, which the caller knows to be one of the 23, or a value the
  /// engine uses internally as a marker of its own.
  @inlinable @inline(__always)
  @_spi(BidiCore) public init(unchecked rawValue: UInt8) { self.rawValue = rawValue }

  /// ``init(unchecked:)`` for the class's own inlinable constants, which may not use SPI.
  @usableFromInline @inline(__always)
  init(knownValid rawValue: UInt8) { self.rawValue = rawValue }

  /// `L` (Left_To_Right): any strong left-to-right character.
  @inlinable public static var leftToRight: BidiClass { BidiClass(knownValid: 0) }
  /// `R` (Right_To_Left): any strong right-to-left character other than Arabic-script letters.
  @inlinable public static var rightToLeft: BidiClass { BidiClass(knownValid: 1) }
  /// `AL` (Arabic_Letter): Arabic, Thaana and Syriac letters.
  @inlinable public static var arabicLetter: BidiClass { BidiClass(knownValid: 2) }
  /// `EN` (European_Number): ASCII and other European digits.
  @inlinable public static var europeanNumber: BidiClass { BidiClass(knownValid: 3) }
  /// `ES` (European_Separator): plus and minus signs.
  @inlinable public static var europeanSeparator: BidiClass { BidiClass(knownValid: 4) }
  /// `ET` (European_Terminator): degree, currency and percent signs, and the like.
  @inlinable public static var europeanTerminator: BidiClass { BidiClass(knownValid: 5) }
  /// `AN` (Arabic_Number): Arabic-Indic digits and Arabic decimal and thousands separators.
  @inlinable public static var arabicNumber: BidiClass { BidiClass(knownValid: 6) }
  /// `CS` (Common_Separator): colon, comma, full stop, no-break space.
  @inlinable public static var commonSeparator: BidiClass { BidiClass(knownValid: 7) }
  /// `NSM` (Nonspacing_Mark): nonspacing and enclosing combining marks.
  @inlinable public static var nonspacingMark: BidiClass { BidiClass(knownValid: 8) }
  /// `BN` (Boundary_Neutral): default ignorables, other control characters.
  @inlinable public static var boundaryNeutral: BidiClass { BidiClass(knownValid: 9) }
  /// `B` (Paragraph_Separator): line feed, carriage return, U+2029 and other paragraph separators.
  @inlinable public static var paragraphSeparator: BidiClass { BidiClass(knownValid: 10) }
  /// `S` (Segment_Separator): tab and other segment separators.
  @inlinable public static var segmentSeparator: BidiClass { BidiClass(knownValid: 11) }
  /// `WS` (White_Space): space, figure space, line separator, form feed.
  @inlinable public static var whiteSpace: BidiClass { BidiClass(knownValid: 12) }
  /// `ON` (Other_Neutral): all other characters, including brackets, quotes and symbols.
  @inlinable public static var otherNeutral: BidiClass { BidiClass(knownValid: 13) }
  /// `LRE` (Left_To_Right_Embedding): U+202A.
  @inlinable public static var leftToRightEmbedding: BidiClass { BidiClass(knownValid: 14) }
  /// `LRO` (Left_To_Right_Override): U+202D.
  @inlinable public static var leftToRightOverride: BidiClass { BidiClass(knownValid: 15) }
  /// `RLE` (Right_To_Left_Embedding): U+202B.
  @inlinable public static var rightToLeftEmbedding: BidiClass { BidiClass(knownValid: 16) }
  /// `RLO` (Right_To_Left_Override): U+202E.
  @inlinable public static var rightToLeftOverride: BidiClass { BidiClass(knownValid: 17) }
  /// `PDF` (Pop_Directional_Format): U+202C.
  @inlinable public static var popDirectionalFormat: BidiClass { BidiClass(knownValid: 18) }
  /// `LRI` (Left_To_Right_Isolate): U+2066.
  @inlinable public static var leftToRightIsolate: BidiClass { BidiClass(knownValid: 19) }
  /// `RLI` (Right_To_Left_Isolate): U+2067.
  @inlinable public static var rightToLeftIsolate: BidiClass { BidiClass(knownValid: 20) }
  /// `FSI` (First_Strong_Isolate): U+2068.
  @inlinable public static var firstStrongIsolate: BidiClass { BidiClass(knownValid: 21) }
  /// `PDI` (Pop_Directional_Isolate): U+2069.
  @inlinable public static var popDirectionalIsolate: BidiClass { BidiClass(knownValid: 22) }

  /// The 23 classes, in the order of their raw values.
  public static let allCases: [BidiClass] = (0..<23).map { BidiClass(knownValid: $0) }

  private static let shortNames = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRE", "LRO", "RLE", "RLO", "PDF",
    "LRI", "RLI", "FSI", "PDI",
  ]

  private static let longNames = [
    "Left_To_Right", "Right_To_Left", "Arabic_Letter", "European_Number", "European_Separator", "European_Terminator",
    "Arabic_Number", "Common_Separator", "Nonspacing_Mark", "Boundary_Neutral", "Paragraph_Separator",
    "Segment_Separator", "White_Space", "Other_Neutral", "Left_To_Right_Embedding", "Left_To_Right_Override",
    "Right_To_Left_Embedding", "Right_To_Left_Override", "Pop_Directional_Format", "Left_To_Right_Isolate",
    "Right_To_Left_Isolate", "First_Strong_Isolate", "Pop_Directional_Isolate",
  ]

  /// The abbreviation UAX #9 and the Unicode data files use, such as `"AL"` or `"PDI"`.
  public var shortName: String { Self.shortNames[Int(rawValue)] }

  /// The long property value alias, such as `"Arabic_Letter"`.
  public var longName: String { Self.longNames[Int(rawValue)] }

  /// The short name, such as `AL`.
  public var description: String { shortName }

  /// The class with this abbreviation (`"L"`, `"AL"`, `"PDI"`, …) or long alias, if there is one.
  public init?(shortName name: String) {
    guard let index = Self.shortNames.firstIndex(of: name) ?? Self.longNames.firstIndex(of: name) else {
      return nil
    }
    self.init(unchecked: UInt8(index))
  }

  /// The class of `scalar`, from the package's Unicode 15.0 table.
  ///
  /// ```swift
  /// BidiClass("א")          // .rightToLeft
  /// BidiClass("\u{2067}")   // .rightToLeftIsolate
  /// ```
  ///
  /// - Complexity: O(1): two table reads.
  public init(_ scalar: Unicode.Scalar) {
    self.init(unchecked: CharacterTable.shared.rawClass(of: scalar.value))
  }

  /// The class of any code point, surrogates included (which no `Unicode.Scalar` can hold), or
  /// `nil` past U+10FFFF.
  ///
  /// ```swift
  /// BidiClass(codePoint: 0x10FFFF)   // .boundaryNeutral (a noncharacter)
  /// ```
  ///
  /// - Complexity: O(1).
  public init?(codePoint: UInt32) {
    guard codePoint <= 0x10_FFFF else { return nil }
    self.init(unchecked: CharacterTable.shared.rawClass(of: codePoint))
  }

  /// The direction of a strong class (`L`, `R`, `AL`); `nil` for weak and neutral classes.
  ///
  /// ```swift
  /// BidiClass.arabicLetter.strongDirection     // .rightToLeft
  /// BidiClass.europeanNumber.strongDirection   // nil
  /// ```
  public var strongDirection: TextDirection? {
    switch rawValue {
    case 0: .leftToRight
    case 1, 2: .rightToLeft
    default: nil
    }
  }

  /// The Unicode version of the table ``init(_:)`` reads: `"15.0.0"`.
  public static var unicodeVersion: String { BidiClassTable.unicodeVersion }
}

/// A Unicode Bidi_Class value: the property the bidirectional algorithm (UAX #9) starts from.
///
/// The 23 classes are values of a small `RawRepresentable` struct, in the manner of swift-system's
/// wrappers, so the engine can hold one per scalar in a byte.
///
/// ```swift
/// BidiClass(Unicode.Scalar(0x0627)!)   // .arabicLetter
/// BidiClass(shortName: "EN")           // .europeanNumber
/// BidiClass.europeanNumber.shortName   // "EN"
/// ```
@available(SwiftStdlib 6.2, *)
public struct BidiClass: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  public let rawValue: UInt8

  @inlinable
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// `L` (Left_To_Right): any strong left-to-right character.
  public static let leftToRight = BidiClass(rawValue: 0)
  /// `R` (Right_To_Left): any strong right-to-left character other than Arabic-script letters.
  public static let rightToLeft = BidiClass(rawValue: 1)
  /// `AL` (Arabic_Letter): Arabic, Thaana and Syriac letters.
  public static let arabicLetter = BidiClass(rawValue: 2)
  /// `EN` (European_Number): ASCII and other European digits.
  public static let europeanNumber = BidiClass(rawValue: 3)
  /// `ES` (European_Separator): plus and minus signs.
  public static let europeanSeparator = BidiClass(rawValue: 4)
  /// `ET` (European_Terminator): degree, currency and percent signs, and the like.
  public static let europeanTerminator = BidiClass(rawValue: 5)
  /// `AN` (Arabic_Number): Arabic-Indic digits and Arabic decimal and thousands separators.
  public static let arabicNumber = BidiClass(rawValue: 6)
  /// `CS` (Common_Separator): colon, comma, full stop, no-break space.
  public static let commonSeparator = BidiClass(rawValue: 7)
  /// `NSM` (Nonspacing_Mark): nonspacing and enclosing combining marks.
  public static let nonspacingMark = BidiClass(rawValue: 8)
  /// `BN` (Boundary_Neutral): default ignorables, other control characters.
  public static let boundaryNeutral = BidiClass(rawValue: 9)
  /// `B` (Paragraph_Separator): line feed, carriage return, U+2029 and other paragraph separators.
  public static let paragraphSeparator = BidiClass(rawValue: 10)
  /// `S` (Segment_Separator): tab and other segment separators.
  public static let segmentSeparator = BidiClass(rawValue: 11)
  /// `WS` (White_Space): space, figure space, line separator, form feed.
  public static let whiteSpace = BidiClass(rawValue: 12)
  /// `ON` (Other_Neutral): all other characters, including brackets, quotes and symbols.
  public static let otherNeutral = BidiClass(rawValue: 13)
  /// `LRE` (Left_To_Right_Embedding): U+202A.
  public static let leftToRightEmbedding = BidiClass(rawValue: 14)
  /// `LRO` (Left_To_Right_Override): U+202D.
  public static let leftToRightOverride = BidiClass(rawValue: 15)
  /// `RLE` (Right_To_Left_Embedding): U+202B.
  public static let rightToLeftEmbedding = BidiClass(rawValue: 16)
  /// `RLO` (Right_To_Left_Override): U+202E.
  public static let rightToLeftOverride = BidiClass(rawValue: 17)
  /// `PDF` (Pop_Directional_Format): U+202C.
  public static let popDirectionalFormat = BidiClass(rawValue: 18)
  /// `LRI` (Left_To_Right_Isolate): U+2066.
  public static let leftToRightIsolate = BidiClass(rawValue: 19)
  /// `RLI` (Right_To_Left_Isolate): U+2067.
  public static let rightToLeftIsolate = BidiClass(rawValue: 20)
  /// `FSI` (First_Strong_Isolate): U+2068.
  public static let firstStrongIsolate = BidiClass(rawValue: 21)
  /// `PDI` (Pop_Directional_Isolate): U+2069.
  public static let popDirectionalIsolate = BidiClass(rawValue: 22)

  public static let allCases: [BidiClass] = (0..<23).map { BidiClass(rawValue: $0) }

  private static let shortNames = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]

  private static let longNames = ["Left_To_Right", "Right_To_Left", "Arabic_Letter", "European_Number", "European_Separator", "European_Terminator", "Arabic_Number", "Common_Separator", "Nonspacing_Mark", "Boundary_Neutral", "Paragraph_Separator", "Segment_Separator", "White_Space", "Other_Neutral", "Left_To_Right_Embedding", "Left_To_Right_Override", "Right_To_Left_Embedding", "Right_To_Left_Override", "Pop_Directional_Format", "Left_To_Right_Isolate", "Right_To_Left_Isolate", "First_Strong_Isolate", "Pop_Directional_Isolate"]

  /// The abbreviation UAX #9 and the Unicode data files use, such as `"AL"` or `"PDI"`.
  public var shortName: String { Self.shortNames[Int(rawValue)] }

  /// The long property value alias, such as `"Arabic_Letter"`.
  public var longName: String { Self.longNames[Int(rawValue)] }

  public var description: String { shortName }

  /// The class with this abbreviation (`"L"`, `"AL"`, `"PDI"`, …) or long alias, if there is one.
  public init?(shortName name: String) {
    guard let index = Self.shortNames.firstIndex(of: name) ?? Self.longNames.firstIndex(of: name) else {
      return nil
    }
    self.init(rawValue: UInt8(index))
  }
}

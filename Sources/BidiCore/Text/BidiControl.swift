/// The twelve characters that steer the bidirectional algorithm: embeddings, overrides, isolates,
/// their terminators, and the three implicit marks. The raw value is the code point.
///
/// ```swift
/// BidiControl(Unicode.Scalar(0x2067)!)    // .rightToLeftIsolate
/// BidiControl.popDirectionalIsolate.abbreviation   // "PDI"
/// ```
public enum BidiControl: UInt32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// LRE, U+202A: starts a left-to-right embedding.
  case leftToRightEmbedding = 0x202A
  /// RLE, U+202B: starts a right-to-left embedding.
  case rightToLeftEmbedding = 0x202B
  /// PDF, U+202C: ends the innermost embedding or override.
  case popDirectionalFormatting = 0x202C
  /// LRO, U+202D: starts a left-to-right override.
  case leftToRightOverride = 0x202D
  /// RLO, U+202E: starts a right-to-left override, which shows the text after it reversed.
  case rightToLeftOverride = 0x202E
  /// LRI, U+2066: starts a left-to-right isolate.
  case leftToRightIsolate = 0x2066
  /// RLI, U+2067: starts a right-to-left isolate.
  case rightToLeftIsolate = 0x2067
  /// FSI, U+2068: starts an isolate whose direction is that of its first strong character.
  case firstStrongIsolate = 0x2068
  /// PDI, U+2069: ends the innermost isolate, and any embedding opened inside it.
  case popDirectionalIsolate = 0x2069
  /// LRM, U+200E: an invisible strong left-to-right character.
  case leftToRightMark = 0x200E
  /// RLM, U+200F: an invisible strong right-to-left character.
  case rightToLeftMark = 0x200F
  /// ALM, U+061C: an invisible strong Arabic letter.
  case arabicLetterMark = 0x061C

  /// The control that `scalar` is, or `nil` for any other character.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init?(_ scalar: Unicode.Scalar) {
    self.init(rawValue: scalar.value)
  }

  /// The character itself.
  public var scalar: Unicode.Scalar { Unicode.Scalar(rawValue)! }

  /// The abbreviation UAX #9 uses: `"LRE"`, `"PDI"`, `"RLM"`…
  public var abbreviation: String {
    switch self {
    case .leftToRightEmbedding: "LRE"
    case .rightToLeftEmbedding: "RLE"
    case .popDirectionalFormatting: "PDF"
    case .leftToRightOverride: "LRO"
    case .rightToLeftOverride: "RLO"
    case .leftToRightIsolate: "LRI"
    case .rightToLeftIsolate: "RLI"
    case .firstStrongIsolate: "FSI"
    case .popDirectionalIsolate: "PDI"
    case .leftToRightMark: "LRM"
    case .rightToLeftMark: "RLM"
    case .arabicLetterMark: "ALM"
    }
  }

  /// Whether this control opens an embedding or an override, which a PDF closes.
  public var isEmbeddingInitiator: Bool {
    switch self {
    case .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride: true
    default: false
    }
  }

  /// Whether this control opens an isolate, which a PDI closes.
  public var isIsolateInitiator: Bool {
    switch self {
    case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate: true
    default: false
    }
  }

  /// Whether this is LRO or RLO, which force a direction on every character they cover.
  public var isOverride: Bool { self == .leftToRightOverride || self == .rightToLeftOverride }

  /// Whether this is one of the three implicit marks, which never need closing.
  public var isMark: Bool {
    self == .leftToRightMark || self == .rightToLeftMark || self == .arabicLetterMark
  }

  /// The direction a mark stands for; `nil` for the other controls.
  public var markDirection: TextDirection? {
    switch self {
    case .leftToRightMark: .leftToRight
    case .rightToLeftMark, .arabicLetterMark: .rightToLeft
    default: nil
    }
  }

  /// The abbreviation, which `description` shows.
  public var description: String { abbreviation }

  /// The three UTF-8 bytes of the controls the isolator inserts (all but ALM).
  @inlinable @inline(__always)
  @_spi(BidiCore) public var utf8Bytes: (UInt8, UInt8, UInt8) {
    (0xE2, UInt8(0x80 | (rawValue >> 6) & 0x3F), UInt8(0x80 | rawValue & 0x3F))
  }

  /// The control encoded at the start of a scalar value, for the scanners, which decode values.
  @inlinable @inline(__always)
  @_spi(BidiCore) public init?(value: UInt32) {
    switch value {
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: self.init(rawValue: value)
    default: return nil
    }
  }
}

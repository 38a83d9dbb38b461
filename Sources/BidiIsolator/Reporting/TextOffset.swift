/// How positions in text are counted: UTF-8 bytes (a server's buffers, Rust and Go strings), UTF-16
/// code units (`NSRange`, `NSString`, JavaScript) or Unicode scalars (Python, Twitter's entity
/// indices, the engine's offsets).
///
/// ```swift
/// let offset = TextOffset(utf8: 7, utf16: 4, scalars: 3)   // after "aب😀"
/// offset[.utf16]                                          // 4
/// ```
public enum OffsetUnit: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// UTF-8 bytes.
  case utf8
  /// UTF-16 code units, as `NSRange` counts.
  case utf16
  /// Unicode scalars.
  case scalars

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

/// A position in a text, counted in each ``OffsetUnit``.
///
/// ```swift
/// let offset = TextOffset(utf8: 7, utf16: 4, scalars: 3)
/// offset[.scalars]   // 3
/// ```
public struct TextOffset: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The position in UTF-8 bytes.
  public let utf8: Int
  /// The position in UTF-16 code units.
  public let utf16: Int
  /// The position in Unicode scalars.
  public let scalars: Int

  /// A position counted three ways; the isolator is what normally makes them.
  ///
  /// - Complexity: O(1).
  public init(utf8: Int, utf16: Int, scalars: Int) {
    self.utf8 = utf8
    self.utf16 = utf16
    self.scalars = scalars
  }

  /// The start of a text.
  public static let zero = TextOffset(utf8: 0, utf16: 0, scalars: 0)

  /// The position counted in `unit`.
  ///
  /// - Complexity: O(1).
  public subscript(unit: OffsetUnit) -> Int {
    switch unit {
    case .utf8: utf8
    case .utf16: utf16
    case .scalars: scalars
    }
  }

  /// Whether `lhs` comes before `rhs`; positions in one text are ordered the same in every unit.
  ///
  /// - Complexity: O(1).
  public static func < (lhs: TextOffset, rhs: TextOffset) -> Bool { lhs.utf8 < rhs.utf8 }

  /// `utf8/utf16/scalars`.
  public var description: String { "\(utf8)/\(utf16)/\(scalars)" }

  /// This position moved past `control`: 1 scalar, 1 UTF-16 unit and 3 bytes (2 for ALM).
  func advanced(past control: BidiControl) -> TextOffset {
    TextOffset(utf8: utf8 + (control == .arabicLetterMark ? 2 : 3), utf16: utf16 + 1, scalars: scalars + 1)
  }
}

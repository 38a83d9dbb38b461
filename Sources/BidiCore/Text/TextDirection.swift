/// The direction a run of text reads in.
///
/// The raw values are the spellings of HTML's `dir` attribute, so command-line options and JSON can
/// use them directly.
///
/// ```swift
/// TextDirection(rawValue: "rtl")        // .rightToLeft
/// TextDirection.leftToRight.reversed    // .rightToLeft
/// ```
public enum TextDirection: String, Sendable, Hashable, CaseIterable, CustomStringConvertible, BitwiseCopyable {
  /// Left to right, like Latin, Chinese or Japanese text.
  case leftToRight = "ltr"
  /// Right to left, like Arabic, Hebrew or Persian text.
  case rightToLeft = "rtl"

  /// The other direction.
  ///
  /// - Complexity: O(1).
  public var reversed: TextDirection { self == .leftToRight ? .rightToLeft : .leftToRight }

  /// The mark of this direction: LRM or RLM.
  ///
  /// ```swift
  /// TextDirection.rightToLeft.mark   // .rightToLeftMark (U+200F)
  /// ```
  ///
  /// - Complexity: O(1).
  public var mark: BidiControl { self == .leftToRight ? .leftToRightMark : .rightToLeftMark }

  /// The isolate initiator of this direction: LRI or RLI.
  ///
  /// - Complexity: O(1).
  public var isolate: BidiControl {
    self == .leftToRight ? .leftToRightIsolate : .rightToLeftIsolate
  }

  /// The embedding initiator of this direction: LRE or RLE.
  ///
  /// - Complexity: O(1).
  public var embedding: BidiControl {
    self == .leftToRight ? .leftToRightEmbedding : .rightToLeftEmbedding
  }

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

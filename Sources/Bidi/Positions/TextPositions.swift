@_spi(BidiCore) import BidiCore

/// Converts the engine's scalar offsets to the other ways of pointing into a string: `String.Index`,
/// UTF-16 offsets (what `NSRange` holds) and UTF-8 offsets (byte positions in a file).
///
/// ```swift
/// let text = try BidiText("😀 שלום")
/// let positions = text.positions
/// positions.utf16Offset(ofScalar: 2)    // 3: the emoji takes two UTF-16 code units
/// positions.utf8Offset(ofScalar: 2)     // 5
/// positions.scalarOffset(ofUTF16: 3)    // 2
/// ```
///
/// - Complexity: Creating it is O(*n*); each conversion is O(1), or O(log *n*) from UTF-16 or UTF-8.
@available(SwiftStdlib 6.2, *)
public struct TextPositions: Sendable {
  private let utf16Starts: [Int]
  private let utf8Starts: [Int]

  /// Positions for a sequence of scalars.
  public init(scalars: some Sequence<Unicode.Scalar>) {
    var utf16: [Int] = [0]
    var utf8: [Int] = [0]
    for scalar in scalars {
      utf16.append(utf16[utf16.count - 1] + UTF16.width(scalar))
      utf8.append(utf8[utf8.count - 1] + UTF8.width(scalar))
    }
    utf16Starts = utf16
    utf8Starts = utf8
  }

  /// The number of scalars covered.
  public var scalarCount: Int { utf16Starts.count - 1 }

  /// The UTF-16 offset where scalar `offset` starts (`scalarCount` gives the total length).
  public func utf16Offset(ofScalar offset: Int) -> Int { utf16Starts[offset] }

  /// The UTF-8 offset where scalar `offset` starts.
  public func utf8Offset(ofScalar offset: Int) -> Int { utf8Starts[offset] }

  /// A scalar range as a UTF-16 range, ready for `NSRange(_:)`.
  public func utf16Range(ofScalars range: Range<Int>) -> Range<Int> {
    utf16Starts[range.lowerBound]..<utf16Starts[range.upperBound]
  }

  /// A scalar range as a UTF-8 byte range.
  public func utf8Range(ofScalars range: Range<Int>) -> Range<Int> {
    utf8Starts[range.lowerBound]..<utf8Starts[range.upperBound]
  }

  /// The scalar that starts at UTF-16 offset `offset`, or `nil` inside a surrogate pair or past the end.
  public func scalarOffset(ofUTF16 offset: Int) -> Int? { Self.find(offset, in: utf16Starts) }

  /// The scalar that starts at UTF-8 offset `offset`, or `nil` inside a scalar or past the end.
  public func scalarOffset(ofUTF8 offset: Int) -> Int? { Self.find(offset, in: utf8Starts) }

  /// The `String.Index` of scalar `offset` in `string`, which must be the string these positions
  /// were made from.
  public func index(ofScalar offset: Int, in string: String) -> String.Index {
    string.utf8.index(string.utf8.startIndex, offsetBy: utf8Starts[offset])
  }

  /// A scalar range as a range of `String.Index` in `string`.
  public func range(ofScalars range: Range<Int>, in string: String) -> Range<String.Index> {
    index(ofScalar: range.lowerBound, in: string)..<index(ofScalar: range.upperBound, in: string)
  }

  /// The scalar offset of `index` in `string`.
  public func scalarOffset(of index: String.Index, in string: String) -> Int? {
    scalarOffset(ofUTF8: string.utf8.distance(from: string.utf8.startIndex, to: index))
  }

  private static func find(_ value: Int, in starts: [Int]) -> Int? {
    let low = starts.partitionIndex { $0 >= value }
    return low < starts.count && starts[low] == value ? low : nil
  }
}

@available(SwiftStdlib 6.2, *)
extension BidiText {
  /// Offset conversions for this text.
  public var positions: TextPositions { TextPositions(scalars: storage.scalars) }
}

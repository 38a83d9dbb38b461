@_spi(BidiCore) import BidiCore

/// How many terminal cells text takes, as terminals that lay text out with the C library's
/// `wcwidth` draw it: East Asian wide and fullwidth characters take 2 cells, combining marks and
/// format characters 0, everything else 1.
///
/// The widths come from CellWidthTable.swift, which `Scripts/gen-cell-width-table` generates from
/// the Unicode Character Database with the rules glibc derives its `wcwidth` from, so chat lines
/// padded or truncated with these widths line up in a terminal.
///
/// Two departures from `wcwidth`, both so that every answer is a usable cell count:
/// - Control characters (C0, DEL, C1) count 0 where `wcwidth` answers -1: a terminal acts on them
///   instead of drawing them, and callers escape them before display anyway.
/// - Unassigned code points count 1, or 2 in the ranges Unicode reserves for CJK ideographs (their
///   East_Asian_Width default), where `wcwidth` answers -1: a terminal with newer data or a
///   fallback glyph still draws them, and that is the width it will most likely give them.
@available(SwiftStdlib 6.2, *)
public enum CellWidth {
  /// The version of the Unicode Character Database the widths were generated from.
  public static var unicodeVersion: String { CellWidthTable.unicodeVersion }

  /// The number of terminal cells `scalar` takes: 0, 1 or 2.
  ///
  /// ```swift
  /// CellWidth.of("a" as Unicode.Scalar)        // 1
  /// CellWidth.of("我" as Unicode.Scalar)       // 2, CJK ideograph
  /// CellWidth.of("\u{301}" as Unicode.Scalar)  // 0, combining acute accent
  /// CellWidth.of("\u{200D}" as Unicode.Scalar) // 0, zero width joiner
  /// ```
  ///
  /// - Complexity: O(1) for ASCII, O(log *n*) otherwise, where *n* is the number of runs of equal
  ///   width in the table (under a thousand).
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x80 {
      return widthOfASCII(UInt8(truncatingIfNeeded: value))
    }
    return Int(CellWidthTable.rangeWidths[indexOfRun(containing: value)])
  }

  /// The number of terminal cells `text` takes: the sum of its Unicode scalars' widths, which is
  /// what `wcswidth` counts.
  ///
  /// ```swift
  /// CellWidth.of("hello")          // 5
  /// CellWidth.of("مرحبا @我")      // 9: five Arabic letters, a space, "@", and a 2-cell ideograph
  /// CellWidth.of("e\u{301}")       // 1: the combining accent sits on the "e"
  /// ```
  ///
  /// Emoji sequences count each scalar: "👍🏽" (thumbs up with a skin tone modifier) is 4, as in a
  /// terminal that draws by `wcwidth`. Terminals that cluster graphemes draw such a sequence in 2.
  ///
  /// - Complexity: O(*m*) for ASCII text of *m* UTF-8 bytes; O(*m* log *n*) otherwise, where *n* is the
  ///   number of runs of equal width in the table (under a thousand).
  public static func of(_ text: some StringProtocol) -> Int {
    // Chat text is mostly ASCII; reading bytes skips decoding scalars until the first byte that
    // is not ASCII, which always starts a scalar, so the rest can be read as scalars from there.
    let utf8 = text.utf8
    var width = 0
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte >= 0x80 {
        for scalar in text.unicodeScalars[index...] {
          width += of(scalar)
        }
        return width
      }
      width += widthOfASCII(byte)
      utf8.formIndex(after: &index)
    }
    return width
  }

  /// The width of each code point of `range`, in order: ``of(_:)-(Unicode.Scalar)`` for every one
  /// that is a scalar, and the table's width for surrogates, which are not. For the tables of a
  /// whole plane made on first use, which would otherwise search the table again for every code
  /// point of a run.
  ///
  /// - Complexity: O(*m* + *n*) for *m* code points and *n* runs in the table.
  package static func widths(of range: Range<UInt32>) -> [UInt8] {
    var widths: [UInt8] = []
    widths.reserveCapacity(range.count)
    let starts = CellWidthTable.rangeStarts
    var run = indexOfRun(containing: range.lowerBound)
    var value = range.lowerBound
    // The table's widths of U+0000...U+007F are those of `widthOfASCII(_:)`.
    while value < range.upperBound {
      let end = run + 1 < starts.count ? min(starts[run + 1], range.upperBound) : range.upperBound
      widths.append(contentsOf: repeatElement(CellWidthTable.rangeWidths[run], count: Int(end - value)))
      value = end
      run += 1
    }
    return widths
  }

  /// The same answer as the table for U+0000...U+007F, without the search: printable ASCII takes
  /// 1 cell, the C0 controls and DEL 0.
  @inline(__always)
  private static func widthOfASCII(_ byte: UInt8) -> Int {
    byte >= 0x20 && byte != 0x7F ? 1 : 0
  }

  /// The index of the last run in ``CellWidthTable/rangeStarts`` that starts at or before `value`.
  private static func indexOfRun(containing value: UInt32) -> Int {
    // starts[0] is 0, so some run starts at or before `value`.
    CellWidthTable.rangeStarts.partitionIndex { $0 > value } - 1
  }
}

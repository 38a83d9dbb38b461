@_spi(BidiCore) import BidiCore

/// One resolved paragraph of a ``BidiText``.
///
/// ```swift
/// let paragraph = try BidiText("اتصل ⁨@علي⁩ ⁨+1-555⁩").paragraphs[0]
/// paragraph.direction                   // .rightToLeft
/// paragraph.levels.map { $0?.rawValue } // [1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1]
/// ```
@available(SwiftStdlib 6.2, *)
public struct BidiParagraph: Sendable {
  internal let storage: TextStorage
  /// Levels after rule I2 (before the line rules), one per scalar; `LevelResolver.removedLevel`
  /// marks characters rule X9 removes.
  internal let resolvedLevels: [UInt8]

  /// Where the paragraph lies in the text, in scalar offsets, its separator included.
  public let range: Range<Int>

  /// The paragraph's base direction, given or detected (rules P2–P3).
  public let direction: TextDirection

  /// The paragraph embedding level: 0 for left to right, 1 for right to left.
  public var baseLevel: BidiLevel { BidiLevel(rawValue: direction == .rightToLeft ? 1 : 0) }

  init(
    storage: TextStorage, range: Range<Int>, brackets: Span<UInt32>, direction: BaseDirection,
    libraryAlone: Bool = false
  ) throws(BidiError) {
    self.storage = storage
    self.range = range
    let count = range.count
    var levels = [UInt8](filledWith: 0, count: count)
    var resolver = ParagraphResolver()
    var levelSpan = levels.mutableSpan
    let classes = storage.classes.span.extracting(range)
    self.direction = try resolver.resolve(
      classes: classes, brackets: brackets.extracting(range), direction: direction, into: &levelSpan,
      paragraphStart: range.lowerBound, libraryAlone: libraryAlone)
    resolvedLevels = levels
  }

  /// The resolved embedding level of each scalar after rule I2, before the line rules (L1); `nil`
  /// for characters rule X9 removes (embeddings, overrides, PDF and boundary neutrals).
  public var levels: [BidiLevel?] {
    resolvedLevels.map { $0 == LevelResolver.removedLevel ? nil : BidiLevel(rawValue: $0) }
  }

  /// The paragraph's level runs (BD7) in logical order, before the line rules. Characters removed
  /// by rule X9 belong to the run before them.
  public var levelRuns: [BidiRun] {
    var runs: [BidiRun] = []
    var start = 0
    var current: UInt8? = nil
    for (offset, level) in resolvedLevels.enumerated() where level != LevelResolver.removedLevel {
      guard let open = current else {
        current = level
        continue
      }
      if level != open {
        runs.append(BidiRun(range: range.lowerBound + start..<range.lowerBound + offset, level: open))
        start = offset
        current = level
      }
    }
    if let open = current {
      runs.append(BidiRun(range: range.lowerBound + start..<range.upperBound, level: open))
    }
    return runs
  }

  /// Lays out `lineRange` (scalar offsets in the text, within this paragraph) as one line: rules
  /// L1–L2, and L3–L4, X9 removal and Arabic shaping as `options` ask.
  ///
  /// ```swift
  /// let line = paragraph.line(options: .display)
  /// line.visualString   // what a terminal with no bidi of its own should print
  /// ```
  ///
  /// - Parameter lineRange: the line; the whole paragraph when `nil`.
  /// - Complexity: O(*n* + *r*·*d*) for *n* scalars in *r* level runs with *d* distinct levels.
  public func line(_ lineRange: Range<Int>? = nil, options: ReorderingOptions = []) -> BidiLine {
    let lineRange = (lineRange ?? range).clamped(to: range)
    return BidiLine(paragraph: self, range: lineRange, options: options)
  }
}

/// A run of text at one embedding level.
@available(SwiftStdlib 6.2, *)
public struct BidiRun: Sendable, Hashable {
  /// Scalar offsets in the text.
  public let range: Range<Int>
  /// The run's embedding level: even left to right, odd right to left.
  public let level: BidiLevel

  /// The run's direction, from its level.
  public var direction: TextDirection { level.direction }

  init(range: Range<Int>, level: UInt8) {
    self.range = range
    self.level = BidiLevel(rawValue: level)
  }
}

/// Facts about the wrapped libfribidi, read at run time.
@available(SwiftStdlib 6.2, *)
public enum BidiLibrary {
  /// The loaded libfribidi's version, such as `"1.0.8"`.
  public static var version: String {
    let v = FriBidiLibrary.version
    return "\(v.major).\(v.minor).\(v.micro)"
  }

  /// The Unicode version of the loaded libfribidi's tables.
  public static var unicodeVersion: String { FriBidiLibrary.unicodeVersion }

  /// The Bidi_Class the loaded libfribidi gives a code point, surrogates included, which is the
  /// class the engine resolves it with; `nil` past U+10FFFF. (``BidiClass/init(_:)`` reads the
  /// package's own Unicode 15.0 table instead.)
  ///
  /// ```swift
  /// BidiLibrary.bidiClass(of: 0x05D0)   // .rightToLeft
  /// ```
  ///
  /// - Complexity: O(1).
  public static func bidiClass(of codePoint: UInt32) -> BidiClass? {
    codePoint <= 0x10_FFFF ? ClassLookup.bidiClass(of: codePoint) : nil
  }

}

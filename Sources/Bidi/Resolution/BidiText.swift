@_spi(BidiCore) import BidiCore

/// A text with its bidirectional structure resolved: paragraphs, base directions and the embedding
/// level of every Unicode scalar.
///
/// ```swift
/// let text = try BidiText("مرحبا @我, 今天天气好吗")
/// let paragraph = text.paragraphs[0]
/// paragraph.direction                                   // .rightToLeft
/// paragraph.line().visualString                         // "我, 今天天气好吗@ ابحرم" (before isolation)
/// ```
///
/// Offsets throughout the engine count Unicode scalars from the start of the text; ``positions``
/// converts them to `String.Index`, UTF-16 offsets (for `NSRange`) and UTF-8 offsets.
///
/// - Complexity: Creating a `BidiText` is O(*n*) in the number of scalars, plus what FriBidi
///   spends (linear for ordinary text; the bracket rule is bounded per segment).
@available(SwiftStdlib 6.2, *)
public struct BidiText: Sendable {
  internal let storage: TextStorage

  /// The paragraphs, split at paragraph separators (rule P1); each keeps its separator.
  public let paragraphs: [BidiParagraph]

  /// The text's Unicode scalars.
  public var scalars: [Unicode.Scalar] { storage.scalars }

  /// The Bidi_Class of each scalar.
  public var classes: [BidiClass] { storage.classes }

  /// Resolves `string`.
  ///
  /// - Parameter direction: how each paragraph's base direction is chosen.
  /// - Throws: ``BidiError`` when a paragraph cannot be handed to libfribidi.
  public init(_ string: String, direction: BaseDirection = .auto) throws(BidiError) {
    try self.init(scalars: ScalarDecoding.scalars(of: string), direction: direction)
  }

  /// Resolves a sequence of scalars.
  public init(scalars: [Unicode.Scalar], direction: BaseDirection = .auto) throws(BidiError) {
    try self.init(scalars: scalars, direction: direction, libraryAlone: false)
  }

  /// Resolves `string` with each paragraph handed to the loaded libfribidi whole, isolates and
  /// all, with none of the engine's own resolution: what the library does on its own, for tests
  /// that show where it is wrong.
  @_spi(Testing)
  public init(resolvingWithLibraryAlone string: String, direction: BaseDirection) throws(BidiError) {
    try self.init(scalars: ScalarDecoding.scalars(of: string), direction: direction, libraryAlone: true)
  }

  private init(scalars: [Unicode.Scalar], direction: BaseDirection, libraryAlone: Bool) throws(BidiError) {
    let classes = ClassLookup.bidiClasses(of: scalars)
    let storage = TextStorage(scalars: scalars, classes: classes)
    self.storage = storage
    // The bracket ids are needed only while the levels are resolved: scratch space.
    paragraphs = try withScratchSpan(of: UInt32.self, count: scalars.count, filledWith: 0) {
      (brackets) throws(BidiError) -> [BidiParagraph] in
      // Only other neutrals can be paired brackets. The library alone pairs by its own ids.
      for i in classes.indices where classes[i] == .otherNeutral {
        let value = scalars[i].value
        brackets[i] = libraryAlone ? FriBidiLibrary.bracket(of: value) : CharacterData.bracket(of: value)
      }
      return try Self.paragraphs(
        of: storage, brackets: brackets.span, direction: direction, splitParagraphs: true, libraryAlone: libraryAlone)
    }
  }

  /// Resolves a sequence of classes with no characters behind them: the entry point for
  /// BidiTest.txt, where a paragraph separator appears only at the end and there are no brackets.
  ///
  /// Each class stands for a placeholder scalar (`U+FFFD`), so mirroring and shaping do nothing.
  public init(classes: [BidiClass], direction: BaseDirection = .auto) throws(BidiError) {
    let placeholders = [Unicode.Scalar](filledWith: "\u{FFFD}", count: classes.count)
    storage = TextStorage(scalars: placeholders, classes: classes)
    let noBrackets = [UInt32](filledWith: 0, count: classes.count)
    paragraphs = try Self.paragraphs(
      of: storage, brackets: noBrackets.span, direction: direction, splitParagraphs: false, libraryAlone: false)
  }

  /// The paragraphs of `storage`, each resolved. A static function rather than an initializer, so
  /// the bracket ids can live in scratch space that the caller's closure owns; `brackets` holds the
  /// id of every character (and may run on past the text).
  private static func paragraphs(
    of storage: TextStorage, brackets: Span<UInt32>, direction: BaseDirection, splitParagraphs: Bool,
    libraryAlone: Bool
  ) throws(BidiError) -> [BidiParagraph] {
    let classes = storage.classes
    var paragraphs: [BidiParagraph] = []
    func resolve(_ range: Range<Int>) throws(BidiError) {
      guard range.count < Int(Int32.max) - 256 else {
        throw BidiError(kind: .paragraphTooLong, paragraphStart: range.lowerBound)
      }
      paragraphs.append(
        try BidiParagraph(
          storage: storage, range: range, brackets: brackets, direction: direction, libraryAlone: libraryAlone))
    }
    // Rule P1: a paragraph ends after each paragraph separator; CR LF counts as one separator.
    var start = 0
    if splitParagraphs {
      let scalars = storage.scalars
      var i = 0
      while i < classes.count {
        if classes[i] == .paragraphSeparator {
          var end = i + 1
          if scalars[i] == "\r" && end < scalars.count && scalars[end] == "\n" { end += 1 }
          try resolve(start..<end)
          start = end
          i = end
        } else {
          i += 1
        }
      }
    }
    if start < classes.count || paragraphs.isEmpty { try resolve(start..<classes.count) }
    return paragraphs
  }

  /// The paragraph that holds scalar `offset`.
  public func paragraph(containing offset: Int) -> BidiParagraph? {
    let low = paragraphs.partitionIndex { $0.range.upperBound > offset }
    return low < paragraphs.count && paragraphs[low].range.contains(offset) ? paragraphs[low] : nil
  }
}

/// The scalars and classes of a text, shared by its paragraphs and lines without copying: the
/// arrays' own buffers are shared. (A struct, not a class: a class cost one more allocation for
/// every message.)
@available(SwiftStdlib 6.2, *)
internal struct TextStorage: Sendable {
  let scalars: [Unicode.Scalar]
  let classes: [BidiClass]
}

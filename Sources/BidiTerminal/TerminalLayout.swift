import Bidi
@_spi(BidiCore) import BidiCore
import BidiIsolator

/// Lays out a paragraph for a terminal that does no bidi of its own: resolves levels for the whole
/// paragraph, breaks it into lines of at most ``width`` cells, reorders each line on its own (rules
/// L1–L2), shapes Arabic, mirrors brackets, keeps each grapheme's scalars together and aligns the
/// line in cells.
///
/// FriBidi's `fribidi` tool reorders first and wraps after, so a wrapped right-to-left paragraph
/// comes out with its lines in the wrong order; breaking before reordering is what UAX #9 asks.
///
/// ```swift
/// let layout = TerminalLayout(width: 20)
/// layout.render("مرحبا بالعالم", direction: .auto)   // ["       ملاعلاب ابحرم"] (shaped, right-aligned)
/// ```
///
/// - Complexity: O(*n*) for a paragraph of *n* scalars.
@available(SwiftStdlib 6.2, *)
public struct TerminalLayout: Sendable {
  /// Which edge lines start from.
  public enum Alignment: String, Sendable, CaseIterable {
    /// Right-to-left paragraphs right-aligned, left-to-right ones left-aligned.
    case auto
    case left
    case right
    /// No padding at all.
    case none
  }

  /// The line width in cells, or `nil` for no wrapping.
  public var width: Int?
  /// Which edge each line starts from.
  public var alignment: Alignment
  /// Arabic presentation forms with lam-alef ligatures.
  public var shapesArabic: Bool

  /// A layout for lines of `width` cells (`nil`: no wrapping), aligned and shaped as given.
  public init(width: Int? = 80, alignment: Alignment = .auto, shapesArabic: Bool = true) {
    self.width = width
    self.alignment = alignment
    self.shapesArabic = shapesArabic
  }

  /// Whether `text` displays exactly as stored in a left-to-right paragraph: no right-to-left letter,
  /// no Arabic digit, no bidi control, nothing a terminal must not be sent. Such a line, which is
  /// most lines in most rooms, needs no reordering, mirroring or shaping; the answer comes with its
  /// width in cells so a caller can tell whether it needs wrapping either.
  ///
  /// ```swift
  /// TerminalLayout.plainLeftToRightWidth(of: "hello 你好")   // 10
  /// TerminalLayout.plainLeftToRightWidth(of: "hello שלום")   // nil
  /// ```
  ///
  /// - Complexity: O(*n*), one pass over the UTF-8 bytes.
  public static func plainLeftToRightWidth(of text: String) -> Int? {
    plainLeftToRightWidth(ofValidUTF8: text.utf8Span.span)
  }

  /// ``plainLeftToRightWidth(of:)-(String)`` for text held as UTF-8 bytes.
  ///
  /// - Complexity: O(*n*).
  @available(SwiftStdlib 6.2, *)
  public static func plainLeftToRightWidth(of text: UTF8Span) -> Int? {
    plainLeftToRightWidth(ofValidUTF8: text.span)
  }

  /// ``plainLeftToRightWidth(of:)-(String)`` for bytes the caller has validated as UTF-8.
  ///
  /// - Complexity: O(*n*).
  package static func plainLeftToRightWidth(ofValidUTF8 bytes: Span<UInt8>) -> Int? {
    // One pass over the bytes: ASCII by its value, the Basic Multilingual Plane decoded in place and
    // read from a table, the other planes (emoji, mostly) through the class and width look-ups. A
    // right-to-left letter, usually among the first few characters, ends the pass. The table is
    // made on first use, and text of ASCII alone (much of chat, and many a one-line run) needs none.
    let count = bytes.count
    var cells = 0
    var i = 0
    guard passASCII(bytes, from: &i, cells: &cells) else { return nil }
    guard i < count else { return cells }
    // A first character past ASCII that does not display as stored (a right-to-left letter, in
    // most lines that are not plain) ends the pass before the table is made: a run of such lines
    // needs the engine's tables instead.
    guard displaysAsStored(UTF8Coding.scalar(at: i, in: bytes).value) else { return nil }
    let table = plainBasicPlaneWidths.span
    while i < count {
      if bytes[i] < 0x80 {
        guard passASCII(bytes, from: &i, cells: &cells) else { return nil }
        continue
      }
      let (value, length) = UTF8Coding.scalar(at: i, in: bytes)
      i += length
      guard value < 0x1_0000 else {
        guard let scalar = Unicode.Scalar(value), let cellsOfScalar = plainLeftToRightWidth(of: scalar) else {
          return nil
        }
        cells += cellsOfScalar
        continue
      }
      let width = table[Int(value)]
      if width == notPlain { return nil }
      cells += Int(width)
    }
    return cells
  }

  /// Passes the ASCII from `i` up to the end or the next byte that is not ASCII, a cell for each
  /// byte; `false` at a control character other than tab, which keeps the text from being plain.
  @inline(__always)
  private static func passASCII(_ bytes: Span<UInt8>, from i: inout Int, cells: inout Int) -> Bool {
    let count = bytes.count
    while i < count {
      // Printable ASCII eight bytes at a time.
      while i + 8 <= count && isPrintableASCII(bytes.eightBytes(at: i)) {
        cells += 8
        i += 8
      }
      guard i < count else { break }
      let byte = bytes[i]
      if byte >= 0x80 { break }
      if byte < 0x20 && byte != 0x09 || byte == 0x7F { return false }
      cells += 1
      i += 1
    }
    return true
  }

  /// Whether all eight bytes of `word` are printable ASCII, 0x20 to 0x7E, by carry-free byte
  /// arithmetic: `x + 0x60` reaches 0x80 exactly when `x` is 0x20 or more, and `x ^ 0x7F` is zero
  /// exactly for DEL.
  @inline(__always)
  private static func isPrintableASCII(_ word: UInt64) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let notBelowSpace = (word & low) &+ 0x6060_6060_6060_6060
    let delete = word ^ low
    let isDelete = ~((delete & low) &+ low | delete) & high
    return word & high == 0 && notBelowSpace & high == high && isDelete == 0
  }

  private static let notPlain: UInt8 = 0xFF

  /// ``plainLeftToRightWidth(of:)-(Unicode.Scalar)`` for every code point of the Basic Multilingual
  /// Plane (surrogates: not plain), made on first use run by run of the width table.
  private static let plainBasicPlaneWidths: [UInt8] = {
    var table = CellWidth.widths(of: 0..<0x1_0000)
    for value in 0..<UInt32(0x1_0000) {
      if (0xD800...0xDFFF).contains(value) || !displaysAsStored(value) {
        table[Int(value)] = notPlain
      } else if value < 0x80 {
        table[Int(value)] = 1  // as `plainLeftToRightWidth(of:)` counts a tab
      }
    }
    return table
  }()

  /// The cells of a scalar that displays as stored in a left-to-right paragraph, or `nil`.
  @inline(__always)
  private static func plainLeftToRightWidth(of scalar: Unicode.Scalar) -> Int? {
    guard displaysAsStored(scalar.value) else { return nil }
    return scalar.value < 0x80 ? 1 : CellWidth.of(scalar)
  }

  /// Whether a code point displays as stored in a left-to-right paragraph.
  private static func displaysAsStored(_ value: UInt32) -> Bool {
    if value < 0x80 { return !(value < 0x20 && value != 0x09 || value == 0x7F) }
    if (0x80..<0xA0).contains(value) || value == 0xFEFF || value == 0x200E { return false }
    switch BidiLibrary.bidiClass(of: value) {
    case nil, .rightToLeft, .arabicLetter, .arabicNumber, .paragraphSeparator: return false
    case let bidiClass? where bidiClass.rawValue >= BidiClass.leftToRightEmbedding.rawValue: return false
    default: return true
    }
  }

  /// The visual lines of `text`, each paragraph broken into lines and aligned.
  ///
  /// - Parameters:
  ///   - protected: scalar ranges of `text` not to break inside (isolated entities).
  public func render(
    _ text: String, direction: BaseDirection, protected: [Range<Int>] = []
  ) throws(BidiError)
    -> [String]
  {
    var rendered: [String] = []
    try renderLines(text, direction: direction, protected: protected) { rendered.append(String(scalars: $0)) }
    return rendered
  }

  /// The visual lines of `text` as UTF-8, appended to `output` with `lineBreak` between them: what
  /// ``render(_:direction:protected:)`` gives, without a `String` made for each line.
  ///
  /// - Complexity: O(*n*) for a paragraph of *n* scalars.
  public func render(
    _ text: String, direction: BaseDirection, protected: [Range<Int>] = [], lineBreak: [UInt8],
    appendingTo output: inout [UInt8]
  ) throws(BidiError) {
    var first = true
    try renderLines(text, direction: direction, protected: protected) { line in
      if !first { output.append(contentsOf: lineBreak) }
      first = false
      // Encoded in one pass into room reserved once: appending byte by byte costs more than the
      // layout. Four bytes a scalar is room enough; a line past 64K scalars is measured first, so a
      // long line does not reserve four times its size.
      var room = 4 * line.count
      if line.count > 1 << 16 { room = line.reduce(0) { $0 + UTF8Coding.width(of: $1.value) } }
      output.append(addingCapacity: room) { bytes in
        for scalar in line { UTF8Coding.append(scalar.value, to: &bytes) }
      }
    }
  }

  /// Paragraphs longer than this many scalars are laid out in pieces of at most this length, cut at
  /// a space, each with the whole paragraph's direction. Resolving a paragraph takes memory in
  /// proportion to its length, most of it inside FriBidi (a list node for every run of one class), so
  /// a line of megabytes would need several hundred bytes of memory for each byte; in pieces,
  /// memory stays a small multiple of the line. The levels near a cut can differ from those of the
  /// whole paragraph; no chat message comes near this length.
  public static let maximumPieceLength = 1 << 16

  /// Hands each visual line, aligned, to `body`.
  private func renderLines(
    _ text: String, direction: BaseDirection, protected: [Range<Int>], _ body: ([Unicode.Scalar]) -> Void
  ) throws(BidiError) {
    if text.utf8.count > Self.maximumPieceLength {
      let scalars = Array(text.unicodeScalars)
      if scalars.count > Self.maximumPieceLength {
        try renderInPieces(scalars, direction: direction, protected: protected, body)
        return
      }
    }
    try renderWhole(text, direction: direction, protected: protected, body)
  }

  /// A long text, paragraph by paragraph, each longer paragraph in pieces.
  private func renderInPieces(
    _ scalars: [Unicode.Scalar], direction: BaseDirection, protected: [Range<Int>],
    _ body: ([Unicode.Scalar]) -> Void
  ) throws(BidiError) {
    var start = 0
    while start < scalars.count {
      var end = start
      while end < scalars.count && BidiLibrary.bidiClass(of: scalars[end].value) != .paragraphSeparator { end += 1 }
      if end < scalars.count {
        end += scalars[end] == "\r" && end + 1 < scalars.count && scalars[end + 1] == "\n" ? 2 : 1
      }
      let resolvedDirection = direction.direction(of: scalars[start..<end])
      let paragraphDirection = BaseDirection.fixed(resolvedDirection)
      let pieces = Self.pieces(of: scalars, in: start..<end, direction: resolvedDirection)
      if width == nil && pieces.count > 1 {
        // One visual line for the paragraph: the pieces' lines side by side, right to left in a
        // right-to-left paragraph.
        var line: [Unicode.Scalar] = []
        let ordered = resolvedDirection == .rightToLeft ? pieces.reversed() : pieces
        for piece in ordered {
          try renderWhole(
            String(scalars: Array(scalars[piece])), direction: paragraphDirection, protected: []
          ) { line.append(contentsOf: $0) }
        }
        body(line)
      } else {
        for piece in pieces {
          let shifted = protected.compactMap { range -> Range<Int>? in
            let overlap = range.clamped(to: piece)
            return overlap.isEmpty ? nil : overlap.lowerBound - piece.lowerBound..<overlap.upperBound - piece.lowerBound
          }
          try renderWhole(
            String(scalars: Array(scalars[piece])), direction: paragraphDirection, protected: shifted, body)
        }
      }
      start = end
    }
  }

  /// Cuts a paragraph into pieces of about ``maximumPieceLength`` scalars where cutting changes no
  /// level: at a space outside every embedding, override and isolate (so outside every entity),
  /// whose closest strong characters on both sides (isolates being neutrals) have the paragraph's
  /// direction, with no embedding or override between them. Rules W1–N2 then
  /// resolve the neutrals around the cut to the paragraph's direction whether or not it is there,
  /// and no run above the paragraph level crosses it. A paragraph with no such space for four times
  /// the length is cut at a space, or at the limit, anyway.
  public static func pieces(
    of scalars: [Unicode.Scalar], in range: Range<Int>, direction: TextDirection
  ) -> [Range<Int>] {
    guard range.count > maximumPieceLength else { return [range] }
    var pieces: [Range<Int>] = []
    var pieceStart = range.lowerBound
    var depth = 0
    var lastStrong: TextDirection? = nil  // at depth 0 since the last confirmed cut
    var pending: Int? = nil  // a space after a strong character of the paragraph's direction
    var confirmed: Int? = nil
    var lastSpace: Int? = nil
    var i = range.lowerBound
    while i < range.upperBound {
      let scalar = scalars[i]
      let bidiClass = BidiLibrary.bidiClass(of: scalar.value)!
      if bidiClass.rawValue >= BidiClass.leftToRightEmbedding.rawValue {
        // Embeddings, overrides and isolates open; PDF and PDI close (unmatched ones count as none).
        depth =
          bidiClass == .popDirectionalFormat || bidiClass == .popDirectionalIsolate ? max(0, depth - 1) : depth + 1
        // An isolate is a neutral to the text around it; an embedding or override is not.
        let isIsolateControl =
          bidiClass == .leftToRightIsolate || bidiClass == .rightToLeftIsolate || bidiClass == .firstStrongIsolate
          || bidiClass == .popDirectionalIsolate
        if !isIsolateControl { pending = nil }
      } else if depth == 0 {
        switch bidiClass {
        case .leftToRight, .rightToLeft, .arabicLetter:
          let strong: TextDirection = bidiClass == .leftToRight ? .leftToRight : .rightToLeft
          if strong == direction, let space = pending { confirmed = space }
          pending = nil
          lastStrong = strong
        case .whiteSpace where scalar == " ":
          lastSpace = i
          if lastStrong == direction && pending == nil { pending = i }
        default:
          break
        }
      }
      i += 1
      let length = i - pieceStart
      if length >= maximumPieceLength, let cut = confirmed, cut > pieceStart {
        pieces.append(pieceStart..<cut + 1)
        pieceStart = cut + 1
        confirmed = nil
      } else if length >= 4 * maximumPieceLength {
        let cut = lastSpace.map { $0 >= pieceStart ? $0 + 1 : i } ?? i
        pieces.append(pieceStart..<cut)
        pieceStart = cut
        confirmed = nil
        pending = nil
      }
    }
    if pieceStart < range.upperBound { pieces.append(pieceStart..<range.upperBound) }
    return pieces
  }

  private func renderWhole(
    _ text: String, direction: BaseDirection, protected: [Range<Int>], _ body: ([Unicode.Scalar]) -> Void
  ) throws(BidiError) {
    let resolved = try BidiText(text, direction: direction)
    var options: ReorderingOptions = [.mirror, .keepMarksAfterBase, .removeBidiControls]
    if shapesArabic { options.insert(.shapeArabic) }
    var cursor = GraphemeOrder.UTF8Cursor()
    for paragraph in resolved.paragraphs {
      // The paragraph separator itself is not shown.
      var content = paragraph.range
      while content.count > 0, resolved.classes[content.upperBound - 1] == .paragraphSeparator {
        content = content.lowerBound..<content.upperBound - 1
      }
      func show(_ shown: Range<Int>) {
        let visual = paragraph.line(shown, options: options)
        var scalars = GraphemeOrder.restoringClusters(visual, text: resolved, string: text, cursor: &cursor)
        if scalars.contains(where: Self.isHidden) { scalars.removeAll(where: Self.isHidden) }
        body(aligned(scalars, direction: paragraph.direction))
      }
      guard let width else {
        show(content)
        continue
      }
      for line in LineBreaking.lines(scalars: resolved.scalars, range: content, width: width, protected: protected) {
        show(line.shown)
      }
    }
  }

  private func aligned(_ scalars: [Unicode.Scalar], direction: TextDirection) -> [Unicode.Scalar] {
    let side: Alignment =
      switch alignment {
      case .auto: direction == .rightToLeft ? .right : .left
      default: alignment
      }
    guard side == .right, let width else { return scalars }
    let cells = scalars.reduce(0) { $0 + CellWidth.of($1) }
    guard cells < width else { return scalars }
    var line = [Unicode.Scalar](filledWith: " ", count: width - cells)
    line.append(contentsOf: scalars)
    return line
  }

  /// Characters a terminal must not be sent: C0 and C1 controls other than tab, and the byte order
  /// mark. They have no cell, and some would move the cursor.
  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F..<0xA0).contains(scalar.value) || scalar == "\u{FEFF}"
  }
}

/// Keeps the scalars of each grapheme cluster in logical order after reordering: an emoji ZWJ
/// sequence or a skin-tone modifier in a right-to-left run would otherwise be sent reversed and
/// fall apart on screen.
@available(SwiftStdlib 6.2, *)
enum GraphemeOrder {
  /// UTF-8 offsets of scalar offsets in one text, for lines taken in order: each line starts
  /// counting where the one before stopped, so a paragraph costs one pass however it is wrapped.
  struct UTF8Cursor {
    private var scalar = 0
    private var utf8 = 0

    mutating func offset(ofScalar target: Int, in scalars: [Unicode.Scalar]) -> Int {
      if target < scalar { (scalar, utf8) = (0, 0) }
      while scalar < target {
        utf8 += UTF8.width(scalars[scalar])
        scalar += 1
      }
      return utf8
    }
  }

  static func restoringClusters(
    _ line: BidiLine, text: BidiText, string: String, cursor: inout UTF8Cursor
  ) -> [Unicode.Scalar] {
    var scalars = line.visualScalars
    // Marks already follow their base (rule L3); what else joins scalars into one grapheme is a
    // ZWJ, an emoji modifier or a tag character. Only where such a scalar came out right before
    // the one it followed (or a ZWJ right after the one that followed it) can a cluster be broken.
    let allScalars = text.scalars
    func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\u{200D}" || (0x1F3FB...0x1F3FF).contains(scalar.value) || (0xE0020...0xE007F).contains(scalar.value)
    }
    let order = line.visualToLogical
    let lineStart = line.range.lowerBound
    var suspects: [Int] = []
    do {
      // Spans: this pass reads every character of every line.
      let visualOrder = order.span
      let textScalars = allScalars.span
      var v = 0
      while v + 1 < visualOrder.count {
        let logical = visualOrder[v]
        if visualOrder[v + 1] == logical - 1
          && (isJoiner(textScalars[logical]) || textScalars[logical - 1] == "\u{200D}")
        {
          suspects.append(logical - lineStart)
        }
        v += 1
      }
    }
    guard !suspects.isEmpty else { return scalars }
    // Each scalar is a cluster of its own (named by its first scalar's offset) except in the words
    // around the suspects, which the string's own grapheme breaking decides. A word is taken from
    // the space before it, where a cluster starts (unless a prepended character such as U+0600
    // comes right before the space, rule GB9b), to the next space, where one always starts.
    let count = line.range.count
    var clusterOf = Array(0..<count)
    var utf8Offsets = [Int](filledWith: 0, count: count + 1)
    var utf8Offset = cursor.offset(ofScalar: lineStart, in: allScalars)
    for k in 0..<count {
      utf8Offsets[k] = utf8Offset
      utf8Offset += UTF8.width(allScalars[lineStart + k])
    }
    utf8Offsets[count] = utf8Offset
    func startsCluster(atSpace k: Int) -> Bool {
      k == 0 || !allScalars[lineStart + k - 1].isGraphemePrepend
    }
    let utf8 = string.utf8
    var covered = 0
    for suspect in suspects.sorted() where suspect >= covered {
      var wordStart = max(suspect - 1, 0)
      repeat {
        while wordStart > 0 && allScalars[lineStart + wordStart - 1] != " " { wordStart -= 1 }
        if wordStart > 0 { wordStart -= 1 }
      } while wordStart > 0 && !startsCluster(atSpace: wordStart)
      var wordEnd = suspect + 1
      while wordEnd < count && allScalars[lineStart + wordEnd] != " " { wordEnd += 1 }
      covered = wordEnd
      let word = string[
        utf8.index(
          utf8.startIndex, offsetBy: utf8Offsets[wordStart])..<utf8.index(
            utf8.startIndex, offsetBy: utf8Offsets[wordEnd])]
      // Boundaries only, without making a `Character` of each cluster.
      var cluster = wordStart
      var boundary = word.startIndex
      var index = word.startIndex
      for k in wordStart..<wordEnd {
        if index == boundary {
          cluster = k
          boundary = word.index(after: boundary)
        }
        clusterOf[k] = cluster
        index = word.unicodeScalars.index(after: index)
      }
    }
    // The scalars of a cluster that come out side by side are put back in logical order, which is
    // the order to draw them in: rule L3 has already put marks after their base, but it can leave
    // a mark inside a ZWJ sequence on the wrong side of the rest (`❤️‍🔥` as ❤ ZWJ 🔥 U+FE0F).
    let logical = order.map { $0 - lineStart }
    var v = 0
    while v < logical.count {
      var end = v + 1
      while end < logical.count && clusterOf[logical[end]] == clusterOf[logical[v]] { end += 1 }
      if end - v > 1 {
        let inLogicalOrder = (v..<end).sorted { logical[$0] < logical[$1] }.map { scalars[$0] }
        scalars.replaceSubrange(v..<end, with: inLogicalOrder)
      }
      v = end
    }
    return scalars
  }
}

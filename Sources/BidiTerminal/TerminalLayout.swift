import Bidi

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
  public var alignment: Alignment
  /// Arabic presentation forms with lam-alef ligatures.
  public var shapesArabic: Bool

  public init(width: Int? = 80, alignment: Alignment = .auto, shapesArabic: Bool = true) {
    self.width = width
    self.alignment = alignment
    self.shapesArabic = shapesArabic
  }

  /// The visual lines of `text`, each paragraph broken into lines and aligned.
  ///
  /// - Parameters:
  ///   - protected: scalar ranges of `text` not to break inside (isolated entities).
  public func render(_ text: String, direction: BaseDirection, protected: [Range<Int>] = []) throws(BidiError)
    -> [String]
  {
    let resolved = try BidiText(text, direction: direction)
    var options: ReorderingOptions = [.mirror, .keepMarksAfterBase, .removeBidiControls]
    if shapesArabic { options.insert(.shapeArabic) }
    var rendered: [String] = []
    for paragraph in resolved.paragraphs {
      // The paragraph separator itself is not shown.
      var content = paragraph.range
      while content.count > 0, resolved.classes[content.upperBound - 1] == .paragraphSeparator {
        content = content.lowerBound..<content.upperBound - 1
      }
      let lines =
        width.map {
          LineBreaking.lines(scalars: resolved.scalars, range: content, width: $0, protected: protected)
        } ?? [LineBreaking.Line(range: content, shown: content)]
      for line in lines {
        let visual = paragraph.line(line.shown, options: options)
        var scalars = GraphemeOrder.restoringClusters(visual, text: resolved)
        scalars = scalars.filter { !Self.isHidden($0) }
        rendered.append(aligned(scalars, direction: paragraph.direction))
      }
    }
    return rendered
  }

  private func aligned(_ scalars: [Unicode.Scalar], direction: BidiDirection) -> String {
    var line = String.UnicodeScalarView()
    let side: Alignment =
      switch alignment {
      case .auto: direction == .rightToLeft ? .right : .left
      default: alignment
      }
    if side == .right, let width {
      let cells = scalars.reduce(0) { $0 + CellWidth.of($1) }
      line.append(contentsOf: repeatElement(" ", count: max(0, width - cells)))
    }
    line.append(contentsOf: scalars)
    return String(line)
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
enum GraphemeOrder {
  static func restoringClusters(_ line: BidiLine, text: BidiText) -> [Unicode.Scalar] {
    var scalars = line.visualScalars
    guard line.range.count > 1 else { return scalars }
    // Logical cluster boundaries of the line.
    var lineText = String.UnicodeScalarView()
    lineText.append(contentsOf: text.scalars[line.range])
    var clusterOf = [Int](repeating: 0, count: line.range.count)
    var offset = 0
    var cluster = 0
    for character in String(lineText) {
      let count = character.unicodeScalars.count
      for k in offset..<offset + count { clusterOf[k] = cluster }
      offset += count
      cluster += 1
    }
    // A cluster that comes out as a descending stretch is put back in logical order.
    let logical = line.visualToLogical.map { $0 - line.range.lowerBound }
    var v = 0
    while v < logical.count {
      var end = v + 1
      while end < logical.count && clusterOf[logical[end]] == clusterOf[logical[v]] && logical[end] < logical[end - 1] {
        end += 1
      }
      if end - v > 1 { scalars[v..<end].reverse() }
      v = end
    }
    return scalars
  }
}

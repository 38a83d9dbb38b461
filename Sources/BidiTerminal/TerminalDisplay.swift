import Bidi
@_spi(BidiCore) import BidiCore
import BidiIsolator

/// A chat message as a terminal with no bidi of its own must be sent it: entities isolated, each
/// paragraph resolved whole, broken into lines of ``TerminalLayout/width`` cells, each line reordered,
/// shaped, mirrored and aligned. What `bidi-fix display` does to each message.
///
/// ```swift
/// let display = TerminalDisplay(layout: TerminalLayout(width: 40))
/// display.lines(of: "مرحبا @我, 今天天气好吗")   // ["              今天天气好吗 ,@我 ﺎﺒﺣﺮﻣ"]
/// ```
///
/// A caller that displays message after message, as the command line tool does, keeps a
/// ``Workspace`` for each thread and passes it to
/// ``render(_:lineBreak:appendingTo:workspace:)``: the message then goes from its bytes to the
/// output's with no allocation once the workspace has seen a message as long.
///
/// - Complexity: O(*n*) for a message of *n* characters.
@available(SwiftStdlib 6.2, *)
public struct TerminalDisplay: Sendable {
  /// The width, alignment and shaping of the lines.
  public var layout: TerminalLayout
  /// The isolator, or `nil` to display messages as they are stored.
  public var isolator: BidiIsolator?
  /// How a message's direction is found when ``direction`` is `nil` and messages are not isolated:
  /// the first strong character outside entities, the way `bidi-fix --dir auto` decides. (Isolated,
  /// the entities are already out of the way of rule P2.)
  public var detector: DirectionDetector
  /// Every paragraph's direction, or `nil` to find each one's.
  public var direction: TextDirection?
  /// Digits converted before anything else, so they take their new class.
  public var digits: DigitShaping

  /// A display with `layout`, isolating with `isolator` (`nil`: not at all), finding directions with
  /// `detector` unless `direction` fixes one, and converting digits as `digits` says.
  public init(
    layout: TerminalLayout = TerminalLayout(), isolator: BidiIsolator? = BidiIsolator(),
    detector: DirectionDetector = DirectionDetector(), direction: TextDirection? = nil, digits: DigitShaping = .keep
  ) {
    self.layout = layout
    self.isolator = isolator
    self.detector = detector
    self.direction = direction
    self.digits = digits
  }

  /// The visual lines of `message`, each paragraph broken into lines and aligned.
  ///
  /// - Complexity: O(*n*).
  public func lines(of message: String) -> [String] {
    var output: [UInt8] = []
    var workspace = Workspace()
    Array(message.utf8).withBytes {
      render(validUTF8: $0, lineBreak: [0x0A], appendingTo: &output, workspace: &workspace)
    }
    return output.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Appends the visual lines of `message` to `output` as UTF-8, with `lineBreak` between them.
  ///
  /// A message whose layout libfribidi cannot be given (a paragraph past `Int32.max` characters, or
  /// memory it cannot allocate) is appended as it is.
  ///
  /// - Complexity: O(*n*).
  public func render(
    _ message: UTF8Span, lineBreak: [UInt8], appendingTo output: inout [UInt8], workspace: inout Workspace
  ) {
    render(validUTF8: message.span, lineBreak: lineBreak, appendingTo: &output, workspace: &workspace)
  }

  /// ``render(_:lineBreak:appendingTo:workspace:)`` for bytes the caller has validated as UTF-8.
  package func render(
    validUTF8 message: Span<UInt8>, lineBreak: [UInt8], appendingTo output: inout [UInt8],
    workspace: inout Workspace
  ) {
    // Most messages in most rooms are plain left-to-right text: shown as stored, and when too
    // wide, broken into lines of stored bytes.
    if direction != .rightToLeft, digits == .keep,
      let cells = TerminalLayout.plainLeftToRightWidth(ofValidUTF8: message)
    {
      guard let width = layout.width, cells > width else {
        if layout.alignment == .right, let width = layout.width {
          output.append(contentsOf: repeatElement(0x20, count: width - cells))
        }
        output.append(copying: message)
        return
      }
      if renderPlainWrapped(message, width: width, lineBreak: lineBreak, appendingTo: &output, workspace: &workspace) {
        return
      }
    }
    guard digits == .keep else {
      // Converting digits makes a string of the message: the option is a rare one.
      let converted = digits.apply(to: String(validUTF8: message))
      Array(converted.utf8).withBytes {
        renderConverted($0, lineBreak: lineBreak, appendingTo: &output, workspace: &workspace)
      }
      return
    }
    renderConverted(message, lineBreak: lineBreak, appendingTo: &output, workspace: &workspace)
  }

  /// The display of a message whose digits are already what it shows.
  private func renderConverted(
    _ original: Span<UInt8>, lineBreak: [UInt8], appendingTo output: inout [UInt8], workspace: inout Workspace
  ) {
    let base: BaseDirection
    if let direction {
      base = .fixed(direction)
    } else if isolator != nil {
      // Rule P2 skips isolates, and every entity with a strong character is isolated by now.
      base = .auto
    } else {
      base = detector.direction(of: String(validUTF8: original)) == .rightToLeft ? .rightToLeft : .leftToRight
    }
    let start = output.count
    var isolated = workspace.take(\.isolated)
    defer { swap(&workspace.isolated, &isolated) }
    isolated.removeAll(keepingCapacity: true)
    let succeeded: Bool
    if let isolator {
      isolator.isolate(validUTF8: original, appendingTo: &isolated, workspace: &workspace.isolation)
      succeeded = layOut(isolated.span, direction: base, lineBreak: lineBreak, into: &output, workspace: &workspace)
    } else {
      succeeded = layOut(original, direction: base, lineBreak: lineBreak, into: &output, workspace: &workspace)
    }
    if !succeeded {
      output.removeSubrange(start...)
      output.append(copying: original)
    }
  }

  /// Lays out the (isolated) text; `false` when the engine cannot.
  private func layOut(
    _ text: Span<UInt8>, direction: BaseDirection, lineBreak: [UInt8], into output: inout [UInt8],
    workspace: inout Workspace
  ) -> Bool {
    if text.count > TerminalLayout.maximumPieceLength && Self.scalarCount(text) > TerminalLayout.maximumPieceLength {
      // A paragraph this long is laid out in pieces, by the layout's own path, in memory a small
      // multiple of the message's rather than a workspace grown to it for good.
      let string = String(validUTF8: text)
      do {
        try layout.render(
          string, direction: direction, protected: layout.width == nil ? [] : IsolateSpans.find(in: string),
          lineBreak: lineBreak, appendingTo: &output)
        return true
      } catch {
        return false
      }
    }
    var characters = workspace.take(\.characters)
    defer { swap(&workspace.characters, &characters) }
    characters.decode(text, markingIsolates: layout.width != nil)
    var levels = workspace.take(\.levels)
    var resolver = workspace.take(\.resolver)
    var lines = workspace.take(\.lines)
    var arranger = workspace.take(\.arranger)
    var clusters = workspace.take(\.clusters)
    var inOrder = workspace.take(\.inOrder)
    defer {
      swap(&workspace.inOrder, &inOrder)
      swap(&workspace.levels, &levels)
      swap(&workspace.resolver, &resolver)
      swap(&workspace.lines, &lines)
      swap(&workspace.arranger, &arranger)
      swap(&workspace.clusters, &clusters)
    }
    levels.grow(toAtLeast: characters.count, filling: 0)
    var options: ReorderingOptions = [.mirror, .keepMarksAfterBase, .removeBidiControls]
    if layout.shapesArabic { options.insert(.shapeArabic) }

    // With no class that raises a level to an odd one, and a paragraph direction that is left to
    // right, every level is even: rule L2 then reverses nothing, and rules L3 and L4 and shaping
    // touch nothing, so each line shows its characters in stored order without the controls.
    let inStoredOrder =
      (direction == .leftToRight || direction == .auto) && !characters.present.intersects(Self.oddLevelClasses)

    var first = true
    var paragraphStart = 0
    let count = characters.count
    while paragraphStart < count || (paragraphStart == 0 && count == 0) {
      let paragraph = characters.paragraph(startingAt: paragraphStart)
      // Levels are needed only while this paragraph is laid out: each paragraph's start at index 0.
      var paragraphLevels = levels.mutableSpan
      let paragraphDirection: TextDirection
      if inStoredOrder {
        paragraphDirection = .leftToRight
      } else {
        do {
          paragraphDirection = try resolver.resolve(
            classes: characters.classes.span.extracting(paragraph),
            brackets: characters.brackets.span.extracting(paragraph), direction: direction,
            into: &paragraphLevels, paragraphStart: paragraph.lowerBound, present: characters.present,
            matchingPDI: characters.matchingPDI)
        } catch {
          return false
        }
      }
      // The paragraph separator itself is not shown.
      var content = paragraph
      while content.count > 0 && characters.classes[content.upperBound - 1] == .paragraphSeparator {
        content = content.lowerBound..<content.upperBound - 1
      }
      lines.removeAll(keepingCapacity: true)
      if let width = layout.width {
        LineBreaking.breakLines(
          characters.properties.span.extracting(content), start: content.lowerBound, width: width, into: &lines)
      } else {
        lines.append(LineBreaking.Line(range: content, shown: content))
      }
      for line in lines {
        if !first { output.append(contentsOf: lineBreak) }
        first = false
        let shown = line.shown
        if inStoredOrder {
          emitInStoredOrder(shown, characters: characters, scratch: &inOrder, into: &output)
          continue
        }
        let shownLevels = shown.lowerBound - paragraph.lowerBound..<shown.upperBound - paragraph.lowerBound
        let kept = arranger.arrange(
          scalars: characters.scalars.span.extracting(shown), classes: characters.classes.span.extracting(shown),
          levels: levels.span.extracting(shownLevels), paragraphLevel: paragraphDirection == .rightToLeft ? 1 : 0,
          options: options, joining: characters.joiningTypes.span.extracting(shown), present: characters.present)
        emit(
          arranger, kept: kept, line: shown, characters: characters, direction: paragraphDirection,
          clusters: &clusters, into: &output)
      }
      if count == 0 { break }
      paragraphStart = paragraph.upperBound
    }
    return true
  }

  /// The classes that can give a character an odd level in a left-to-right paragraph: strong
  /// right-to-left letters (rule I1), Arabic numbers (the neutrals between two take R, rule N1), and
  /// the right-to-left controls (rules X2, X4, X5a). An FSI is right to left only with one of the
  /// letters inside.
  private static let oddLevelClasses = BidiClassSet(
    bits: [
      BidiClass.rightToLeft, .arabicLetter, .arabicNumber, .rightToLeftEmbedding, .rightToLeftOverride,
      .rightToLeftIsolate,
    ].reduce(0) { $0 | 1 << UInt32($1.rawValue) })

  /// Writes a line whose levels are all even: its characters as stored, without the bidi controls.
  private func emitInStoredOrder(
    _ line: Range<Int>, characters: Characters, scratch: inout [Unicode.Scalar], into output: inout [UInt8]
  ) {
    let hidesCharacters = characters.flags & DisplayCharacters.hidden != 0
    let scalars = characters.scalars.span.extracting(line)
    guard characters.flags & DisplayCharacters.bidiControl != 0 else {
      write(scalars, direction: .leftToRight, hidesCharacters: hidesCharacters, into: &output)
      return
    }
    let properties = characters.properties.span.extracting(line)
    scratch.removeAll(keepingCapacity: true)
    for k in scalars.indices where properties[k] & DisplayCharacters.bidiControl == 0 { scratch.append(scalars[k]) }
    write(scratch.span, direction: .leftToRight, hidesCharacters: hidesCharacters, into: &output)
  }

  /// The number of scalars in well-formed UTF-8: its bytes that do not continue a scalar.
  private static func scalarCount(_ bytes: Span<UInt8>) -> Int {
    var count = 0
    for i in bytes.indices where bytes[i] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// Writes one arranged line: graphemes put back together, characters a terminal must not see left
  /// out, padded to its alignment, as UTF-8.
  private func emit(
    _ arranger: LineArranger, kept: Int, line: Range<Int>, characters: Characters, direction: TextDirection,
    clusters: inout GraphemeClusters, into output: inout [UInt8]
  ) {
    let arranged = arranger.visual.span.extracting(0..<kept)
    let hidesCharacters = characters.flags & DisplayCharacters.hidden != 0
    guard characters.flags & DisplayCharacters.joiner != 0 else {
      write(arranged, direction: direction, hidesCharacters: hidesCharacters, into: &output)
      return
    }
    let restored = clusters.restore(
      visual: arranged, logical: arranger.logical.span.extracting(0..<kept), scalars: characters.scalars.span,
      properties: characters.properties.span, lineStart: line.lowerBound, lineCount: line.count)
    if restored {
      write(
        clusters.restored.span.extracting(0..<kept), direction: direction, hidesCharacters: hidesCharacters,
        into: &output)
    } else {
      write(arranged, direction: direction, hidesCharacters: hidesCharacters, into: &output)
    }
  }

  /// Writes a line's characters, left to right, leaving out those a terminal must not see (when
  /// the message has any), padded to its alignment, as UTF-8.
  private func write(
    _ visual: Span<Unicode.Scalar>, direction: TextDirection, hidesCharacters: Bool, into output: inout [UInt8]
  ) {
    let kept = visual.count
    let side: TerminalLayout.Alignment =
      switch layout.alignment {
      case .auto: direction == .rightToLeft ? .right : .left
      default: layout.alignment
      }
    var padding = 0
    if side == .right, let width = layout.width {
      // Only right alignment needs the line's width in cells.
      let table = DisplayCharacters.basicPlaneTable.span
      var cells = 0
      for k in 0..<kept {
        let value = visual[k].value
        let word = value < 0x1_0000 ? table[Int(value)] : DisplayCharacters.properties(ofScalar: value).rawValue
        if hidesCharacters && word & DisplayCharacters.hidden != 0 { continue }
        cells += Int(word >> 5 & 3)
      }
      if cells < width { padding = width - cells }
    }
    // Four bytes a character is room enough; the output keeps its capacity from line to line.
    output.append(addingCapacity: padding + 4 * kept) { out in
      for _ in 0..<padding { out.append(0x20) }
      if hidesCharacters {
        for k in 0..<kept {
          let value = visual[k].value
          guard !DisplayCharacters.properties(ofScalar: value).has(DisplayCharacters.hidden) else { continue }
          UTF8Coding.append(value, to: &out)
        }
      } else {
        for k in 0..<kept { UTF8Coding.append(visual[k].value, to: &out) }
      }
    }
  }

}

/// The scalar ranges between isolate initiators and their PDIs at the outermost level, which
/// wrapping keeps whole: for the long messages the layout lays out in pieces. Isolates pair within
/// a paragraph (BD9), so one left open ends at the paragraph's end. `ReferenceDisplay`, the
/// reference data flow the tests hold the display to, finds them this way for every message.
///
/// The display's decoder pairs every initiator with its PDI (``IsolateMatching``), in a table as long
/// as the message; the outermost isolates alone need only the depth, so a message of any length
/// costs no memory here. IsolatePairingTests holds both to BD9.
@available(SwiftStdlib 6.2, *)
package enum IsolateSpans {
  /// - Complexity: O(*n*) time and O(1) memory beside the spans, for a text of *n* scalars.
  package static func find(in text: String) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var depth = 0
    var start = 0
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      switch scalar.value {
      case 0x2066...0x2068:
        if depth == 0 { start = offset }
        depth += 1
      case 0x2069 where depth > 0:
        depth -= 1
        if depth == 0 { spans.append(start..<offset + 1) }
      case _ where BidiClass(scalar) == .paragraphSeparator:
        depth = 0
      default:
        break
      }
    }
    return spans
  }
}

import Bidi
@_spi(BidiCore) import BidiCore

@available(SwiftStdlib 6.2, *)
extension TerminalDisplay {
  /// Lays out a message of plain left-to-right text
  /// (``TerminalLayout/plainLeftToRightWidth(ofValidUTF8:)`` counted it) that is wider than a line:
  /// isolated, and broken into lines as any message is, each line then being its own bytes without
  /// the isolator's controls. Every level of such text is even, so nothing is reordered, mirrored
  /// or shaped, and neither classes nor characters are needed beyond each one's display word.
  ///
  /// Returns `false`, having written nothing, for text the general path must lay out: a message
  /// long enough to go in pieces, or isolated with a control other than LRI, FSI and PDI.
  ///
  /// - Complexity: O(*n*).
  func renderPlainWrapped(
    _ message: Span<UInt8>, width: Int, lineBreak: [UInt8], appendingTo output: inout [UInt8],
    workspace: inout Workspace
  ) -> Bool {
    var isolated = workspace.take(\.isolated)
    var words = workspace.take(\.plainWords)
    var offsets = workspace.take(\.plainOffsets)
    var lines = workspace.take(\.lines)
    defer {
      swap(&workspace.isolated, &isolated)
      swap(&workspace.plainWords, &words)
      swap(&workspace.plainOffsets, &offsets)
      swap(&workspace.lines, &lines)
    }
    isolated.removeAll(keepingCapacity: true)
    guard let isolator else {
      return wrap(
        message, width: width, lineBreak: lineBreak, into: &output, words: &words, offsets: &offsets, lines: &lines)
    }
    isolator.isolate(validUTF8: message, appendingTo: &isolated, workspace: &workspace.isolation)
    return wrap(
      isolated.span, width: width, lineBreak: lineBreak, into: &output, words: &words, offsets: &offsets, lines: &lines)
  }

  /// ``renderPlainWrapped(_:width:lineBreak:appendingTo:workspace:)`` on the isolated text.
  private func wrap(
    _ text: Span<UInt8>, width: Int, lineBreak: [UInt8], into output: inout [UInt8], words: inout [UInt32],
    offsets: inout [Int32], lines: inout [LineBreaking.Line]
  ) -> Bool {
    guard text.count <= TerminalLayout.maximumPieceLength,
      let count = Self.decodeWords(text, into: &words, offsets: &offsets)
    else { return false }
    lines.removeAll(keepingCapacity: true)
    LineBreaking.breakLines(words.span.extracting(0..<count), start: 0, width: width, into: &lines)
    let wordsRead = words.span
    let offsetsRead = offsets.span
    for (index, line) in lines.enumerated() {
      if index > 0 { output.append(contentsOf: lineBreak) }
      let shown = line.shown
      if layout.alignment == .right {
        var cells = 0
        for k in shown { cells += Int(wordsRead[k] >> 5 & 3) }
        if cells < width { output.append(contentsOf: repeatElement(0x20, count: width - cells)) }
      }
      // The bytes between the controls, a stretch at a time.
      var stretchStart = Int(offsetsRead[shown.lowerBound])
      for k in shown where wordsRead[k] & DisplayCharacters.bidiControl != 0 {
        output.append(copying: text.extracting(stretchStart..<Int(offsetsRead[k])))
        stretchStart = Int(offsetsRead[k + 1])
      }
      output.append(copying: text.extracting(stretchStart..<Int(offsetsRead[shown.upperBound])))
    }
    return true
  }

  /// Writes the display word of each character of `text` into `words`, with
  /// ``DisplayCharacters/insideIsolate`` on those after each outermost isolate's initiator up to its
  /// PDI, as ``Characters/decode(_:markingIsolates:)`` marks them, and the byte offset where each
  /// starts into `offsets` (one more for the end). Returns how many characters there are, or `nil`
  /// at a bidi control other than LRI, FSI and PDI, or a PDI that closes nothing.
  ///
  /// - Complexity: O(*n*) in the bytes.
  private static func decodeWords(_ text: Span<UInt8>, into words: inout [UInt32], offsets: inout [Int32]) -> Int? {
    words.grow(toAtLeast: text.count, filling: 0)
    offsets.grow(toAtLeast: text.count + 1, filling: 0)
    var wordOut = words.mutableSpan
    var offsetOut = offsets.mutableSpan
    let basicPlane = DisplayCharacters.basicPlaneTable.span
    var n = 0
    var offset = 0
    var depth = 0
    var outermost = 0
    while offset < text.count {
      // Offsets fit an `Int32`: the text is no longer than a piece.
      offsetOut[n] = Int32(truncatingIfNeeded: offset)
      let value: UInt32
      if text[offset] < 0x80 {
        value = UInt32(text[offset])
        offset += 1
      } else {
        let (decoded, length) = UTF8Coding.scalar(at: offset, in: text)
        value = decoded
        offset += length
      }
      let word = value < 0x1_0000 ? basicPlane[Int(value)] : DisplayCharacters.properties(ofScalar: value).rawValue
      wordOut[n] = word
      if word & DisplayCharacters.bidiControl != 0 {
        switch value {
        case 0x2066, 0x2068:  // LRI, FSI
          if depth == 0 { outermost = n }
          depth += 1
        case 0x2069 where depth > 0:  // PDI
          depth -= 1
          if depth == 0 {
            for k in outermost + 1...n { wordOut[k] |= DisplayCharacters.insideIsolate }
          }
        default:
          return nil
        }
      }
      n += 1
    }
    offsetOut[n] = Int32(truncatingIfNeeded: offset)
    return n
  }
}

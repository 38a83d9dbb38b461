import Bidi
@_spi(BidiCore) import BidiCore
import BidiIsolator

@available(SwiftStdlib 6.2, *)
extension TerminalDisplay {
  /// The memory a display works in: the message's characters and their properties, levels, lines
  /// and the buffers of the line rules. Each grows to the longest message it has seen and stays, so
  /// a caller that keeps one per thread displays message after message without allocating.
  ///
  /// ```swift
  /// var workspace = TerminalDisplay.Workspace()
  /// var output: [UInt8] = []
  /// for message in messages {
  ///   display.render(message.utf8Span, lineBreak: [0x0A], appendingTo: &output, workspace: &workspace)
  ///   output.append(0x0A)
  /// }
  /// ```
  public struct Workspace: Sendable {
    var isolation = BidiIsolator.Workspace()
    var isolated: [UInt8] = []
    var characters = Characters()
    var levels: [UInt8] = []
    var resolver = ParagraphResolver()
    var lines: [LineBreaking.Line] = []
    var arranger = LineArranger()
    var clusters = GraphemeClusters()
    /// A line in stored order without its bidi controls.
    var inOrder: [Unicode.Scalar] = []
    /// The display words of a plain left-to-right message, and where each character's bytes start.
    var plainWords: [UInt32] = []
    var plainOffsets: [Int32] = []

    /// An empty workspace.
    public init() {}

    /// The value of a buffer, leaving an empty one in its place, so the caller holds the only
    /// reference while it works on it and no write copies it.
    mutating func take<Buffer: EmptyInitializable>(_ buffer: WritableKeyPath<Workspace, Buffer>) -> Buffer {
      var taken = Buffer()
      swap(&taken, &self[keyPath: buffer])
      return taken
    }
  }
}

/// A buffer a ``TerminalDisplay/Workspace`` can hand out, leaving an empty one behind.
protocol EmptyInitializable { init() }
extension Array: EmptyInitializable {}
@available(SwiftStdlib 6.2, *) extension Characters: EmptyInitializable {}
@available(SwiftStdlib 6.2, *) extension ParagraphResolver: EmptyInitializable {}
@available(SwiftStdlib 6.2, *) extension LineArranger: EmptyInitializable {}
@available(SwiftStdlib 6.2, *) extension GraphemeClusters: EmptyInitializable {}

/// A message decoded once: its characters, their display words, classes, bracket ids and joining
/// types, and the isolates in it; the first ``count`` of each buffer.
@available(SwiftStdlib 6.2, *)
struct Characters: Sendable {
  var scalars: [Unicode.Scalar] = []
  var properties: [UInt32] = []
  var classes: [BidiClass] = []
  var brackets: [UInt32] = []
  var joiningTypes: [UInt8] = []
  /// The outermost isolates, initiator to matching PDI.
  private(set) var isolates: [Range<Int>] = []
  /// For each isolate initiator, its matching PDI or `-1` (``IsolateMatching``'s table, which the
  /// resolver takes instead of looking for the isolates again); other entries are left as they were.
  private(set) var matchingPDI: [Int32] = []
  private(set) var count = 0
  /// The classes the message holds, so that the passes after the decoding can skip what is not there.
  private(set) var present = BidiClassSet()
  /// The ``DisplayCharacters`` flags any character of the message has.
  private(set) var flags: UInt32 = 0

  /// Decodes `bytes`, well-formed UTF-8, reading each character's word from ``DisplayCharacters``.
  /// With `markingIsolates`, the characters after each outermost isolate's initiator, up to its PDI,
  /// are marked as inside it, where a line may not break, unless the isolate spans paragraphs.
  ///
  /// - Complexity: O(*n*) in the bytes.
  mutating func decode(_ bytes: Span<UInt8>, markingIsolates: Bool) {
    let capacity = bytes.count
    var scalars = self.scalars.takeAll()
    var properties = self.properties.takeAll()
    var classes = self.classes.takeAll()
    var brackets = self.brackets.takeAll()
    var joiningTypes = self.joiningTypes.takeAll()
    var isolates = self.isolates.takeAll()
    var matchingPDI = self.matchingPDI.takeAll()
    defer {
      swap(&self.matchingPDI, &matchingPDI)
      swap(&self.scalars, &scalars)
      swap(&self.properties, &properties)
      swap(&self.classes, &classes)
      swap(&self.brackets, &brackets)
      swap(&self.joiningTypes, &joiningTypes)
      swap(&self.isolates, &isolates)
    }
    isolates.removeAll(keepingCapacity: true)
    scalars.grow(toAtLeast: capacity, filling: " ")
    properties.grow(toAtLeast: capacity, filling: 0)
    classes.grow(toAtLeast: capacity, filling: .otherNeutral)
    brackets.grow(toAtLeast: capacity, filling: 0)
    joiningTypes.grow(toAtLeast: capacity, filling: 0)
    matchingPDI.grow(toAtLeast: capacity, filling: -1)
    let table = DisplayCharacters.basicPlaneTable
    let basicPlane = table.span
    var scalarOut = scalars.mutableSpan
    var propertyOut = properties.mutableSpan
    var classOut = classes.mutableSpan
    var bracketOut = brackets.mutableSpan
    var joiningOut = joiningTypes.mutableSpan
    var matches = matchingPDI.mutableSpan
    // Bracket ids are 0 but for the few paired brackets: cleared at once, set one by one.
    for i in 0..<capacity { bracketOut[i] = 0 }
    var n = 0
    var offset = 0
    var matching = IsolateMatching()
    var flags: UInt32 = 0
    var classBits: UInt32 = 0
    while offset < capacity {
      let lead = bytes[offset]
      let value: UInt32
      if lead < 0x80 {
        value = UInt32(lead)
        offset += 1
      } else {
        let (decoded, length) = UTF8Coding.scalar(at: offset, in: bytes)
        value = decoded
        offset += length
      }
      let word =
        value < 0x1_0000 ? basicPlane[Int(value)] : DisplayCharacters.properties(ofScalar: value).rawValue
      let bidiClass = BidiClass(unchecked: UInt8(truncatingIfNeeded: word & 0x1F))
      scalarOut[n] = Unicode.Scalar(value) ?? "\u{FFFD}"
      propertyOut[n] = word
      flags |= word
      classBits |= 1 &<< (word & 0x1F)
      classOut[n] = bidiClass
      if word & DisplayCharacters.bracket != 0 { bracketOut[n] = CharacterData.bracket(of: value) }
      joiningOut[n] = UInt8(truncatingIfNeeded: word >> 24)
      if bidiClass == .paragraphSeparator {
        // Isolates pair within a paragraph (BD9): one left open ends here.
        matching.closeAll(in: &matches)
      } else if bidiClass.rawValue >= BidiClass.leftToRightIsolate.rawValue {
        if bidiClass == .popDirectionalIsolate {
          if let outermost = matching.close(at: n, in: &matches) { isolates.append(outermost..<n + 1) }
        } else {
          matching.open(at: n, in: &matches)
        }
      }
      n += 1
    }
    matching.closeAll(in: &matches)
    count = n
    present = BidiClassSet(bits: classBits)
    // The low five bits are the class, which the flags do not keep apart.
    self.flags = flags & ~0x1F
    guard markingIsolates else { return }
    for isolate in isolates {
      for i in isolate.dropFirst() { propertyOut[i] |= DisplayCharacters.insideIsolate }
    }
  }

  /// The paragraph that starts at `start` (rule P1): up to and including the next paragraph
  /// separator, CR LF counting as one.
  ///
  /// - Complexity: O(*k*) in the paragraph's length.
  func paragraph(startingAt start: Int) -> Range<Int> {
    guard present.contains(.paragraphSeparator) else { return start..<count }
    var i = start
    while i < count {
      if classes[i] == .paragraphSeparator {
        var end = i + 1
        if scalars[i] == "\r" && end < count && scalars[end] == "\n" { end += 1 }
        return start..<end
      }
      i += 1
    }
    return start..<count
  }
}

/// Keeps the scalars of each grapheme cluster in logical order after reordering: an emoji ZWJ
/// sequence or a skin-tone modifier in a right-to-left run would otherwise be sent reversed and
/// fall apart on screen.
///
/// Marks already follow their base (rule L3); what else joins scalars into one grapheme is a ZWJ,
/// an emoji modifier or a tag character. Only where such a scalar came out right before the one it
/// followed (or a ZWJ right after the one that followed it) can a cluster be broken: the words
/// around those places are split into graphemes by the standard library's own rules, and the
/// scalars of each grapheme that came out side by side are put back in logical order, the order to
/// draw them in (rule L3 can leave a mark inside a ZWJ sequence on the wrong side of the rest:
/// `❤️‍🔥` as ❤ ZWJ 🔥 U+FE0F).
@available(SwiftStdlib 6.2, *)
struct GraphemeClusters: Sendable {
  private var suspects: [Int32] = []
  private var clusterOf: [Int32] = []
  /// The line's characters in the order to draw them, when ``restore`` reordered any.
  private(set) var restored: [Unicode.Scalar] = []
  private var keys: [Int32] = []

  /// Puts the graphemes of an arranged line back together; `true` when any moved, and then
  /// ``restored`` holds the line's characters in the order to draw them.
  ///
  /// - Parameters:
  ///   - visual: the line's characters, left to right; `logical`, each one's line offset.
  ///   - scalars, properties: the whole text's characters and display words.
  ///   - lineStart, lineCount: where the line lies in the text.
  /// - Complexity: O(*n*), and for the words around a moved joiner, the standard library's grapheme
  ///   breaking.
  mutating func restore(
    visual: Span<Unicode.Scalar>, logical: Span<Int32>, scalars: Span<Unicode.Scalar>, properties: Span<UInt32>,
    lineStart: Int, lineCount: Int
  ) -> Bool {
    let kept = visual.count
    var suspects = self.suspects.takeAll()
    var clusterOf = self.clusterOf.takeAll()
    var restored = self.restored.takeAll()
    var keys = self.keys.takeAll()
    defer {
      swap(&self.suspects, &suspects)
      swap(&self.clusterOf, &clusterOf)
      swap(&self.restored, &restored)
      swap(&self.keys, &keys)
    }
    suspects.removeAll(keepingCapacity: true)
    var v = 0
    while v + 1 < kept {
      let l = Int(logical[v])
      if Int(logical[v + 1]) == l - 1 {
        let joins =
          properties[lineStart + l] & DisplayCharacters.joiner != 0 || scalars[lineStart + l - 1] == "\u{200D}"
        if joins { suspects.append(Int32(l)) }
      }
      v += 1
    }
    guard !suspects.isEmpty else { return false }
    suspects.sort()
    clusterOf.grow(toAtLeast: lineCount, filling: 0)
    var cluster = clusterOf.mutableSpan
    for k in 0..<lineCount { cluster[k] = Int32(k) }
    func isSpace(_ k: Int) -> Bool { scalars[lineStart + k] == " " }
    func startsCluster(atSpace k: Int) -> Bool {
      k == 0 || properties[lineStart + k - 1] & DisplayCharacters.prepended == 0
    }
    var covered = 0
    for index in suspects.indices where Int(suspects[index]) >= covered {
      let suspect = Int(suspects[index])
      // A word is taken from the space before it, where a cluster starts (unless a prepended
      // character comes right before the space, rule GB9b), to the next space, where one always starts.
      var wordStart = max(suspect - 1, 0)
      repeat {
        while wordStart > 0 && !isSpace(wordStart - 1) { wordStart -= 1 }
        if wordStart > 0 { wordStart -= 1 }
      } while wordStart > 0 && !startsCluster(atSpace: wordStart)
      var wordEnd = suspect + 1
      while wordEnd < lineCount && !isSpace(wordEnd) { wordEnd += 1 }
      covered = wordEnd
      var recognizer = Unicode._CharacterRecognizer()
      var start = wordStart
      for k in wordStart..<wordEnd {
        if recognizer.hasBreak(before: scalars[lineStart + k]) { start = k }
        cluster[k] = Int32(start)
      }
    }
    restored.grow(toAtLeast: kept, filling: " ")
    keys.grow(toAtLeast: kept, filling: 0)
    var out = restored.mutableSpan
    var order = keys.mutableSpan
    for k in 0..<kept {
      out[k] = visual[k]
      order[k] = logical[k]
    }
    // Runs of one cluster, sorted into logical order (a cluster is a few scalars: insertion sort).
    v = 0
    while v < kept {
      var end = v + 1
      while end < kept && cluster[Int(order[end])] == cluster[Int(order[v])] { end += 1 }
      if end - v > 1 {
        for i in v + 1..<end {
          var j = i
          while j > v && order[j - 1] > order[j] {
            order.swapAt(j - 1, j)
            out.swapAt(j - 1, j)
            j -= 1
          }
        }
      }
      v = end
    }
    return true
  }
}

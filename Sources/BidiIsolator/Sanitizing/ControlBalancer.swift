/// Walks the bidi controls of a text paragraph by paragraph the way UAX #9's rules X1–X8 pair them,
/// and works out how to make the text well nested: which terminators pair with nothing, which
/// initiators are still open at the end of a paragraph, and which embeddings a PDI closes without a
/// PDF of their own.
///
/// An embedding or override still open at the end of a paragraph, outside any isolate, is closed
/// and also put inside an isolate of its own direction, from its initiator to the end of the
/// paragraph: a PDF alone would end it, but the text after it would still start from its level and
/// be pulled (the W3C's "spillover": `User ‮ecila: 3 posts` showing `User 3 :alice posts`).
///
/// The sanitizer, the audit and the isolator share this one simulation, so they always agree.
internal struct ControlBalancer {
  /// A problem, by byte offset.
  struct Finding {
    var kind: BidiControlAudit.IssueKind
    var offset: Int
    var control: BidiControl
  }

  /// The highest embedding level user controls may reach in the sanitised text. UAX #9 allows 125;
  /// keeping user controls seven below leaves room for a containing isolate, the isolator's wrapper
  /// around the paragraph and its wrapper around an entity, so none can overflow and be ignored.
  static let sanitizedMaximumLevel = 118
  /// UAX #9's limit (BD2), which the audit reports against.
  static let algorithmMaximumLevel = 125

  var dropped: [ControlOccurrence] = []
  /// Closing controls to insert, in order: before a PDI that closes embeddings implicitly, and at
  /// the end of each paragraph.
  var closers: [(offset: Int, control: BidiControl)] = []
  /// Isolates to open before an embedding left open at the end of its paragraph (LRI for LRE and
  /// LRO, RLI for RLE and RLO) and to close at that end, after the closers.
  var containments: [(start: Int, end: Int, initiator: BidiControl)] = []
  var findings: [Finding] = []
  /// The initiators open at the control being paired, outermost first.
  private var stack: [OpenControl] = []

  private struct OpenControl {
    var occurrence: ControlOccurrence
    var level: Int
  }

  /// A balancer that has paired nothing, whose memory ``balance(controls:separators:length:maximumLevel:)``
  /// reuses text after text.
  init() {}

  /// Pairs `controls` (sorted by offset) within the paragraphs that `separators` delimit in a text
  /// of `length` bytes.
  ///
  /// - Complexity: O(*c* + *p*) for *c* controls in *p* paragraphs.
  init(
    controls: some Sequence<ControlOccurrence>, separators: [Range<Int>], length: Int, maximumLevel: Int
  ) {
    balance(controls: controls, separators: separators, length: length, maximumLevel: maximumLevel)
  }

  /// Pairs `controls` as ``init(controls:separators:length:maximumLevel:)`` does, replacing what an
  /// earlier text left and keeping the memory it grew.
  ///
  /// Levels are counted from a right-to-left paragraph, the deeper of the two, and an FSI is taken
  /// to add two levels, so the limit holds whatever direction the paragraph gets.
  ///
  /// - Complexity: O(*c* + *p*) for *c* controls in *p* paragraphs.
  mutating func balance(
    controls: some Sequence<ControlOccurrence>, separators: [Range<Int>], length: Int, maximumLevel: Int
  ) {
    dropped.removeAll(keepingCapacity: true)
    closers.removeAll(keepingCapacity: true)
    containments.removeAll(keepingCapacity: true)
    findings.removeAll(keepingCapacity: true)
    stack.removeAll(keepingCapacity: true)
    var overflowIsolates = 0
    var overflowEmbeddings = 0
    var separatorIndex = 0
    var paragraphEnd = separators.first?.lowerBound ?? length

    func closeParagraph() {
      if let bottom = stack.first?.occurrence, bottom.control.isEmbeddingInitiator {
        let initiator: BidiControl =
          bottom.control == .rightToLeftEmbedding || bottom.control == .rightToLeftOverride
          ? .rightToLeftIsolate : .leftToRightIsolate
        containments.append((bottom.offset, paragraphEnd, initiator))
      }
      while let open = stack.popLast() {
        let closer: BidiControl =
          open.occurrence.control.isIsolateInitiator ? .popDirectionalIsolate : .popDirectionalFormatting
        closers.append((paragraphEnd, closer))
        findings.append(
          Finding(kind: .unclosedInitiator, offset: open.occurrence.offset, control: open.occurrence.control))
      }
      overflowIsolates = 0
      overflowEmbeddings = 0
    }

    for occurrence in controls {
      while occurrence.offset >= paragraphEnd && separatorIndex < separators.count {
        closeParagraph()
        separatorIndex += 1
        paragraphEnd = separatorIndex < separators.count ? separators[separatorIndex].lowerBound : length
      }
      let control = occurrence.control
      if control.isOverride {
        findings.append(Finding(kind: .override, offset: occurrence.offset, control: control))
      }
      if control.isMark { continue }
      if control.isEmbeddingInitiator || control.isIsolateInitiator {
        let level = Self.level(after: control, from: stack.last?.level ?? 1)
        if level > maximumLevel || overflowIsolates > 0 || (overflowEmbeddings > 0 && !control.isIsolateInitiator) {
          if control.isIsolateInitiator {
            overflowIsolates += 1
          } else if overflowIsolates == 0 {
            overflowEmbeddings += 1
          }
          dropped.append(occurrence)
          findings.append(Finding(kind: .excessiveDepth, offset: occurrence.offset, control: control))
        } else {
          stack.append(OpenControl(occurrence: occurrence, level: level))
        }
      } else if control == .popDirectionalFormatting {
        if overflowIsolates > 0 {
          dropped.append(occurrence)
        } else if overflowEmbeddings > 0 {
          overflowEmbeddings -= 1
          dropped.append(occurrence)
        } else if let top = stack.last, !top.occurrence.control.isIsolateInitiator {
          stack.removeLast()
        } else {
          dropped.append(occurrence)
          findings.append(Finding(kind: .unmatchedTerminator, offset: occurrence.offset, control: control))
        }
      } else if control == .popDirectionalIsolate {
        if overflowIsolates > 0 {
          overflowIsolates -= 1
          dropped.append(occurrence)
        } else if stack.contains(where: { $0.occurrence.control.isIsolateInitiator }) {
          while let open = stack.popLast(), !open.occurrence.control.isIsolateInitiator {
            closers.append((occurrence.offset, .popDirectionalFormatting))
            findings.append(
              Finding(kind: .closedByIsolate, offset: open.occurrence.offset, control: open.occurrence.control))
          }
          overflowEmbeddings = 0
        } else {
          dropped.append(occurrence)
          findings.append(Finding(kind: .unmatchedTerminator, offset: occurrence.offset, control: control))
        }
      }
    }
    while separatorIndex < separators.count {
      closeParagraph()
      separatorIndex += 1
      paragraphEnd = separatorIndex < separators.count ? separators[separatorIndex].lowerBound : length
    }
    closeParagraph()
  }

  /// The embedding level an initiator opens from `level`: the next odd level for right to left, the
  /// next even one for left to right, and the higher of the two for FSI, whose direction depends on
  /// its content.
  private static func level(after control: BidiControl, from level: Int) -> Int {
    switch control {
    case .rightToLeftEmbedding, .rightToLeftOverride, .rightToLeftIsolate: (level + 1) | 1
    case .leftToRightEmbedding, .leftToRightOverride, .leftToRightIsolate: (level + 2) & ~1
    default: level + 2
    }
  }
}

@_spi(BidiCore) import BidiCore

/// Resolves paragraphs one after another into the caller's buffers: the direction by rules P2–P3 (or
/// as given) and the level of every character after rule I2. `BidiText` makes one for each
/// paragraph; a caller that lays out message after message keeps one and reuses its buffers.
///
/// ```swift
/// var resolver = ParagraphResolver()
/// var levels = [UInt8](filledWith: 0, count: classes.count)
/// var out = levels.mutableSpan
/// let direction = try resolver.resolve(
///   classes: classes.span, brackets: brackets.span, direction: .auto, into: &out)
/// ```
@available(SwiftStdlib 6.2, *)
package struct ParagraphResolver {
  private var structure = IsolateStructure()
  private var segment = SegmentBuffer()

  package init() {}

  /// Resolves one paragraph (its separator included, if it has one) and returns its direction.
  ///
  /// - Parameters:
  ///   - classes: the paragraph's classes, as the loaded libfribidi gives them.
  ///   - brackets: FriBidi's bracket id of each character, 0 for none; at least as many as `classes`.
  ///   - levels: room for one level per class; receives the levels after rule I2, with
  ///     ``LevelResolver/removedLevel`` for characters rule X9 removes.
  ///   - paragraphStart: where the paragraph starts in its text, for the error.
  ///   - present: the classes the paragraph holds (or more), when the caller knows them; found here
  ///     otherwise.
  ///   - matchingPDI: the table ``IsolateMatching`` made of the whole text, whose paragraph this is,
  ///     when the caller made one as it read the classes; made here otherwise.
  /// - Throws: ``BidiError`` when FriBidi, which resolves embeddings past the depth limit, cannot
  ///   allocate.
  /// - Complexity: O(*n*) for chat text; see ``LevelResolver`` for the bounds on hostile text.
  package mutating func resolve(
    classes: Span<BidiClass>, brackets: Span<UInt32>, direction: BaseDirection, into levels: inout MutableSpan<UInt8>,
    paragraphStart: Int = 0, present knownPresent: BidiClassSet? = nil, matchingPDI: [Int32]? = nil,
    libraryAlone: Bool = false
  ) throws(BidiError) -> TextDirection {
    let present = knownPresent ?? BidiClassSet(of: classes)
    // The caller's table is shared, not copied, and let go of when this returns, so the caller's
    // next write to it copies nothing.
    let structure: IsolateStructure
    if !present.intersects(.isolateInitiators) {
      structure = IsolateStructure()
    } else if let matchingPDI {
      structure = IsolateStructure(matchingPDI: matchingPDI, paragraphStart: paragraphStart)
    } else {
      self.structure.rebuild(classes: classes)
      structure = self.structure
    }
    let resolved: TextDirection
    switch direction.choice {
    case .fixed(let fixed):
      resolved = fixed
    case .firstStrong(let fallback):
      resolved = structure.firstStrongDirection(in: 0..<classes.count, classes: classes) ?? fallback
    }
    let baseLevel: UInt8 = resolved == .rightToLeft ? 1 : 0
    if baseLevel == 0 && !present.intersects(.needingBidiWork) && !libraryAlone {
      // Nothing can leave level 0: no right-to-left character, no Arabic digit, no control.
      for i in classes.indices {
        levels[i] = classes[i] == .boundaryNeutral ? LevelResolver.removedLevel : 0
      }
      return resolved
    }
    do {
      try LevelResolver.resolve(
        classes: classes, structure: structure, brackets: brackets, baseLevel: baseLevel, into: &levels,
        segment: &segment, removesCharacters: present.intersects(.removedByX9), libraryAlone: libraryAlone)
    } catch {
      throw BidiError(kind: .libraryFailure, paragraphStart: paragraphStart)
    }
    return resolved
  }
}

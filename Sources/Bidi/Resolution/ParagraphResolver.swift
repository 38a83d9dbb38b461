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

  package init() {}

  /// Resolves one paragraph (its separator included, if it has one) and returns its direction.
  ///
  /// - Parameters:
  ///   - classes: the paragraph's classes, as the loaded libfribidi gives them.
  ///   - brackets: FriBidi's bracket id of each character, 0 for none; at least as many as `classes`.
  ///   - levels: room for one level per class; receives the levels after rule I2, with
  ///     ``LevelResolver/removedLevel`` for characters rule X9 removes.
  ///   - paragraphStart: where the paragraph starts in its text, for the error.
  /// - Throws: ``BidiError`` when FriBidi, which resolves explicit embeddings and overrides, cannot
  ///   allocate.
  /// - Complexity: O(*n*) for chat text; see ``LevelResolver`` for the bounds on hostile text.
  package mutating func resolve(
    classes: Span<BidiClass>, brackets: Span<UInt32>, direction: BaseDirection, into levels: inout MutableSpan<UInt8>,
    paragraphStart: Int = 0, libraryAlone: Bool = false
  ) throws(BidiError) -> TextDirection {
    structure.rebuild(classes: classes)
    let resolved: TextDirection
    switch direction.choice {
    case .fixed(let fixed):
      resolved = fixed
    case .firstStrong(let fallback):
      resolved = structure.firstStrongDirection(in: 0..<classes.count, classes: classes) ?? fallback
    }
    let baseLevel: UInt8 = resolved == .rightToLeft ? 1 : 0
    var needsWork = false
    for i in classes.indices where classes[i].needsBidiWork {
      needsWork = true
      break
    }
    if baseLevel == 0 && !needsWork && !libraryAlone {
      // Nothing can leave level 0: no right-to-left character, no Arabic digit, no control.
      for i in classes.indices {
        levels[i] = classes[i] == .boundaryNeutral ? LevelResolver.removedLevel : 0
      }
      return resolved
    }
    do {
      try LevelResolver.resolve(
        classes: classes, structure: structure, brackets: brackets, baseLevel: baseLevel, into: &levels,
        libraryAlone: libraryAlone)
    } catch {
      throw BidiError(kind: .libraryFailure, paragraphStart: paragraphStart)
    }
    return resolved
  }
}

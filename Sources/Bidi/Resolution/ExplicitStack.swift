/// The directional status stack of rules X1–X8: which isolate initiators are valid (and at what
/// level their content sits), the embedding level and override status of each character, and what
/// is still open at the end of a stretch of text.
///
/// Isolate contents are cut out and resolved on their own with it (see `LevelResolver`); segments
/// with embeddings and overrides are resolved with it in Swift unless the stack overflows, and by
/// FriBidi then.
@available(SwiftStdlib 6.2, *)
internal struct ExplicitStack {
  private struct Entry {
    var level: UInt8
    var isIsolate: Bool
    /// The directional override status: `L`, `R`, or `nil` for neutral.
    var override: BidiClass? = nil
  }

  private var entries: [Entry]
  private var overflowIsolates = 0
  private var overflowEmbeddings = 0
  private var validIsolates = 0

  init(baseLevel: UInt8) {
    entries = [Entry(level: baseLevel, isIsolate: false)]
  }

  /// Empties the stack down to `baseLevel`, keeping its storage.
  mutating func reset(baseLevel: UInt8) {
    entries.removeAll(keepingCapacity: true)
    entries.append(Entry(level: baseLevel, isIsolate: false))
    overflowIsolates = 0
    overflowEmbeddings = 0
    validIsolates = 0
  }

  var currentLevel: UInt8 { entries[entries.count - 1].level }

  /// The override status of the last entry: the type every character takes under it (rules X6,
  /// X5a–X5c, X6a), or `nil`.
  var currentOverride: BidiClass? { entries[entries.count - 1].override }

  /// Whether an embedding or isolate past the depth limit is still open.
  var isOverflowing: Bool { overflowIsolates > 0 || overflowEmbeddings > 0 }

  private static func nextLevel(after level: UInt8, rightToLeft: Bool) -> UInt8 {
    rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
  }

  /// Rules X2–X5: an embedding, or with `overriding` an override.
  mutating func pushEmbedding(rightToLeft: Bool, overriding: Bool = false) {
    let level = Self.nextLevel(after: currentLevel, rightToLeft: rightToLeft)
    if Int(level) <= BidiLevel.maximumExplicitDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
      let override: BidiClass? = overriding ? (rightToLeft ? .rightToLeft : .leftToRight) : nil
      entries.append(Entry(level: level, isIsolate: false, override: override))
    } else if overflowIsolates == 0 {
      overflowEmbeddings += 1
    }
  }

  /// Rules X5a–X5c: an isolate initiator whose direction is known. Returns the level of the
  /// isolate's content when the initiator is valid, `nil` when it overflows.
  mutating func pushIsolate(rightToLeft: Bool) -> UInt8? {
    let level = Self.nextLevel(after: currentLevel, rightToLeft: rightToLeft)
    guard Int(level) <= BidiLevel.maximumExplicitDepth && overflowIsolates == 0 && overflowEmbeddings == 0
    else {
      overflowIsolates += 1
      return nil
    }
    validIsolates += 1
    entries.append(Entry(level: level, isIsolate: true))
    return level
  }

  /// Rule X6a.
  mutating func popIsolate() {
    if overflowIsolates > 0 {
      overflowIsolates -= 1
    } else if validIsolates > 0 {
      overflowEmbeddings = 0
      while !entries[entries.count - 1].isIsolate { entries.removeLast() }
      entries.removeLast()
      validIsolates -= 1
    }
  }

  /// Rule X7.
  mutating func popEmbedding() {
    if overflowIsolates > 0 { return }
    if overflowEmbeddings > 0 {
      overflowEmbeddings -= 1
    } else if !entries[entries.count - 1].isIsolate && entries.count >= 2 {
      entries.removeLast()
    }
  }

  /// How many PDFs close every embedding and override still open above the innermost open isolate
  /// (or the base), and the level text lands at once they are closed.
  var closingState: (pdfs: Int, level: UInt8) {
    if overflowIsolates > 0 { return (0, currentLevel) }
    var index = entries.count - 1
    while index > 0 && !entries[index].isIsolate { index -= 1 }
    return (overflowEmbeddings + entries.count - 1 - index, entries[index].level)
  }
}

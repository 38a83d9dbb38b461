@_spi(BidiCore) import BidiCore

/// Estimates a message's direction while skipping mentions, hashtags, URLs, e-mail addresses and
/// numbers, which say nothing about the language of the message around them.
///
/// UAX #9's first-strong rule calls `@alice مرحبا كيف حالك` left to right because of the Latin
/// name, the failure the W3C notes for messages that start with a Latin `@name` or `#tag`. The
/// detector reads it right to left.
///
/// ```swift
/// let detector = DirectionDetector()
/// detector.direction(of: "@alice مرحبا كيف حالك")   // .rightToLeft
/// detector.direction(of: "#WWDC22 שלום")             // .rightToLeft
/// detector.direction(of: "+1-555-0100")              // nil: no strong character outside entities
/// ```
///
/// - Complexity: ``direction(of:)`` is O(*n*).
public struct DirectionDetector: Sendable {
  /// How the direction is estimated.
  public var heuristic: DirectionHeuristic

  /// The scanner that finds the entities to skip.
  public var scanner: EntityScanner

  /// A detector that skips entities of `kinds`, matching mentions against `memberNames`.
  ///
  /// - Complexity: O(*m* log *m*) for *m* member names.
  public init(heuristic: DirectionHeuristic = .firstStrong, kinds: EntityKinds = .all, memberNames: [String] = []) {
    self.heuristic = heuristic
    self.scanner = EntityScanner(kinds: kinds, memberNames: memberNames)
  }

  /// The direction of `text`, or `nil` when it has no strong character outside entities.
  ///
  /// - Complexity: O(*n*).
  public func direction(of text: String) -> TextDirection? {
    withUTF8Text(text) { utf8 in
      let scan = EntityFinder(text: utf8, kinds: scanner.kinds, members: scanner.memberIndex)
        .scan(recordingStructure: false)
      return DirectionEstimate(text: utf8, entities: scan.entities).direction(heuristic)
    }
  }
}

/// The direction estimate over UTF-8 bytes with the entities already found.
internal struct DirectionEstimate {
  let text: UTF8Text
  let entities: [RawEntity]

  func direction(_ heuristic: DirectionHeuristic) -> TextDirection? {
    switch heuristic {
    case .firstStrong: firstStrong()
    case .wordMajority: wordMajority()
    }
  }

  /// The first strong character outside entities and outside isolates, as rule P2 skips them.
  func firstStrong() -> TextDirection? {
    var result: TextDirection? = nil
    walk { direction, _ in
      guard let direction else { return true }
      result = direction
      return false
    }
    return result
  }

  func wordMajority() -> TextDirection? {
    if let first = text.scalarValue(at: 0), let mark = BidiControl(value: first)?.markDirection {
      return mark
    }
    var leftToRightWords = 0
    var rightToLeftWords = 0
    var first: TextDirection? = nil
    var wordCounted = false
    walk { direction, startsWord in
      if startsWord { wordCounted = false }
      guard let direction else { return true }
      if first == nil { first = direction }
      if !wordCounted {
        wordCounted = true
        if direction == .leftToRight { leftToRightWords += 1 } else { rightToLeftWords += 1 }
      }
      return true
    }
    if leftToRightWords != rightToLeftWords {
      return leftToRightWords > rightToLeftWords ? .leftToRight : .rightToLeft
    }
    return first
  }

  /// Calls `visit` for every strong character outside entities and isolates with its direction,
  /// and with `nil` at every word break (white space, an entity, a paragraph separator), until
  /// `visit` returns false. The second argument says whether a word break came before.
  private func walk(_ visit: (TextDirection?, Bool) -> Bool) {
    let table = CharacterTable.shared
    var offset = 0
    var entityIndex = 0
    var isolateDepth = 0
    var atWordBreak = true
    while offset < text.count {
      if entityIndex < entities.count && offset >= entities[entityIndex].start {
        offset = max(offset, entities[entityIndex].end)
        entityIndex += 1
        atWordBreak = true
        guard visit(nil, true) else { return }
        continue
      }
      let byte = text[offset]
      if byte < 0x80 {
        offset += 1
        if byte.isASCIILetter {
          if isolateDepth == 0 {
            guard visit(.leftToRight, atWordBreak) else { return }
            atWordBreak = false
          }
        } else if byte <= 0x20 {
          if byte == 0x0A || byte == 0x0D || (byte >= 0x1C && byte <= 0x1E) { isolateDepth = 0 }
          atWordBreak = true
        }
        continue
      }
      let (value, length) = text.scalar(at: offset)
      offset += length
      if let control = BidiControl(value: value) {
        if control.isIsolateInitiator {
          isolateDepth += 1
        } else if control == .popDirectionalIsolate && isolateDepth > 0 {
          isolateDepth -= 1
        } else if let direction = control.markDirection, isolateDepth == 0 {
          guard visit(direction, atWordBreak) else { return }
          atWordBreak = false
        }
        continue
      }
      switch table.rawClass(of: value) {
      case BidiClass.leftToRight.rawValue where isolateDepth == 0:
        guard visit(.leftToRight, atWordBreak) else { return }
        atWordBreak = false
      case BidiClass.rightToLeft.rawValue where isolateDepth == 0,
        BidiClass.arabicLetter.rawValue where isolateDepth == 0:
        guard visit(.rightToLeft, atWordBreak) else { return }
        atWordBreak = false
      case BidiClass.paragraphSeparator.rawValue:
        isolateDepth = 0
        atWordBreak = true
      case BidiClass.whiteSpace.rawValue, BidiClass.segmentSeparator.rawValue:
        atWordBreak = true
      default:
        break
      }
    }
  }
}

@_spi(BidiCore) import BidiCore

/// Works out which controls to insert around the entities of a text that holds no recognisable
/// insertions and whose own controls are already balanced as the policy wants.
internal struct IsolationPlanner {
  let text: UTF8Text
  let scan: ScanResult
  let options: IsolationSettings
  /// The message's direction, given or estimated; `nil` when it has no strong character.
  let messageDirection: TextDirection?

  func plan(into edits: inout TextEdits) {
    edits.reserveInsertions(3 * scan.entities.count + 2)
    switch options.strategy {
    case .isolate:
      var continuation = LeftToRightContinuation(text: text)
      for (index, entity) in scan.entities.enumerated() where continuation.needsIsolate(at: index, in: scan.entities) {
        edits.insert(entity.isolateInitiator, at: entity.start, rank: .entityStart)
        edits.insert(.popDirectionalIsolate, at: entity.end, rank: .entityEnd)
      }
    case .embed, .mark:
      let trailingMarks = trailingMarkNeeds()
      let paragraphDirection = messageDirection ?? .leftToRight
      for (entity, needsMark) in zip(scan.entities, trailingMarks) {
        let direction = entity.markDirection
        if options.strategy == .embed {
          edits.insert(direction.embedding, at: entity.start, rank: .entityStart)
          edits.insert(.popDirectionalFormatting, at: entity.end, rank: .entityEnd)
        } else {
          edits.insert(direction.mark, at: entity.start, rank: .entityStart)
          // A neutral at the end would go with the text after it (`C++` as `++C`): a second mark
          // of the entity's direction holds it, before any mark of the message's.
          if entity.endsInNeutral(in: text) { edits.insert(direction.mark, at: entity.end, rank: .entityEnd) }
        }
        if needsMark { edits.insert(paragraphDirection.mark, at: entity.end, rank: .entityEnd) }
      }
    }
    guard options.explicitDirection != .none else { return }
    for paragraph in scan.paragraphs(length: text.count) where !paragraph.isEmpty {
      switch options.explicitDirection {
      case .none:
        break
      case .mark:
        guard let direction = messageDirection else { continue }
        if text.scalar(at: paragraph.lowerBound).value != direction.mark.rawValue {
          edits.insert(direction.mark, at: paragraph.lowerBound, rank: .paragraphStart)
        }
      case .isolate:
        edits.insert(messageDirection?.isolate ?? .firstStrongIsolate, at: paragraph.lowerBound, rank: .paragraphStart)
        edits.insert(.popDirectionalIsolate, at: paragraph.upperBound, rank: .paragraphEnd)
      }
    }
  }

  /// For each entity, whether a mark of the message's direction must follow it: when its direction
  /// differs from the message's, and something (neutrals, numbers, other entities) comes between it
  /// and the next strong character, and that character, or the end of the paragraph, reads in the
  /// message's direction. Other entities count as neutrals, as their isolates would.
  ///
  /// - Complexity: O(*n*): each entity's look-ahead stops at the next entity and reuses its answer.
  private func trailingMarkNeeds() -> [Bool] {
    let table = CharacterTable.shared
    let entities = scan.entities
    let paragraphDirection = messageDirection ?? .leftToRight
    // The end of the paragraph holding each entity.
    var paragraphEnds: [Int] = []
    paragraphEnds.reserveCapacity(entities.count)
    var separatorIndex = 0
    for entity in entities {
      while separatorIndex < scan.separators.count && scan.separators[separatorIndex].upperBound <= entity.start {
        separatorIndex += 1
      }
      paragraphEnds.append(
        separatorIndex < scan.separators.count ? scan.separators[separatorIndex].lowerBound : text.count)
    }
    var needs = [Bool](repeating: false, count: entities.count)
    var followingDirection = paragraphDirection  // of the entity after the current one
    for index in entities.indices.reversed() {
      let entity = entities[index]
      let hasNext = index + 1 < entities.count && entities[index + 1].start < paragraphEnds[index]
      let limit = hasNext ? entities[index + 1].start : paragraphEnds[index]
      var offset = entity.end
      var hasContent = false
      var strong: TextDirection? = nil
      while offset < limit {
        let (value, length) = text.scalar(at: offset)
        offset += length
        if let control = BidiControl(value: value) {
          if let direction = control.markDirection {
            strong = direction
            break
          }
          continue
        }
        if let direction = table.strongDirection(of: value) {
          strong = direction
          break
        }
        hasContent = true
      }
      let next = strong ?? (hasNext ? followingDirection : paragraphDirection)
      hasContent = hasContent || (strong == nil && hasNext)
      let direction = entity.markDirection
      needs[index] = direction != paragraphDirection && hasContent && next != direction
      followingDirection = next
    }
    return needs
  }
}

extension RawEntity {
  /// Whether the entity's last character is a neutral or a separator (`+` of `C++`, `)` of code
  /// between backticks, `/` at the end of a URL), or terminators after no digit (`#` of `C#`),
  /// which the mark strategy holds with a second mark of the entity's direction after it. Numbers
  /// end in digits or in terminators that rule W5 makes digits, and need none.
  ///
  /// - Complexity: O(*k*) in the terminators at the end.
  func endsInNeutral(in text: UTF8Text) -> Bool {
    let table = CharacterTable.shared
    var offset = end
    while offset > start {
      offset = text.scalarStart(before: offset)
      switch BidiClass(unchecked: table.rawClass(of: text.scalar(at: offset).value)) {
      case .otherNeutral, .commonSeparator, .europeanSeparator, .whiteSpace, .segmentSeparator: return true
      case .europeanTerminator: continue
      case .europeanNumber: return false
      default: return offset < text.scalarStart(before: end)
      }
    }
    return false
  }
}

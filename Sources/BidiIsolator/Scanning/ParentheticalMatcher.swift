@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a parenthetical at the `)` or `]` at `closingStart`: the text back to the closest
  /// bracket before it in its paragraph, when that is the matching `(` or `[`, and the two may open
  /// and close an enclosure (``opensEnclosure(markStart:markEnd:for:)``,
  /// ``closesEnclosure(markStart:markEnd:)``). It is an entity, the text inside the brackets, when
  /// ``enclosure(_:opening:closing:found:lastEntity:readings:marksFit:)`` says so: right-to-left
  /// text around `(etc.)` shows it as `(.etc)`, and around `[Hello!]` as `[!Hello]`.
  ///
  /// Brackets around other brackets make none: the reading back stops at the first bracket. It
  /// passes over the entities `found` (whose brackets are their own) but enclosed text, or, when
  /// the scan ``listsEveryEntity``, stops at the end of the last, `lastEntity`.
  ///
  /// - Complexity: O(*k*) back to the closest bracket or the paragraph's start, so each byte is
  ///   read back once over a whole scan; and the reading of the text inside and the neutrals around
  ///   it.
  func parenthetical<Sink: ScanSink>(
    closingAt closingStart: Int, found: inout Sink, lastEntity: Range<Int>, readings: inout DirectionReadings
  )
    -> RawEntity?
  {
    let opening = text[closingStart] == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
    let floor = listsEveryEntity ? lastEntity.upperBound : 0
    // The entities before `next` lie before the reading's place.
    var next = found.entities.endIndex
    var offset = closingStart
    while offset > floor {
      if next > found.entities.startIndex && offset <= found.entities[next - 1].end {
        next -= 1
        // Brackets around enclosed text made an entity make none; and a bracket it holds, read
        // back from already, is not read back from again.
        switch found.entities[next].kind {
        case .quotation, .parenthetical, .emphasis: return nil
        default: offset = found.entities[next].start
        }
        continue
      }
      offset -= 1
      let byte = text[offset]
      switch byte {
      case opening:
        // The reading of the text, which rules most brackets out, before the marks' places.
        return enclosure(
          .parenthetical, opening: offset..<offset + 1, closing: closingStart..<closingStart + 1, found: &found,
          lastEntity: lastEntity, readings: &readings
        ) {
          closesEnclosure(markStart: closingStart, markEnd: closingStart + 1)
            && opensEnclosure(markStart: offset, markEnd: offset + 1, for: .parenthetical)
        }
      case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), 0x0A, 0x0D, 0x1C, 0x1D, 0x1E:
        return nil
      case 0xC2 where text[offset + 1] == 0x85, 0xE2 where text[offset + 1] == 0x80 && text[offset + 2] == 0xA9:
        return nil  // NEL, U+2029
      default:
        continue
      }
    }
    return nil
  }
}

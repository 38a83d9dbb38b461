@_spi(BidiCore) import BidiCore

/// An edit by UTF-8 offsets: where the original had reached and where the isolated text had.
internal struct RawEdit: Equatable {
  var kind: IsolationEdit.Kind
  var control: BidiControl
  var original: Int
  var isolated: Int
}

/// Works out which bidi controls a text gained and lost on its way through the isolator, by reading
/// the text before and after side by side.
///
/// The isolator only ever inserts and removes controls, so the two texts hold the same characters
/// otherwise, in the same order; between two characters, each has a sequence of controls. Controls
/// equal in both are taken as kept, in order, and the rest as removed from the original or
/// inserted into the isolated text. This reads the net change, not the isolator's steps: a control
/// it removed and put back, as isolating an isolated text does, counts as kept, so isolating twice
/// reports no edits the second time.
///
/// Where the two sequences differ, a control is matched with an equal one at most eight places
/// ahead; any choice gives a correct account, and the bound keeps a run of thousands of controls
/// linear.
internal enum ControlAlignment {
  private static let lookahead = 8

  /// The edits that turn `original` into `isolated`, in the order of the text.
  ///
  /// - Complexity: O(*n* + *m*) in the lengths of the two texts.
  static func edits(from original: UTF8Text, to isolated: UTF8Text) -> [RawEdit] {
    var edits: [RawEdit] = []
    var originalControls: [ControlOccurrence] = []
    var isolatedControls: [ControlOccurrence] = []
    var o = 0
    var i = 0
    while true {
      originalControls.removeAll(keepingCapacity: true)
      isolatedControls.removeAll(keepingCapacity: true)
      o = collectControls(in: original, from: o, into: &originalControls)
      i = collectControls(in: isolated, from: i, into: &isolatedControls)
      if !originalControls.isEmpty || !isolatedControls.isEmpty {
        align(originalControls, endingAt: o, with: isolatedControls, endingAt: i, into: &edits)
      }
      guard o < original.count, i < isolated.count else {
        precondition(o == original.count && i == isolated.count, "the isolator changed more than bidi controls")
        return edits
      }
      // The characters up to the next control, on either side, are the same in both.
      let start = o
      repeat {
        let byte = original[o]
        if byte < 0x80 {
          guard isolated[i] == byte else { break }
          o += 1
          i += 1
          continue
        }
        let (value, length) = original.scalar(at: o)
        if BidiControl(value: value) != nil || isolated[i] < 0x80
          || BidiControl(value: isolated.scalar(at: i).value) != nil
        {
          break
        }
        for k in 0..<length {
          precondition(original[o + k] == isolated.byte(at: i + k), "the isolator changed more than bidi controls")
        }
        o += length
        i += length
      } while o < original.count && i < isolated.count
      // Where neither side has a control, the characters must have matched.
      precondition(o > start, "the isolator changed more than bidi controls")
    }
  }

  /// Appends the controls that start at `offset` and follow one another; returns where they end.
  private static func collectControls(
    in text: UTF8Text, from offset: Int, into controls: inout [ControlOccurrence]
  )
    -> Int
  {
    var offset = offset
    while offset < text.count, text[offset] >= 0x80, let control = BidiControl(value: text.scalar(at: offset).value) {
      let occurrence = ControlOccurrence(offset: offset, control: control)
      controls.append(occurrence)
      offset = occurrence.end
    }
    return offset
  }

  /// Matches the controls between two characters of the original with those of the isolated text.
  private static func align(
    _ before: [ControlOccurrence], endingAt originalEnd: Int, with after: [ControlOccurrence],
    endingAt isolatedEnd: Int, into edits: inout [RawEdit]
  ) {
    var k = 0
    var m = 0
    // Where each side has reached: the next control's offset, or the end of the gap.
    func originalCursor() -> Int { k < before.count ? before[k].offset : originalEnd }
    func isolatedCursor() -> Int { m < after.count ? after[m].offset : isolatedEnd }
    while k < before.count || m < after.count {
      if k < before.count && m < after.count && before[k].control == after[m].control {
        k += 1
        m += 1
        continue
      }
      let removals = m < after.count ? distance(to: after[m].control, in: before, after: k) : 0
      let insertions = k < before.count ? distance(to: before[k].control, in: after, after: m) : 0
      let removes =
        k < before.count
        && (m == after.count || (removals > 0 && (insertions == 0 || removals <= insertions))
          || (removals == 0 && insertions == 0))
      if removes {
        edits.append(
          RawEdit(kind: .removal, control: before[k].control, original: before[k].offset, isolated: isolatedCursor()))
        k += 1
      } else {
        edits.append(
          RawEdit(kind: .insertion, control: after[m].control, original: originalCursor(), isolated: after[m].offset))
        m += 1
      }
    }
  }

  /// How far after `start` in `controls` the next `control` is, within the lookahead; 0 when it is
  /// not there.
  private static func distance(to control: BidiControl, in controls: [ControlOccurrence], after start: Int) -> Int {
    for distance in 1...lookahead where start + distance < controls.count {
      if controls[start + distance].control == control { return distance }
    }
    return 0
  }

  /// The edits with their offsets counted every way, and the two texts' lengths.
  ///
  /// - Complexity: O(*n* + *m*) in the lengths of the two texts.
  static func map(_ edits: [RawEdit], original: UTF8Text, isolated: UTF8Text) -> IsolationOffsetMap {
    PositionTable.withTable(for: original) { originalPositions in
      PositionTable.withTable(for: isolated) { isolatedPositions in
        func offset(_ utf8: Int, _ table: inout PositionTable) -> TextOffset {
          table.count(through: utf8)
          let (scalars, utf16) = table.offsets(at: utf8)
          return TextOffset(utf8: utf8, utf16: utf16, scalars: scalars)
        }
        var counted: [IsolationEdit] = []
        counted.reserveCapacity(edits.count)
        for edit in edits {
          counted.append(
            IsolationEdit(
              kind: edit.kind, control: edit.control, originalOffset: offset(edit.original, &originalPositions),
              isolatedOffset: offset(edit.isolated, &isolatedPositions)))
        }
        return IsolationOffsetMap(
          edits: counted, originalLength: offset(original.count, &originalPositions),
          isolatedLength: offset(isolated.count, &isolatedPositions))
      }
    }
  }

  /// A map by UTF-8 offsets alone, for mapping ranges between two stages of one isolation.
  static func utf8Map(_ edits: [RawEdit], originalLength: Int, isolatedLength: Int) -> IsolationOffsetMap {
    func offset(_ utf8: Int) -> TextOffset { TextOffset(utf8: utf8, utf16: utf8, scalars: utf8) }
    return IsolationOffsetMap(
      edits: edits.map {
        IsolationEdit(
          kind: $0.kind, control: $0.control, originalOffset: offset($0.original), isolatedOffset: offset($0.isolated))
      }, originalLength: offset(originalLength), isolatedLength: offset(isolatedLength))
  }
}

@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Handles the run of one or two emphasis markers (`*`, `_`, `~`) between `start` and `end`, as
  /// chat apps mark up bold, italic and struck-through text (`*bold*`, `**bold**`, `_italic_`,
  /// `~~struck~~`): the run closes the emphasis `open` holds when it is a run of the same markers,
  /// as long, after a character that is not white space and before one that is no letter, mark or
  /// digit; otherwise a run of one or two opens one where
  /// ``opensEnclosure(markStart:markEnd:for:)`` lets it.
  ///
  /// The text between is an entity when
  /// ``enclosure(_:opening:closing:found:lastEntity:readings:marksFit:)`` says so: right-to-left
  /// text around `*Hello!*` shows it as `*!Hello*`.
  ///
  /// - Returns: the emphasis this run closes, when it is one.
  /// - Complexity: O(1) for a run that opens; for one that closes, as
  ///   ``enclosure(_:opening:closing:found:lastEntity:readings:marksFit:)``.
  func emphasis<Sink: ScanSink>(
    from start: Int, to end: Int, open: inout OpeningMark<UInt8>?, found: inout Sink, lastEntity: Range<Int>,
    readings: inout DirectionReadings
  ) -> RawEntity? {
    let marker = text[start]
    if let opening = open, opening.mark == marker, opening.range.count == end - start,
      closesEnclosure(markStart: start, markEnd: end)
    {
      open = nil
      return enclosure(
        .emphasis, opening: opening.range, closing: start..<end, found: &found, lastEntity: lastEntity,
        readings: &readings)
    }
    if end - start <= 2 && opensEnclosure(markStart: start, markEnd: end, for: .emphasis) {
      open = OpeningMark(mark: marker, range: start..<end)
    }
    return nil
  }

  /// The end of the run of the byte at `start`.
  func markerRunEnd(from start: Int) -> Int {
    var end = start + 1
    while end < text.count && text[end] == text[start] { end += 1 }
    return end
  }
}

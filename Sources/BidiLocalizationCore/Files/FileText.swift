@_spi(BidiCore) import BidiCore
import BidiIsolator

/// A file's text and how it was encoded, so that an edited file is written back the same way: the
/// encoding, the byte-order mark, and every byte outside the edits.
struct FileText: Sendable {
  enum Encoding: Sendable, Hashable {
    case utf8(byteOrderMark: Bool)
    case utf16(bigEndian: Bool)
  }

  let encoding: Encoding
  /// The text's UTF-8 bytes, without a byte-order mark: what the parsers read and offsets count.
  let bytes: [UInt8]
  /// Where each line starts, for `LINE:COLUMN`.
  private let lineStarts: [Int]
  /// How many scalars come before every `checkpointStride`-th byte, so that a column on a line of
  /// megabytes (a minified catalog) is counted from the nearest checkpoint, not the line's start.
  private let scalarCheckpoints: [Int]
  private static let checkpointStride = 4096

  /// Decodes a file: UTF-16 with a byte-order mark (as older Xcode projects wrote `.strings`),
  /// otherwise UTF-8, with or without one. `nil` when the bytes are not valid in that encoding.
  init?(decoding data: [UInt8]) {
    if data.count >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF) {
      let bigEndian = data[0] == 0xFE
      guard data.count % 2 == 0 else { return nil }
      var units: [UInt16] = []
      units.reserveCapacity(data.count / 2 - 1)
      for index in stride(from: 2, to: data.count, by: 2) {
        let (first, second) = (UInt16(data[index]), UInt16(data[index + 1]))
        units.append(bigEndian ? first << 8 | second : second << 8 | first)
      }
      // Decoding repairs what is ill-formed; a text that decodes to other units was ill-formed.
      let text = String(decoding: units, as: UTF16.self)
      guard text.utf16.elementsEqual(units) else { return nil }
      self.init(encoding: .utf16(bigEndian: bigEndian), bytes: Array(text.utf8))
      return
    }
    let hasMark = data.count >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF
    let body = Array(data.dropFirst(hasMark ? 3 : 0))
    guard Self.invalidUTF8Offset(in: body) == nil else { return nil }
    self.init(encoding: .utf8(byteOrderMark: hasMark), bytes: body)
  }

  /// Where the first byte that is not part of well-formed UTF-8 is, if any.
  ///
  /// - Complexity: O(*n*).
  static func invalidUTF8Offset(in bytes: [UInt8]) -> Int? {
    if #available(SwiftStdlib 6.2, *) {
      // The standard library's validator checks whole blocks at a time, far faster than the
      // scalar walk below, which is left for finding where a file goes wrong.
      if (try? UTF8Span(validating: bytes.span)) != nil { return nil }
    }
    // Scalar by scalar, so that the offset is where the ill-formed sequence starts. (A byte-by-byte
    // comparison with the repaired text would land one past a lead byte cut off at the end: the
    // replacement character starts with the same byte, EF.)
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }

  init(encoding: Encoding, bytes: [UInt8]) {
    self.encoding = encoding
    self.bytes = bytes
    var starts = [0]
    var from = 0
    while let newline = bytes[from...].firstIndex(of: 0x0A) {
      starts.append(newline + 1)
      from = newline + 1
    }
    var checkpoints: [Int] = []
    // Only a line longer than a stride needs them.
    let lineEnds = starts.dropFirst() + [bytes.count]
    if zip(starts, lineEnds).contains(where: { $1 - $0 > Self.checkpointStride }) {
      checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
      var scalars = 0
      for blockStart in stride(from: 0, through: bytes.count, by: Self.checkpointStride) {
        checkpoints.append(scalars)
        scalars += Self.scalars(in: bytes[blockStart..<min(blockStart + Self.checkpointStride, bytes.count)])
      }
    }
    lineStarts = starts
    scalarCheckpoints = checkpoints
  }

  /// The number of scalars in `bytes[..<offset]`.
  private func scalarCount(before offset: Int) -> Int {
    let offset = min(offset, bytes.count)
    let checkpoint = offset / Self.checkpointStride
    guard checkpoint < scalarCheckpoints.count else { return 0 }
    let from = checkpoint * Self.checkpointStride
    return scalarCheckpoints[checkpoint] + Self.scalars(in: bytes[from..<offset])
  }

  private static func scalars(in bytes: ArraySlice<UInt8>) -> Int {
    var count = 0
    for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// The 1-based line and column of a byte offset; the column counts Unicode scalars.
  func position(of offset: Int) -> (line: Int, column: Int) {
    let low = lineStarts.partitionIndex { $0 > offset }
    let lineStart = lineStarts[max(low - 1, 0)]
    let end = min(offset, bytes.count)
    guard end - lineStart > Self.checkpointStride else { return (low, Self.scalars(in: bytes[lineStart..<end]) + 1) }
    return (low, scalarCount(before: end) - scalarCount(before: lineStart) + 1)
  }

  /// The file's bytes with `edits` made, each putting its text in place of its range (an
  /// insertion's is empty), encoded as the file was. The edits' ranges do not overlap.
  func encoded(replacing edits: [(range: Range<Int>, text: String)]) -> [UInt8] {
    var edited: [UInt8] = []
    edited.reserveCapacity(bytes.count + edits.count * 8)
    var copied = 0
    // Edits at one offset keep their order: a PDI closing one placeholder before the FSI opening
    // the next; an insertion at a range's start goes before the range's replacement.
    let ordered = edits.enumerated().sorted {
      ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
        < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
    }
    for (_, edit) in ordered {
      edited += bytes[copied..<edit.range.lowerBound]
      edited += edit.text.utf8
      copied = edit.range.upperBound
    }
    edited += bytes[copied...]
    switch encoding {
    case .utf8(let byteOrderMark):
      return (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + edited
    case .utf16(let bigEndian):
      var data: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      data.reserveCapacity(edited.count * 2)
      for unit in String(decoding: edited, as: UTF8.self).utf16 {
        let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
        data.append(bigEndian ? high : low)
        data.append(bigEndian ? low : high)
      }
      return data
    }
  }
}

/// A value's text as decoded from the file, with where each part of it was written: the parsers
/// decode escapes and entities, the checks read the decoded text, and the fixes insert at the raw
/// offsets.
///
/// Where the text is written as itself, a run maps decoded bytes to raw bytes one for one, so a
/// value without escapes is a single run; each escape is a run of its own.
struct DecodedText: Sendable {
  /// The decoded text's UTF-8.
  private(set) var utf8: [UInt8] = []
  /// Consecutive pieces of `utf8` and the raw bytes they were read from: the same length where the
  /// text is written as itself, otherwise one escaped scalar.
  private var runs: [(decoded: Range<Int>, raw: Range<Int>)] = []

  var isEmpty: Bool { utf8.isEmpty }

  /// Adds `scalar`, read from the raw bytes `range`.
  mutating func append(_ scalar: Unicode.Scalar, raw range: Range<Int>) {
    let start = utf8.count
    if scalar.isASCII {
      utf8.append(UInt8(scalar.value))
    } else {
      UTF8.encode(scalar) { utf8.append($0) }
    }
    add(decoded: start..<utf8.count, raw: range)
  }

  /// Adds the file's bytes `range`, text written as itself (whole scalars of valid UTF-8).
  mutating func append(verbatim range: Range<Int>, of bytes: [UInt8]) {
    guard !range.isEmpty else { return }
    let start = utf8.count
    utf8 += bytes[range]
    add(decoded: start..<utf8.count, raw: range)
  }

  mutating func append(_ other: DecodedText) {
    let shift = utf8.count
    utf8 += other.utf8
    for run in other.runs {
      add(decoded: run.decoded.lowerBound + shift..<run.decoded.upperBound + shift, raw: run.raw)
    }
  }

  private mutating func add(decoded: Range<Int>, raw: Range<Int>) {
    if decoded.count == raw.count, let last = runs.last, last.decoded.count == last.raw.count,
      last.raw.upperBound == raw.lowerBound
    {
      runs[runs.count - 1] = (last.decoded.lowerBound..<decoded.upperBound, last.raw.lowerBound..<raw.upperBound)
    } else {
      runs.append((decoded, raw))
    }
  }

  /// The text as a `String`; the file was validated as a whole, so its pieces are not again.
  var string: String {
    if #available(SwiftStdlib 6.2, *) { return String(validUTF8: utf8.span) }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Where the text's first scalar was written, and where its last one ends.
  var rawStart: Int? { runs.first?.raw.lowerBound }
  var rawEnd: Int? { runs.last?.raw.upperBound }

  /// Where the scalar that starts at decoded byte `offset` was written; past the last scalar,
  /// where the text ends.
  ///
  /// - Complexity: O(log *r*) in the number of runs.
  func rawStart(ofUTF8 offset: Int) -> Int? {
    guard offset < utf8.count else { return rawEnd }
    let run = run(containing: offset)
    guard run.decoded.count == run.raw.count else { return run.raw.lowerBound }
    return run.raw.lowerBound + (offset - run.decoded.lowerBound)
  }

  /// Where the raw bytes of the scalar that ends at decoded byte `offset` end.
  ///
  /// - Complexity: O(log *r*) in the number of runs.
  func rawEnd(ofUTF8 offset: Int) -> Int? {
    guard offset > 0 else { return rawStart }
    let run = run(containing: offset - 1)
    guard run.decoded.count == run.raw.count else { return run.raw.upperBound }
    return run.raw.lowerBound + (offset - run.decoded.lowerBound)
  }

  private func run(containing offset: Int) -> (decoded: Range<Int>, raw: Range<Int>) {
    runs[Swift.max(runs.partitionIndex { $0.decoded.lowerBound > offset } - 1, 0)]
  }

  /// Calls `body` with each scalar and the raw bytes it was read from, in order.
  func forEachScalar(_ body: (Unicode.Scalar, Range<Int>) -> Void) {
    for run in runs {
      var offset = run.decoded.lowerBound
      while offset < run.decoded.upperBound {
        let (scalar, length) = utf8.scalar(at: offset)
        let raw =
          run.decoded.count == run.raw.count
          ? run.raw.lowerBound + (offset - run.decoded.lowerBound)..<run.raw.lowerBound
            + (offset - run.decoded.lowerBound) + length
          : run.raw
        body(scalar, raw)
        offset += length
      }
    }
  }
}

/// Decoding UTF-8 a scalar at a time, for the parsers, which read bytes.
extension Array where Element == UInt8 {
  /// The scalar that starts at `offset` (well-formed UTF-8) and its length.
  func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
    let all = self[...]
    let (value, length) = UTF8Coding.scalar(at: offset, in: all.span)
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}

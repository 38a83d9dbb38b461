import BidiIsolator

/// Writing the JSON entry of one entity found in a line, `{"kind":…,"start":…,"end":…,"text":…}`,
/// with no branch that depends on the entity.
///
/// Each piece is stored whole, eight or sixteen bytes at a time into room reserved beyond it, and
/// the write position then moves by the piece's length. Written piece by piece, the entry's
/// branches on the kind, on each number's digits, on the text's length and on its bytes were
/// mispredicted several times per entity, and that was most of what writing a report cost.
///
/// ```swift
/// var output: [UInt8] = []
/// let line = Array("hi @bob".utf8)
/// line.withUnsafeBufferPointer { line in
///   output.appendJSONEntry(
///     .mention, scalarRange: 3..<7, in: line, utf8Range: 3..<7, separated: false)
/// }
/// // output holds {"kind":"mention","start":3,"end":7,"text":"@bob"}
/// ```
extension [UInt8] {
  /// Appends the entry of the entity at `utf8Range` in `line`, after a comma when `separated`.
  /// Returns `false`, having written nothing, when the text holds a byte JSON must escape or the
  /// line is shorter than sixteen bytes; the caller then writes the entry the general way.
  ///
  /// - Complexity: O(*k*) in the length of the entity.
  mutating func appendJSONEntry(
    _ kind: EntityKind, scalarRange: Range<Int>, in line: UnsafeBufferPointer<UInt8>, utf8Range: Range<Int>,
    separated: Bool
  ) -> Bool {
    guard line.count >= 16 else {
      // Too short to read sixteen bytes at a time; rare enough for the general way.
      return false
    }
    var written = false
    // Literals and two numbers of at most 83 bytes, then the text, with 16 bytes of slack for the
    // widest store.
    append(addingCapacity: 112 + utf8Range.count) { span in
      span.withUnsafeMutableBufferPointer { buffer, initialized in
        var writer = WordWriter(buffer.baseAddress! + initialized)
        writer.put(0x2C, count: separated ? 1 : 0)  // ,
        writer.put(0x3A22_646E_696B_227B, count: 8)  // {"kind":
        let name = kind.quotedName
        writer.put(name.bytes, count: name.count)
        writer.put(0x7472_6174_7322_2C22, count: 8)  // ","start
        writer.put(0x3A22, count: 2)  // ":
        writer.putDecimal(scalarRange.lowerBound)
        writer.put(0x003A_2264_6E65_222C, count: 7)  // ,"end":
        writer.putDecimal(scalarRange.upperBound)
        writer.put(0x3A22_7478_6574_222C, count: 8)  // ,"text":
        writer.put(0x22, count: 1)  // "
        // Left unwritten, as far as the array knows, when the text needs escapes.
        guard writer.copyUnescaped(line, utf8Range) else { return }
        writer.put(0x7D22, count: 2)  // "}
        initialized += writer.written
        written = true
      }
    }
    return written
  }
}

extension EntityKind {
  /// `"` and the kind's name, as the bytes of a little-endian word, and their count.
  fileprivate var quotedName: (bytes: UInt64, count: Int) {
    switch self {
    case .mention: (0x6E6F_6974_6E65_6D22, 8)
    case .hashtag: (0x6761_7468_7361_6822, 8)
    case .url: (0x6C72_7522, 4)
    case .email: (0x6C69_616D_6522, 6)
    case .number: (0x0072_6562_6D75_6E22, 7)
    }
  }
}

/// Stores whole words at a moving position; the room behind the position must reach sixteen bytes
/// past the last byte that counts.
private struct WordWriter {
  private let start: UnsafeMutableRawPointer
  private var position: UnsafeMutableRawPointer

  init(_ start: UnsafeMutablePointer<UInt8>) {
    self.start = UnsafeMutableRawPointer(start)
    self.position = self.start
  }

  var written: Int { start.distance(to: position) }

  /// Stores the eight bytes of `word`, least significant first, and keeps the first `count`.
  @inline(__always)
  mutating func put(_ word: UInt64, count: Int) {
    position.storeBytes(of: word.littleEndian, as: UInt64.self)
    position += count
  }

  /// Copies the bytes at `range` of `line`, which holds at least sixteen, unless one of them is a
  /// quote, a backslash or a control character, which JSON must escape; returns whether it did.
  ///
  /// The text goes as the sixteen bytes from its start and the sixteen up to its end, stored where
  /// they belong, with whole blocks between when it is longer than 32 bytes. A read that would
  /// leave the line is moved back inside it and shifted into place: neither the copy nor the test
  /// branches on the text's length.
  @inline(__always)
  mutating func copyUnescaped(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    let base = UnsafeRawPointer(line.baseAddress!)
    let lastBlock = line.count - 16
    /// The sixteen bytes from `offset`, with zeros for those past the end of the line.
    @inline(__always) func block(from offset: Int) -> UInt128 {
      let start = Swift.min(offset, lastBlock)
      return base.loadUnaligned(fromByteOffset: start, as: UInt128.self).littleEndian >> (8 * (offset - start))
    }
    @inline(__always) func escapes(_ block: UInt128, lanes: Int) -> SIMDMask<SIMD16<Int8>> {
      let bytes = unsafeBitCast(block.littleEndian, to: SIMD16<UInt8>.self)
      // A range test on the lane numbers: a comparison with a splat of `lanes` became a loop
      // over the lanes.
      let wanted = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        .lanes(from: 0, count: UInt8(truncatingIfNeeded: lanes))
      return
        (bytes.lanes(from: 0, count: 0x20) .| (bytes .== SIMD16(repeating: 0x22))
        .| (bytes .== SIMD16(repeating: 0x5C))) .& wanted
    }
    let count = range.count
    let head = block(from: range.lowerBound)
    // The last sixteen bytes, or the head again for a text of sixteen or fewer.
    let tailStart = Swift.max(range.upperBound - 16, range.lowerBound)
    let tail = block(from: tailStart)
    var found = escapes(head, lanes: Swift.min(count, 16)) .| escapes(tail, lanes: range.upperBound - tailStart)
    position.storeBytes(of: head.littleEndian, as: UInt128.self)
    (position + (tailStart - range.lowerBound)).storeBytes(of: tail.littleEndian, as: UInt128.self)
    var offset = range.lowerBound + 16
    while offset < tailStart {
      let middle = base.loadUnaligned(fromByteOffset: offset, as: UInt128.self)
      found .|= escapes(middle.littleEndian, lanes: 16)
      (position + (offset - range.lowerBound)).storeBytes(of: middle, as: UInt128.self)
      offset += 16
    }
    // Lanes are all ones or all zeros; `any(_:)` was a call and a loop.
    let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
    guard halves[0] | halves[1] == 0 else { return false }
    position += count
    return true
  }

  /// Stores `value` in decimal: below 10,000, as all four digits, dropping the leading zeros by a
  /// shift rather than a branch per digit.
  @inline(__always)
  mutating func putDecimal(_ value: Int) {
    guard value >= 0 && value < 10_000 else { return putLongDecimal(value) }
    let value = UInt64(value)
    let digits = 1 + (value >= 10 ? 1 : 0) + (value >= 100 ? 1 : 0) + (value >= 1000 ? 1 : 0)
    let word: UInt64 =
      0x3030_3030 | value / 1000 | (value / 100 % 10) << 8 | (value / 10 % 10) << 16 | (value % 10) << 24
    put(word >> (8 * UInt64(4 - digits)), count: digits)
  }

  private mutating func putLongDecimal(_ value: Int) {
    if value < 0 { put(UInt64(UInt8(ascii: "-")), count: 1) }
    var digits = 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    rest = value.magnitude
    for index in (0..<digits).reversed() {
      position.storeBytes(of: UInt8(ascii: "0") + UInt8(rest % 10), toByteOffset: index, as: UInt8.self)
      rest /= 10
    }
    position += digits
  }
}

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
  /// Returns `false`, having written nothing, when the text holds a byte JSON must escape; the
  /// caller then writes the entry the general way.
  ///
  /// - Complexity: O(*k*) in the length of the entity.
  mutating func appendJSONEntry(
    _ kind: EntityKind, scalarRange: Range<Int>, in line: UnsafeBufferPointer<UInt8>, utf8Range: Range<Int>,
    separated: Bool
  ) -> Bool {
    guard !JSONEscaping.mayNeedEscape(line, utf8Range) else { return false }
    // Literals of at most 10 bytes, two numbers of at most 20, the text, and 16 bytes of slack
    // for the widest store.
    append(addingCapacity: 96 + utf8Range.count) { span in
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
        writer.copy(from: line.baseAddress! + utf8Range.lowerBound, count: utf8Range.count)
        writer.put(0x7D22, count: 2)  // "}
        initialized += writer.written
      }
    }
    return true
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

/// Stores whole words at a moving position; the room behind the position must reach eight bytes
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

  /// Copies `count` bytes from `source`.
  @inline(__always)
  mutating func copy(from source: UnsafePointer<UInt8>, count: Int) {
    position.copyMemory(from: source, byteCount: count)
    position += count
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

/// Whether text needs JSON escapes, tested sixteen bytes at a time with no branch on its length.
enum JSONEscaping {
  /// Whether the bytes at `range` of `line` may hold a quote, a backslash or a control character.
  /// The bytes are read as the sixteen from the range's start and the sixteen up to its end, both
  /// moved inside the line where they would leave it, with the lanes outside the range masked.
  ///
  /// - Complexity: O(*k*) in the length of the range.
  static func mayNeedEscape(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    let count = line.count
    guard count >= 16 else {
      return line[range].contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
    let base = UnsafeRawPointer(line.baseAddress!)
    func lanes(at offset: Int) -> SIMD16<UInt8> { base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) }
    func escaped(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
      bytes.lanes(from: 0, count: 0x20) .| (bytes .== SIMD16(repeating: 0x22)) .| (bytes .== SIMD16(repeating: 0x5C))
    }
    /// The lanes of the block read from `offset` that fall in `range`.
    func inRange(from offset: Int) -> SIMDMask<SIMD16<Int8>> {
      let laneNumbers = SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
      let low = Int8(truncatingIfNeeded: Swift.min(Swift.max(range.lowerBound - offset, -1), 16))
      let high = Int8(truncatingIfNeeded: Swift.min(Swift.max(range.upperBound - offset, -1), 16))
      return (laneNumbers .>= SIMD16(repeating: low)) .& (laneNumbers .< SIMD16(repeating: high))
    }
    let first = Swift.min(range.lowerBound, count - 16)
    let last = Swift.max(range.upperBound - 16, 0)
    var found = (escaped(lanes(at: first)) .& inRange(from: first)) .| (escaped(lanes(at: last)) .& inRange(from: last))
    // Longer than 32 bytes: the blocks between, whole.
    var offset = first + 16
    while offset < last {
      found .|= escaped(lanes(at: offset))
      offset += 16
    }
    return any(found)
  }
}

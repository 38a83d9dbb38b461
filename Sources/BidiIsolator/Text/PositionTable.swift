@_spi(BidiCore) import BidiCore

/// The scalar and UTF-16 offsets of byte offsets in UTF-8 text, from the bytes alone: the text is
/// well-formed, so every byte but a continuation byte starts a scalar, and every four-byte scalar
/// takes two UTF-16 code units.
///
/// The table keeps, for each block of sixteen bytes, the continuation bytes and four-byte leads
/// before it, counted once; an offset then costs one look-up and one block, with no loop whose exit
/// the processor would have to guess, as walking from entity to entity would. Four-byte leads are
/// counted only in the blocks that hold one: most text has none.
///
/// ```swift
/// // "aب中😀": 1, 2, 3 and 4 bytes
/// PositionTable.withTable(for: text) { table in
///   table.count(through: 10)
///   table.offsets(at: 6)    // (scalars: 3, utf16: 3)
///   table.offsets(at: 10)   // (scalars: 4, utf16: 5)
/// }
/// ```
internal struct PositionTable {
  private let text: UTF8Text
  /// For block *k*, the continuation bytes (low 32 bits) and four-byte leads (high 32 bits) in the
  /// first `16 * k` bytes of the text.
  private var before: FixedBuffer<UInt64>

  private typealias Lanes = SIMD16<UInt8>
  private typealias LaneMask = SIMDMask<SIMD16<Int8>>

  /// Calls `body` with a table for `text`, kept on the stack unless the text is long.
  ///
  /// - Complexity: O(1), and O(*n*) for the blocks counted later.
  static func withTable<Result, E: Error>(
    for text: UTF8Text, _ body: (inout PositionTable) throws(E) -> Result
  ) throws(E) -> Result {
    try withFixedBuffer(of: UInt64.self, capacity: text.count / 16 + 1) { before throws(E) in
      before.append(0)
      var table = PositionTable(text: text, before: before)
      return try body(&table)
    }
  }

  private init(text: UTF8Text, before: FixedBuffer<UInt64>) {
    self.text = text
    self.before = before
  }

  /// The blocks counted so far.
  private var blocksCounted: Int { before.count - 1 }

  /// Counts the blocks before the one holding `offset`, so that ``offsets(at:)`` answers for every
  /// offset up to it.
  ///
  /// - Complexity: O(*k*) in the blocks not counted yet.
  @inline(__always)
  mutating func count(through offset: Int) {
    let last = offset >> 4
    guard last > blocksCounted else { return }
    var running = before[blocksCounted]
    // Every block before the one holding `offset` lies whole in the text.
    for block in blocksCounted..<last {
      running &+= Self.counts(in: text.sixteenBytes(at: block << 4), where: LaneMask(repeating: true))
      before.append(running)
    }
  }

  /// The scalar and UTF-16 offsets of `offset`, which starts a scalar (or is the end of the text)
  /// and is not past the last offset counted through.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func offsets(at offset: Int) -> (scalars: Int, utf16: Int) {
    var counts = before[offset >> 4]
    let inBlock = UInt8(truncatingIfNeeded: offset & 15)
    let laneNumbers = Lanes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    if offset >= 16 {
      // The sixteen bytes that end at `offset`: their last `inBlock` lanes are the block's.
      counts &+= Self.counts(
        in: text.sixteenBytes(at: offset - 16), where: laneNumbers .>= Lanes(repeating: 16 &- inBlock))
    } else if text.count >= 16 {
      counts &+= Self.counts(in: text.sixteenBytes(at: 0), where: laneNumbers .< Lanes(repeating: inBlock))
    } else {
      for index in 0..<offset {
        let byte = text[index]
        counts &+= byte & 0xC0 == 0x80 ? 1 : byte >= 0xF0 ? 1 << 32 : 0
      }
    }
    let continuations = Int(truncatingIfNeeded: counts & 0xFFFF_FFFF)
    let fourByteLeads = Int(truncatingIfNeeded: counts >> 32)
    return (offset - continuations, offset - continuations + fourByteLeads)
  }

  /// The continuation bytes and four-byte leads among the `wanted` lanes, packed as in the table.
  @inline(__always)
  private static func counts(in bytes: Lanes, where wanted: LaneMask) -> UInt64 {
    let continuations = count(bytes.lanes(from: 0x80, count: 0x40) .& wanted)
    // Four-byte characters (emoji, mostly) are rare: counted only in a block that holds one, which
    // made the common block cost half as much.
    let fourByteLeads = bytes.lanes(from: 0xF0, count: 0x10) .& wanted
    guard !fourByteLeads.isEmpty else { return continuations }
    return continuations | count(fourByteLeads) << 32
  }

  /// The true lanes of `mask`.
  @inline(__always)
  private static func count(_ mask: LaneMask) -> UInt64 {
    // A true lane is all ones: its low bit counts one. Adding the halves puts at most 2 in a byte,
    // and a multiplication sums the eight bytes into the top one.
    let (low, high) = mask.words
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (((low & ones) &+ (high & ones)) &* ones) >> 56
  }
}

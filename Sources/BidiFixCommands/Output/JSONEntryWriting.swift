@_spi(BidiCore) import BidiCore
import BidiIsolator

/// The JSON entry of one entity of a line, `{"kind":…,"start":…,"end":…,"text":…}`, written with
/// few branches that depend on the entity.
///
/// `scan --json` writes one entry per entity, and written piece by piece, its branches on the kind,
/// on each number's digits and on the text's length were mispredicted several times an entity:
/// most of what the report cost. So each piece is written at a length that does not depend on the
/// entity, and what went past the piece is taken back off:
/// - the kind and `,"start":` are one literal per kind, each between 16 and 32 bytes long;
/// - a number below 10,000 goes as four digits, moved past its leading zeros, and as many bytes as
///   there were leading zeros are taken back off the end;
/// - the text goes sixteen bytes at a time straight from the line, and the bytes the last block
///   read past the text are taken back off. The same blocks are checked for a byte JSON escapes.
///
/// ```swift
/// var output: [UInt8] = []
/// Array("hi @bob, how are you?".utf8).withBytes { line in
///   output.append(addingCapacity: JSONEntry.room(for: 3..<7)) { out in
///     _ = out.appendJSONEntry(.mention, scalarRange: 3..<7, in: line, utf8Range: 3..<7)
///   }
/// }
/// // output holds {"kind":"mention","start":3,"end":7,"text":"@bob"}
/// ```
@available(SwiftStdlib 6.2, *)
enum JSONEntry {
  /// The room ``OutputSpan/appendJSONEntry(_:scalarRange:in:utf8Range:)`` needs for the text at
  /// `utf8Range`: literals and two numbers, and the text rounded up to whole blocks.
  static func room(for utf8Range: Range<Int>) -> Int { 96 + 16 * blocks(utf8Range) }

  fileprivate static func blocks(_ utf8Range: Range<Int>) -> Int { (utf8Range.count + 15) / 16 }
}

@available(SwiftStdlib 6.2, *)
extension OutputSpan<UInt8> {
  /// Appends the entry of the entity at `utf8Range` in `line`, into room of at least
  /// ``JSONEntry/room(for:)``. Returns `false`, having appended nothing, when the text holds a byte
  /// JSON must escape, or when the line ends before its last block of sixteen: the caller writes
  /// those the general way.
  ///
  /// - Complexity: O(*k*) in the length of the entity.
  mutating func appendJSONEntry(
    _ kind: EntityKind, scalarRange: Range<Int>, in line: Span<UInt8>, utf8Range: Range<Int>
  ) -> Bool {
    let blocks = JSONEntry.blocks(utf8Range)
    guard utf8Range.lowerBound + 16 * blocks <= line.count else { return false }
    let laneNumbers = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    var escapes = SIMDMask<SIMD16<Int8>>()
    for block in 0..<blocks {
      let bytes = line.sixteenBytes(at: utf8Range.lowerBound + 16 * block)
      let inText = laneNumbers.lanes(from: 0, count: UInt8(clamping: utf8Range.count - 16 * block))
      // Range tests only: `.==` with a splat became a loop over the lanes.
      let needEscape =
        bytes.lanes(from: 0, count: 0x20) .| bytes.lanes(from: UInt8(ascii: "\""), count: 1)
        .| bytes.lanes(from: UInt8(ascii: "\\"), count: 1)
      escapes .|= needEscape .& inText
    }
    guard escapes.isEmpty else { return false }
    append(kind.jsonEntryOpening)
    appendDecimal(scalarRange.lowerBound)
    append(#","end":"#)
    appendDecimal(scalarRange.upperBound)
    append(#","text":""#)
    for block in 0..<blocks { append(line.sixteenBytes(at: utf8Range.lowerBound + 16 * block)) }
    removeLast(16 * blocks - utf8Range.count)
    append(#""}"#)
    return true
  }
}

@available(SwiftStdlib 6.2, *)
extension EntityKind {
  /// `{"kind":"…","start":` for the kind: a literal of 16 to 32 bytes, so copying it takes the same
  /// path whatever the kind.
  fileprivate var jsonEntryOpening: StaticString {
    switch self {
    case .mention: #"{"kind":"mention","start":"#
    case .hashtag: #"{"kind":"hashtag","start":"#
    case .url: #"{"kind":"url","start":"#
    case .email: #"{"kind":"email","start":"#
    case .number: #"{"kind":"number","start":"#
    case .cashtag: #"{"kind":"cashtag","start":"#
    case .code: #"{"kind":"code","start":"#
    case .term: #"{"kind":"term","start":"#
    case .command: #"{"kind":"command","start":"#
    case .retweet: #"{"kind":"retweet","start":"#
    case .path: #"{"kind":"path","start":"#
    case .emoticon: #"{"kind":"emoticon","start":"#
    case .quotation: #"{"kind":"quotation","start":"#
    case .parenthetical: #"{"kind":"parenthetical","start":"#
    case .emphasis: #"{"kind":"emphasis","start":"#
    }
  }
}

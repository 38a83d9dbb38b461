@_spi(BidiCore) import BidiCore
import BidiTestSupport
import Foundation
import SystemPackage
import Testing

@testable import BidiFixCommands

/// Lines point into the reader's chunks, which must stay unchanged until the lines are let go: the
/// test holds a batch of lines the way the driver does, reads on, and only then compares every line
/// of the batch with what was written, across chunk boundaries, lines longer than a chunk, CR LF and
/// a last line with no line feed.
@Suite("Reading lines in chunks")
struct LineReaderTests {
  /// Lines of every size from empty to a few megabytes, mostly short, with their terminators.
  static func lines(seed: UInt64) -> [(bytes: [UInt8], terminator: LineTerminator)] {
    var random = SplitMix64(seed: seed)
    let words = ["hello", "@bob", "#话题", "سلام", "😀", "مرحبا", " ", "\r", "x"]
    var lines: [(bytes: [UInt8], terminator: LineTerminator)] = []
    for index in 0..<3_000 {
      var line: [UInt8] = []
      switch random.next() % 100 {
      case 0: line = Array(repeating: UInt8(ascii: "a"), count: Int(random.next() % 3_000_000))
      case 1...5: line = Array(repeating: UInt8(ascii: "b"), count: Int(random.next() % 70_000))
      default:
        for _ in 0..<random.next() % 40 { line += Array(words[Int(random.next() % UInt64(words.count))].utf8) }
      }
      // A CR that ends a line's text would read as part of its CR LF.
      if line.last == 0x0D { line.append(UInt8(ascii: "y")) }
      let terminator: LineTerminator =
        index == 2_999 ? .none : random.next() % 4 == 0 ? .carriageReturnLineFeed : .lineFeed
      lines.append((line, terminator))
    }
    return lines
  }

  @Test("Held lines keep their bytes while the reader reads on", arguments: [1, 2] as [UInt64])
  func heldLines(seed: UInt64) throws {
    let expected = Self.lines(seed: seed)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("line-reader-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    var contents: [UInt8] = []
    for line in expected { contents += line.bytes + line.terminator.bytes }
    try Data(contents).write(to: url)
    #expect(contents.count > 20_000_000)

    let descriptor = try FileDescriptor.open(FilePath(url.path), .readOnly)
    defer { try? descriptor.close() }
    var reader = LineReader(descriptor: descriptor)
    var batch: [InputLine] = []
    var batchBytes = 0
    var checked = 0
    func checkBatch() {
      for line in batch {
        let want = expected[line.info.number - 1]
        var bytes: [UInt8] = []
        line.withBytes { bytes.append(copying: $0) }
        #expect(bytes == want.bytes, "line \(line.info.number)")
        #expect(line.info.terminator == want.terminator, "line \(line.info.number)")
        checked += 1
      }
      batch.removeAll()
      batchBytes = 0
      reader.reuseChunks(ofBatchesThrough: Int.max)
    }
    while let line = try reader.next() {
      batch.append(line)
      batchBytes += line.count
      if batchBytes > 4 << 20 { checkBatch() }
    }
    checkBatch()
    #expect(checked == expected.count)
  }
}

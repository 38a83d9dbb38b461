import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a line ended in the input, kept so it ends the same way in the output.
@available(SwiftStdlib 6.2, *)
enum LineTerminator: Sendable {
  case lineFeed
  case carriageReturnLineFeed
  /// The last line of a file with no final newline.
  case none

  var bytes: [UInt8] {
    switch self {
    case .lineFeed: [0x0A]
    case .carriageReturnLineFeed: [0x0D, 0x0A]
    case .none: []
    }
  }
}

/// Where a line is in its input and how it ended.
@available(SwiftStdlib 6.2, *)
struct LineInfo: Sendable {
  var terminator: LineTerminator
  /// 1-based line number in its file.
  var number: Int
  /// Whether the reader found the bytes well-formed UTF-8, with the rest of its chunk; when false,
  /// they are unchecked.
  var isKnownValid = false
}

/// One input line: its bytes without the terminator, and where it is in its input.
///
/// The bytes are not the line's own: they lie in a chunk of the reader that read the line, which
/// keeps the chunk, unchanged, until it is told the lines are let go
/// (``LineReader/reuseChunks(ofBatchesThrough:)``). A line that held its chunk by reference cost a
/// retain and a release every time it was handed on, and so did one that held its input's name.
/// So the line holds a pointer, and this file is one of the few with pointer code (the README
/// names them); outside it, a line's bytes are a `Span`, for the length of ``withBytes(_:)``.
@safe struct InputLine: @unchecked Sendable {
  // Unchecked: the bytes are only read, and outlive every line made from them (see above).
  private let bytes: UnsafeBufferPointer<UInt8>
  var info: LineInfo

  fileprivate init(bytes: UnsafeBufferPointer<UInt8>, info: LineInfo) {
    unsafe self.bytes = bytes
    self.info = info
  }

  /// The number of bytes, without the terminator.
  var count: Int { unsafe bytes.count }

  /// Calls `body` with the line's bytes.
  @inline(__always)
  func withBytes<Result, Failure: Error>(_ body: (Span<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
    try body(unsafe Span(_unsafeElements: bytes))
  }
}

/// Reads lines from a file descriptor in large chunks. Lines are split at LF only; a CR before the LF
/// belongs to the terminator, a lone CR is data. Memory is the chunks that lines still in use point
/// into, plus the longest line.
///
/// The lines handed out point into the reader's chunks: they stay valid until the caller, done with
/// the batch they belong to (``batch``), calls ``reuseChunks(ofBatchesThrough:)`` or lets the
/// reader go.
@available(SwiftStdlib 6.2, *)
struct LineReader {
  private let descriptor: FileDescriptor
  /// The chunk lines are cut from. Once a line points into it, it is never changed again: the next
  /// read goes to a new chunk, so no line is copied.
  private var buffer = Chunk(capacity: Self.chunkSize)
  private var position = 0
  /// Whether a line handed out points into `buffer`.
  private var isShared = false
  /// The lines of `buffer` that end before this offset are well-formed UTF-8: checked together
  /// when the chunk came in, which cost less than checking each line on its own.
  private var validEnd = 0
  private var atEnd = false
  private var lineNumber = 0
  private static let chunkSize = 1 << 20
  /// Chunks no longer read into, with the batch that was being read when each was retired: lines
  /// of that batch and earlier ones may point into it.
  private var retiredChunks: [(chunk: Chunk, batch: Int)] = []
  /// The batch the lines read now belong to, which the caller counts.
  var batch = 0
  /// Chunks the lines let go of, to read into again: a fresh megabyte comes from the kernel page by
  /// page, each zeroed on first touch. At most `spareChunkLimit` are kept.
  private var spareChunks: [Chunk] = []
  private let spareChunkLimit: Int
  /// Bytes read so far, for progress reports.
  private(set) var bytesRead = 0

  /// A reader of `descriptor` that keeps up to `keepingSpareChunks` chunks its caller let go of.
  init(descriptor: FileDescriptor, keepingSpareChunks: Int = 8) {
    self.descriptor = descriptor
    spareChunkLimit = keepingSpareChunks
  }

  /// Whether the last ``next(unlessIdle:)`` found the input quiet and returned `nil` before its end.
  private(set) var isIdle = false

  /// How long the input may stay quiet before a reader told to stop when it is idle stops: long
  /// enough for a producer that is writing to go on, short enough that a person does not notice.
  static let idleMilliseconds: Int32 = 10

  /// The next line, or `nil` at the end of the input. With `unlessIdle`, also `nil`, setting
  /// ``isIdle``, when no whole line is buffered and the input (a pipe or a terminal that went quiet)
  /// has nothing more within ``idleMilliseconds``: a caller that has lines in hand hands them on
  /// rather than wait for more.
  mutating func next(unlessIdle: Bool = false) throws(Errno) -> InputLine? {
    isIdle = false
    var searchFrom = position
    while true {
      let bytes = unsafe buffer.bytes
      if let newline = unsafe Self.firstLineFeed(in: bytes, from: searchFrom) {
        var end = newline
        var terminator = LineTerminator.lineFeed
        if unsafe end > position && bytes[end - 1] == 0x0D {
          end -= 1
          terminator = .carriageReturnLineFeed
        }
        let line = unsafe UnsafeBufferPointer(rebasing: bytes[position..<end])
        position = newline + 1
        lineNumber += 1
        isShared = true
        return unsafe InputLine(
          bytes: line, info: LineInfo(terminator: terminator, number: lineNumber, isKnownValid: newline < validEnd))
      }
      if atEnd {
        guard position < bytes.count else { return nil }
        let line = unsafe UnsafeBufferPointer(rebasing: bytes[position...])
        position = bytes.count
        lineNumber += 1
        isShared = true
        return unsafe InputLine(bytes: line, info: LineInfo(terminator: .none, number: lineNumber))
      }
      if unlessIdle && !InputReadiness.hasInput(descriptor, within: Self.idleMilliseconds) {
        isIdle = true
        return nil
      }
      // Keep the unfinished line and read more after it: in place while no line points into the
      // chunk (a long line grows there), in a new chunk otherwise.
      let unfinished = unsafe UnsafeBufferPointer(rebasing: bytes[position...])
      if isShared {
        // The same capacity for every chunk of ordinary lines, so that a spare always fits.
        let needed = Self.chunkSize + Swift.max(unfinished.count, 1 << 16)
        let spare = spareChunks.last.map { $0.capacity >= needed } ?? false
        let next = spare ? spareChunks.removeLast() : Chunk(capacity: needed)
        unsafe next.replaceContents(with: unfinished)
        retiredChunks.append((buffer, batch))
        buffer = next
        isShared = false
      } else if position > 0 {
        unsafe buffer.replaceContents(with: unfinished)
      }
      buffer.reserve(buffer.count + Self.chunkSize)
      position = 0
      searchFrom = buffer.count
      validEnd = 0
      try fill()
      validateCompleteLines(readFrom: searchFrom)
    }
  }

  /// Makes the chunks that only lines of batches up to `finished` point into available again: those
  /// batches are done with.
  mutating func reuseChunks(ofBatchesThrough finished: Int) {
    var kept = 0
    for index in retiredChunks.indices {
      let (chunk, batch) = retiredChunks[index]
      if batch > finished {
        retiredChunks[kept] = retiredChunks[index]
        kept += 1
      } else if chunk.capacity <= 2 * Self.chunkSize && spareChunks.count < spareChunkLimit {
        spareChunks.append(chunk)
      }
    }
    retiredChunks.removeSubrange(kept...)
  }

  /// Checks the complete lines of the buffer at once, up to the last line feed read from `newData`
  /// on: a line feed is a whole character, so the stretch is well-formed exactly when every line in
  /// it is. Only bytes not yet in a complete line are read again at the next chunk.
  private mutating func validateCompleteLines(readFrom newData: Int) {
    let bytes = unsafe buffer.bytes
    var lastLineFeed = bytes.count - 1
    while unsafe lastLineFeed >= newData && bytes[lastLineFeed] != 0x0A { lastLineFeed -= 1 }
    guard lastLineFeed >= newData else { return }
    if UTF8Stretches.isValid(
      unsafe Span(_unsafeElements: UnsafeBufferPointer(rebasing: bytes[position..<lastLineFeed + 1])))
    {
      validEnd = lastLineFeed + 1
    }
  }

  /// The offset of the first LF at or after `start`, found by the C library's vectorised `memchr`:
  /// on chat text a byte-by-byte search took as long as validating the line.
  @unsafe private static func firstLineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, start < bytes.count,
      let found = unsafe memchr(base + start, 0x0A, bytes.count - start)
    else { return nil }
    return unsafe base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Reads until a whole chunk has come in, the input ends, or it goes quiet with some bytes in. A
  /// pipe hands over 64 KB at a time, and every chunk that lines point into stays allocated,
  /// whole, while they are in use: chunks filled only a sixteenth would hold sixteen times the
  /// memory. But a pipe or a terminal that goes quiet for ``idleMilliseconds`` (a `tail -f`, a
  /// person typing) has its lines handed on at once. The room is `reserve`d first.
  private mutating func fill() throws(Errno) {
    var filled = 0
    defer { bytesRead += filled }
    while filled < Self.chunkSize {
      let read: Int
      do {
        // Straight into the chunk's spare room: zeroing a megabyte first cost a pass over every
        // byte of the input.
        read = unsafe try descriptor.read(into: buffer.room(upTo: Self.chunkSize - filled), retryOnInterrupt: true)
      } catch let error as Errno {
        // What came in before the error is kept; the error is reported once it is reached.
        if filled > 0 { return }
        throw error
      } catch {
        if filled > 0 { return }
        throw Errno.ioError
      }
      if read == 0 {
        atEnd = true
        return
      }
      buffer.count += read
      filled += read
      // A read short of the room asked for: a regular file has reached its end, which the next
      // read finds; a pipe or a terminal may have nothing more for now.
      if filled < Self.chunkSize && !InputReadiness.hasInput(descriptor, within: Self.idleMilliseconds) { return }
    }
  }
}

/// A whole file in one array, for the translation-file parsers, which need all of it at once.
@available(SwiftStdlib 6.2, *)
enum WholeFile {
  /// Every byte `descriptor` gives until its end. A regular file of known `size` is read into
  /// room for all of it; otherwise the room doubles each time it fills, so a pipe of 64 KB reads
  /// costs its bytes a few times over, not once per read.
  static func read(_ descriptor: FileDescriptor, size: Int?) throws(Errno) -> [UInt8] {
    // One byte more than the size, so the read that finds the end needs no new room.
    var contents = [UInt8](repeating: 0, count: Swift.max((size ?? 0) + 1, 1 << 16))
    var filled = 0
    while true {
      if filled == contents.count { contents.append(contentsOf: repeatElement(0, count: contents.count)) }
      let read: Int
      do {
        read = unsafe try contents.withUnsafeMutableBytes { bytes in
          unsafe try descriptor.read(
            into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]), retryOnInterrupt: true)
        }
      } catch {
        throw error as? Errno ?? .ioError
      }
      if read == 0 { break }
      filled += read
    }
    contents.removeSubrange(filled...)
    return contents
  }
}

/// Memory the reader reads into, and lines point into, owned by the reader: its address never
/// changes while lines may point into it.
@safe private final class Chunk {
  private(set) var capacity: Int
  private var start: UnsafeMutableRawPointer
  /// The bytes read into the chunk so far.
  var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    unsafe start = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit { unsafe start.deallocate() }

  @unsafe var bytes: UnsafeBufferPointer<UInt8> {
    unsafe UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  }

  /// Up to `limit` bytes of the free room after the bytes read.
  @unsafe func room(upTo limit: Int) -> UnsafeMutableRawBufferPointer {
    unsafe UnsafeMutableRawBufferPointer(start: start + count, count: Swift.min(limit, capacity - count))
  }

  /// Makes the chunk hold just `bytes`, which may lie in it (no line may point into it then).
  @unsafe func replaceContents(with bytes: UnsafeBufferPointer<UInt8>) {
    if let source = bytes.baseAddress, !bytes.isEmpty {
      // The bytes may lie in the chunk itself.
      unsafe memmove(start, source, bytes.count)
    }
    count = bytes.count
  }

  /// Makes room for `capacity` bytes in all, keeping the bytes read. Moves them: no line may point
  /// into the chunk. Grows at least twofold, so that a line of many chunks is copied a few times,
  /// not once per chunk.
  func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let capacity = Swift.max(needed, 2 * self.capacity)
    let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    unsafe larger.copyMemory(from: start, byteCount: count)
    unsafe start.deallocate()
    unsafe start = unsafe larger
    self.capacity = capacity
  }
}

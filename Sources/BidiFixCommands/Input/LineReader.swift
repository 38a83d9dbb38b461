import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a line ended in the input, kept so it ends the same way in the output.
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

/// One input line: its bytes without the terminator, and where it is in its input. The input's name
/// goes to commands beside the lines: a string in every line made copying one a call instead of a
/// retain.
struct InputLine: Sendable {
  /// A slice of the chunk the reader read it in: lines are not copied one by one.
  var bytes: ArraySlice<UInt8>
  var terminator: LineTerminator
  /// 1-based line number in its file.
  var number: Int
  /// Whether the reader found the bytes well-formed UTF-8, with the rest of its chunk; when false,
  /// they are unchecked.
  var isKnownValid = false
}

/// Reads lines from a file descriptor in large chunks. Lines are split at LF only; a CR before the LF
/// belongs to the terminator, a lone CR is data. Memory is the chunks that lines still in use point
/// into, plus the longest line.
struct LineReader {
  private let descriptor: FileDescriptor
  /// The chunk lines are cut from. Once a line points into it, it is never changed again: the next
  /// read goes to a new chunk, so no line is copied, by the reader or by copy-on-write.
  private var buffer: [UInt8] = []
  private var position = 0
  /// Whether a line handed out points into `buffer`.
  private var isShared = false
  /// The lines of `buffer` that end before this offset are well-formed UTF-8: checked together
  /// when the chunk came in, which cost less than checking each line on its own.
  private var validEnd = 0
  private var atEnd = false
  private var lineNumber = 0
  private static let chunkSize = 1 << 20
  /// Chunks left behind, which lines handed out may still point into, and chunks the lines let go
  /// of, to read into again: a fresh megabyte came from the kernel page by page, zeroed, and that
  /// was several percent of `isolate`.
  private var retiredChunks: [[UInt8]] = []
  private var spareChunks: [[UInt8]] = []
  /// Bytes read so far, for progress reports.
  private(set) var bytesRead = 0

  init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  /// The next line, or `nil` at the end of the input.
  mutating func next() throws(Errno) -> InputLine? {
    var searchFrom = position
    while true {
      if let newline = Self.firstLineFeed(in: buffer, from: searchFrom) {
        var end = newline
        var terminator = LineTerminator.lineFeed
        if end > position && buffer[end - 1] == 0x0D {
          end -= 1
          terminator = .carriageReturnLineFeed
        }
        let line = buffer[position..<end]
        position = newline + 1
        lineNumber += 1
        isShared = true
        return InputLine(
          bytes: line, terminator: terminator, number: lineNumber, isKnownValid: newline < validEnd)
      }
      if atEnd {
        guard position < buffer.count else { return nil }
        let line = buffer[position...]
        position = buffer.count
        lineNumber += 1
        isShared = true
        return InputLine(bytes: line, terminator: .none, number: lineNumber)
      }
      // Keep the unfinished line and read more after it: in place while no line points into the
      // chunk (a long line grows there), in a new chunk otherwise.
      if isShared {
        var next = spareChunks.popLast() ?? []
        next.removeAll(keepingCapacity: true)
        // The same capacity for every chunk of ordinary lines, so that a spare always fits.
        next.reserveCapacity(Self.chunkSize + Swift.max(buffer.count - position, 1 << 16))
        next.append(contentsOf: buffer[position...])
        // A reader whose caller never lets lines go keeps no more than a few.
        if retiredChunks.count < Self.spareChunkLimit { retiredChunks.append(buffer) }
        buffer = next
        isShared = false
      } else if position > 0 {
        buffer.removeSubrange(0..<position)
      }
      position = 0
      searchFrom = buffer.count
      validEnd = 0
      try fill()
      validateCompleteLines(readFrom: searchFrom)
    }
  }

  /// Takes the chunks left behind so far as free to read into again: the caller has let go of the
  /// lines it was given. A line still held is safe all the same, since a chunk it shares is copied
  /// before it is written, but that copy costs what reuse saves.
  mutating func reuseChunksOfReleasedLines() {
    for chunk in retiredChunks where chunk.capacity <= 2 * Self.chunkSize {
      guard spareChunks.count < Self.spareChunkLimit else { break }
      spareChunks.append(chunk)
    }
    retiredChunks.removeAll(keepingCapacity: true)
  }

  /// Enough for a batch's chunks, with a few megabytes of lines.
  private static let spareChunkLimit = 8

  /// Checks the complete lines of the buffer at once, up to the last line feed read from `newData`
  /// on: a line feed is a whole character, so the stretch is well-formed exactly when every line in
  /// it is. Only bytes not yet in a complete line are read again at the next chunk.
  private mutating func validateCompleteLines(readFrom newData: Int) {
    var lastLineFeed = buffer.count - 1
    while lastLineFeed >= newData && buffer[lastLineFeed] != 0x0A { lastLineFeed -= 1 }
    guard lastLineFeed >= newData else { return }
    let stretch = position..<lastLineFeed + 1
    if buffer.withUnsafeBufferPointer({ UTF8Stretches.isValid(UnsafeBufferPointer(rebasing: $0[stretch])) }) {
      validEnd = stretch.upperBound
    }
  }

  /// The offset of the first LF at or after `start`, found by the C library's vectorised `memchr`:
  /// on chat text a byte-by-byte search took as long as validating the line.
  private static func firstLineFeed(in buffer: [UInt8], from start: Int) -> Int? {
    buffer.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress, start < bytes.count,
        let found = memchr(base + start, 0x0A, bytes.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Reads until a whole chunk has come in or the input ends. A pipe hands over 64 KB at a time,
  /// and every chunk that lines point into stays allocated, whole, while they are in use: chunks
  /// filled only a sixteenth would hold sixteen times the memory.
  private mutating func fill() throws(Errno) {
    let descriptor = self.descriptor
    var filled = 0
    defer { bytesRead += filled }
    while filled < Self.chunkSize {
      // Read straight into the chunk's spare room: zeroing a megabyte first, to read over it at
      // once, cost a pass over every byte of the input.
      var outcome = Result<Int, Errno>.success(0)
      buffer.append(addingCapacity: Self.chunkSize - filled) { span in
        span.withUnsafeMutableBufferPointer { room, initialized in
          do {
            let read = try descriptor.read(
              into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: room[initialized...])),
              retryOnInterrupt: true)
            initialized += read
            outcome = .success(read)
          } catch let error as Errno {
            outcome = .failure(error)
          } catch {
            outcome = .failure(.ioError)
          }
        }
      }
      switch outcome {
      case .failure(let error):
        // What came in before the error is kept; the error is reported once it is reached.
        if filled > 0 { return }
        throw error
      case .success(0):
        atEnd = true
        return
      case .success(let read):
        filled += read
      }
    }
  }

}

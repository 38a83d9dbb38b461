import Dispatch
import Synchronization
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams every input through a command: reads lines in batches, processes a batch on several
/// cores, writes the results in input order, and reports diagnostics as `FILE:LINE: …` on stderr.
///
/// Memory stays flat: one batch (about 4 MB of lines, or one longer line) is in flight at a time.
@available(SwiftStdlib 6.2, *)
struct LineDriver {
  var jobs: Int
  var showsProgress: Bool

  private static let batchBytes = 4 << 20
  private static let batchLines = 16_384

  /// Runs `command` over `inputs` (`-` is standard input) and returns the exit status.
  func run(_ command: some LineCommand, inputs: [String]) -> ExitStatus {
    var output = OutputWriter(descriptor: .standardOutput)
    var status = ExitStatus.success
    for input in inputs.isEmpty ? ["-"] : inputs {
      let fileStatus: ExitStatus
      do {
        fileStatus = try process(command, input: input, output: &output)
      } catch {
        return error.report()
      }
      status = max(status, fileStatus)
    }
    do {
      try output.flush()
    } catch {
      return error.report()
    }
    return status
  }

  private func process(
    _ command: some LineCommand, input: String, output: inout OutputWriter
  ) throws(OutputError) -> ExitStatus {
    let name = input == "-" ? "<stdin>" : input
    let descriptor: FileDescriptor
    let size: Int?
    switch InputFile.open(input) {
    case .failure(let error):
      Standard.error("bidi-fix: \(name): \(error.message)")
      return .badInput
    case .success(let opened):
      (descriptor, size) = opened
    }
    defer { if input != "-" { try? descriptor.close() } }

    var reader = LineReader(descriptor: descriptor)
    var progress = showsProgress ? size.flatMap { ProgressBar(totalBytes: $0) } : nil
    var status = ExitStatus.success
    var batch: [InputLine] = []
    var batchSize = 0
    // Output buffers handed back after each batch and filled again by the next. With one job the
    // batch's output is one buffer of a few megabytes, which, made fresh, came from the kernel page
    // by page, zeroed, on every batch.
    var spareOutputs: [[UInt8]] = []
    var finished = false
    while !finished {
      batch.removeAll(keepingCapacity: true)
      reader.reuseChunksOfReleasedLines()
      batchSize = 0
      do {
        while batchSize < Self.batchBytes && batch.count < Self.batchLines, let line = try reader.next() {
          batchSize += line.count
          batch.append(line)
        }
      } catch {
        Standard.error("bidi-fix: \(name): cannot read: \(error.description)")
        status = max(status, .badInput)
        finished = true
      }
      if batch.isEmpty { break }
      var parts = processBatch(batch, from: name, command: command, outputs: &spareOutputs)
      defer {
        // A buffer that grew for one long line is let go: kept, it would stay that size for good,
        // and in time every piece's buffer could grow so.
        let keptCapacity = 2 * Self.batchBytes / parts.count
        for index in parts.indices where parts[index].output.capacity <= keptCapacity {
          var output: [UInt8] = []
          swap(&output, &parts[index].output)
          spareOutputs.append(output)
        }
      }
      for part in parts {
        for diagnostic in part.diagnostics {
          // Findings are the output of `check` itself; everything else goes to stderr.
          if diagnostic.severity != .finding { Standard.error(diagnostic.formatted(file: name)) }
          status = max(
            status, diagnostic.severity == .finding ? .findings : diagnostic.severity == .error ? .badInput : .success)
        }
        try output.write(part.output)
      }
      progress?.update(bytesDone: reader.bytesRead)
    }
    progress?.finish()
    return status
  }

  /// The output of a run of consecutive lines, with their diagnostics in line order.
  private struct BatchPart {
    var output: [UInt8] = []
    var diagnostics: [Diagnostic] = []
  }

  /// The batch's output in parts, in input order: one part per piece of the batch, each covering a
  /// run of consecutive lines, so a line costs no allocation of its own. The parts' output buffers
  /// are taken from `outputs` while it has any.
  private func processBatch(
    _ batch: [InputLine], from name: String, command: some LineCommand, outputs: inout [[UInt8]]
  ) -> [BatchPart] {
    let workers = max(1, min(jobs, batch.count))
    @Sendable func process(_ range: Range<Int>, into part: inout BatchPart) {
      part.output.removeAll(keepingCapacity: true)
      // With room to spare, so that the next batch, a few bytes longer, still fits in the buffer
      // this one hands back: a buffer made anew came from the kernel page by page.
      let needed = batch[range].reduce(0) { $0 + $1.count } * 5 / 4 + 64
      if part.output.capacity < needed { part.output.reserveCapacity(needed + needed / 8) }
      for line in batch[range] {
        line.withBytes { bytes in
          command.process(bytes, line: line.info, from: name, into: &part.output, diagnostics: &part.diagnostics)
        }
        if command.keepsLineEndings {
          switch line.info.terminator {
          case .lineFeed: part.output.append(0x0A)
          case .carriageReturnLineFeed: part.output.append(contentsOf: [0x0D, 0x0A])
          case .none: break
          }
        }
      }
    }
    func recycledPart() -> BatchPart { BatchPart(output: outputs.popLast() ?? []) }
    if workers == 1 {
      var part = recycledPart()
      process(0..<batch.count, into: &part)
      return [part]
    }
    // Messages differ in cost by a hundred times (a plain line is copied, a mixed one laid out), so
    // equal shares of lines left a worker idle while the other finished. The batch is cut into
    // pieces many times the number of workers, which take the next piece as they finish one; the
    // pieces' outputs are joined in order. With 8 pieces a worker, the last piece of each batch
    // kept the other worker waiting for 5 % of the time (1.89 cores busy of 2); with 32, 3 %.
    let pieces = min(batch.count, workers * Self.piecesPerWorker)
    let slots = (0..<pieces).map { _ in PartSlot(recycledPart()) }
    let nextPiece = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let piece = nextPiece.wrappingAdd(1, ordering: .relaxed).oldValue
        guard piece < pieces else { break }
        // Each piece is taken once, so its lock is never contended: it only hands the part over.
        // Even pieces: their lengths differ by at most one line.
        slots[piece].part.withLock { part in
          process(piece * batch.count / pieces..<(piece + 1) * batch.count / pieces, into: &part)
        }
      }
    }
    return slots.map { slot in
      slot.part.withLock { part in
        var taken = BatchPart()
        swap(&taken, &part)
        return taken
      }
    }
  }

  /// The part of one piece, written by the worker that takes the piece and read once all are done.
  private final class PartSlot: Sendable {
    let part: Mutex<BatchPart>
    init(_ part: BatchPart) { self.part = Mutex(part) }
  }

  private static let piecesPerWorker = 32
}

/// Opening an input: the checks that give a clear message for each way a path can be unusable.
@available(SwiftStdlib 6.2, *)
enum InputFile {
  struct OpenError: Error {
    var message: String
  }

  /// The open descriptor and, for a regular file, its size.
  static func open(_ path: String) -> Result<(FileDescriptor, Int?), OpenError> {
    if path == "-" { return .success((.standardInput, regularFileSize(.standardInput))) }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch let error as Errno {
      return .failure(OpenError(message: reason(error)))
    } catch {
      return .failure(OpenError(message: "cannot open"))
    }
    if (try? descriptor.stat())?.type == .directory {
      try? descriptor.close()
      return .failure(OpenError(message: "is a directory"))
    }
    return .success((descriptor, regularFileSize(descriptor)))
  }

  private static func regularFileSize(_ descriptor: FileDescriptor) -> Int? {
    guard let status = try? descriptor.stat(), status.type == .regular else { return nil }
    return Int(status.size)
  }

  private static func reason(_ error: Errno) -> String {
    switch error {
    case .noSuchFileOrDirectory: "no such file"
    case .permissionDenied: "permission denied"
    case .isDirectory: "is a directory"
    default: error.description
    }
  }
}

/// Unbuffered writes to stderr and a check for terminals.
@available(SwiftStdlib 6.2, *)
enum Standard {
  static func error(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    _ = try? FileDescriptor.standardError.writeAll(bytes)
  }

  static func isTerminal(_ descriptor: FileDescriptor) -> Bool {
    isatty(descriptor.rawValue) == 1
  }
}

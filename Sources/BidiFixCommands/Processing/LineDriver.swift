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
/// With one job everything happens on the calling thread, one batch after another. With more, the
/// work is a pipeline of three stages that run at once: a reader thread reads and splits the next
/// batches, the jobs process the current one, and a writer thread writes the ones before. Memory
/// stays flat: a few batches (about 4 MB of lines each, or one longer line) are in flight.
///
/// Each job keeps one workspace of the command's (``LineCommand/Workspace``) from batch to batch
/// and file to file, so lines cost no allocation once the workspaces have grown.
@available(SwiftStdlib 6.2, *)
struct LineDriver {
  var jobs: Int
  var showsProgress: Bool

  /// The lines of a batch: about this many bytes, and at most so many lines.
  private static let batchBytes = 4 << 20
  private static let batchLines = 16_384
  /// How many read batches may wait for the jobs, and processed ones for the writer.
  private static let batchesAhead = 2

  /// Runs `command` over `inputs` (`-` is standard input) and returns the exit status.
  func run<Command: LineCommand>(_ command: Command, inputs: [String]) -> ExitStatus {
    let workspaces = (0..<jobs).map { _ in WorkspaceSlot(command.makeWorkspace()) }
    let writer = BatchWriter(output: OutputWriter(descriptor: .standardOutput))
    var status = ExitStatus.success
    for input in inputs.isEmpty ? ["-"] : inputs {
      let name = input == "-" ? "<stdin>" : input
      let descriptor: FileDescriptor
      let size: Int?
      switch InputFile.open(input) {
      case .failure(let error):
        Standard.error("bidi-fix: \(name): \(error.message)")
        status = max(status, .badInput)
        continue
      case .success(let opened):
        (descriptor, size) = opened
      }
      defer { if input != "-" { try? descriptor.close() } }
      writer.startFile(progress: showsProgress ? size.flatMap { ProgressBar(totalBytes: $0) } : nil)
      if jobs == 1 {
        processInOrder(command, descriptor: descriptor, name: name, workspaces: workspaces, writer: writer)
      } else {
        processInPipeline(command, descriptor: descriptor, name: name, workspaces: workspaces, writer: writer)
      }
      writer.finishFile()
      if let failure = writer.failure { return failure.report() }
      status = max(status, writer.takeStatus())
    }
    writer.flush()
    if let failure = writer.failure { return failure.report() }
    return status
  }

  /// One job: read, process and write each batch in turn on this thread.
  private func processInOrder<Command: LineCommand>(
    _ command: Command, descriptor: FileDescriptor, name: String, workspaces: [WorkspaceSlot<Command.Workspace>],
    writer: BatchWriter
  ) {
    var reader = LineReader(descriptor: descriptor)
    var batchNumber = 0
    var lines: [InputLine] = []
    while writer.failure == nil {
      batchNumber += 1
      reader.reuseChunks(ofBatchesThrough: batchNumber - 1)
      lines.removeAll(keepingCapacity: true)
      let batch = Self.readBatch(&reader, number: batchNumber, name: name, into: consume lines)
      lines = batch.lines
      if batch.lines.isEmpty && batch.readError == nil { break }
      writer.write(
        ProcessedBatch(
          parts: processBatch(batch.lines, from: name, command: command, workspaces: workspaces, writer: writer),
          source: name, readError: batch.readError, bytesRead: batch.bytesRead))
      if batch.readError != nil { break }
    }
  }

  /// Several jobs: a reader thread fills batches ahead, the jobs process them on this thread's
  /// call to `concurrentPerform`, a writer thread writes them out.
  private func processInPipeline<Command: LineCommand>(
    _ command: Command, descriptor: FileDescriptor, name: String, workspaces: [WorkspaceSlot<Command.Workspace>],
    writer: BatchWriter
  ) {
    let batches = Channel<ReadBatch>(capacity: Self.batchesAhead)
    let processed = Channel<ProcessedBatch?>(capacity: Self.batchesAhead)
    // The last batch the jobs are done with: the reader may reuse the chunks its lines were in.
    let finished = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
    // The reader's chunks hold the lines: it waits, with them, until the jobs are done.
    let jobsDone = DispatchSemaphore(value: 0)
    // Line lists the jobs are done with, for the reader to fill again.
    let spareLines = Mutex<[[InputLine]]>([])
    let stages = DispatchGroup()
    // The reader and the writer wait on each other and on the jobs: each runs on a queue of its own,
    // whose thread is not one of the pool's, so their waiting never takes a thread from the jobs.
    DispatchQueue(label: "bidi-fix.reader").async(group: stages) {
      // The reader checks the UTF-8 of each chunk as it comes in, while the chunk is in its core's
      // cache; a job that checked a line first would read it from the reader's core.
      var reader = LineReader(descriptor: descriptor)
      var batchNumber = 0
      while true {
        batchNumber += 1
        reader.reuseChunks(ofBatchesThrough: finished.load(ordering: .acquiring))
        let spare = spareLines.withLock { $0.popLast() } ?? []
        let batch = Self.readBatch(&reader, number: batchNumber, name: name, into: consume spare)
        // A batch with no lines and no error ends the stream; one is sent after a read error too,
        // and once the jobs have stopped.
        let atEnd = batch.lines.isEmpty && batch.readError == nil
        let failed = batch.readError != nil
        batches.send(consume batch)
        let stopping = !atEnd && (failed || stop.load(ordering: .relaxed))
        if stopping { batches.send(ReadBatch(lines: [], number: batchNumber + 1)) }
        if atEnd || stopping {
          withExtendedLifetime(reader) { jobsDone.wait() }
          return
        }
      }
    }
    DispatchQueue(label: "bidi-fix.writer").async(group: stages) {
      while let batch = processed.receive() { writer.write(batch) }
    }
    while true {
      var batch = batches.receive()
      if batch.lines.isEmpty && batch.readError == nil { break }
      // After a write failed, the rest is read and let go, so the reader can finish.
      if writer.failure != nil {
        stop.store(true, ordering: .relaxed)
        finished.store(batch.number, ordering: .releasing)
        continue
      }
      let processedBatch = ProcessedBatch(
        parts: processBatch(batch.lines, from: name, command: command, workspaces: workspaces, writer: writer),
        source: name, readError: batch.readError, bytesRead: batch.bytesRead)
      finished.store(batch.number, ordering: .releasing)
      processed.send(processedBatch)
      var lines: [InputLine] = []
      swap(&lines, &batch.lines)
      lines.removeAll(keepingCapacity: true)
      spareLines.withLock { if $0.count <= Self.batchesAhead { $0.append(lines) } }
    }
    jobsDone.signal()
    processed.send(nil)
    stages.wait()
  }

  /// Reads the next batch's lines; a read error ends the batch and is kept with it.
  /// The lines go into `lines`, an empty list whose room a batch before left: a list of 16,384
  /// lines made anew came from the kernel page by page.
  private static func readBatch(
    _ reader: inout LineReader, number: Int, name: String, into lines: consuming [InputLine]
  ) -> ReadBatch {
    reader.batch = number
    var batch = ReadBatch(lines: lines, number: number)
    batch.lines.reserveCapacity(batchLines)
    var size = 0
    do {
      while size < batchBytes && batch.lines.count < batchLines, let line = try reader.next() {
        size += line.count
        batch.lines.append(line)
      }
    } catch {
      batch.readError = "bidi-fix: \(name): cannot read: \(error.description)"
    }
    batch.bytesRead = reader.bytesRead
    return batch
  }

  /// The batch's output in parts, in input order: one part per piece of the batch, each covering a
  /// run of consecutive lines, so a line costs no allocation of its own. The parts' output buffers
  /// come from the writer's spares while it has any.
  private func processBatch<Command: LineCommand>(
    _ batch: [InputLine], from name: String, command: Command, workspaces: [WorkspaceSlot<Command.Workspace>],
    writer: BatchWriter
  ) -> [BatchPart] {
    let workers = max(1, min(jobs, batch.count))
    @Sendable func process(_ range: Range<Int>, into part: inout BatchPart, workspace: inout Command.Workspace) {
      part.output.removeAll(keepingCapacity: true)
      // With room to spare, so that the next batch, a few bytes longer, still fits in the buffer
      // this one hands back: a buffer made anew comes from the kernel page by page.
      let needed = batch[range].reduce(0) { $0 + $1.count } * 5 / 4 + 64
      if part.output.capacity < needed { part.output.reserveCapacity(needed + needed / 8) }
      for line in batch[range] {
        line.withBytes { bytes in
          command.process(
            bytes, line: line.info, from: name, into: &part.output, diagnostics: &part.diagnostics,
            workspace: &workspace)
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
    if workers == 1 {
      var part = BatchPart(output: writer.spareOutput())
      workspaces[0].workspace.withLock { process(0..<batch.count, into: &part, workspace: &$0) }
      return [part]
    }
    // Messages differ in cost by a hundred times (a plain line is copied, a mixed one laid out), so
    // the batch is cut into pieces many times the number of workers, which take the next piece as
    // they finish one; the pieces' outputs are joined in order. The last piece of a batch keeps the
    // other workers waiting: the more pieces, the shorter that wait.
    let pieces = min(batch.count, workers * Self.piecesPerWorker)
    let slots = (0..<pieces).map { _ in PartSlot(BatchPart(output: writer.spareOutput())) }
    let nextPiece = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      // Each worker has a workspace of its own: its lock is never contended.
      workspaces[worker].workspace.withLock { workspace in
        while true {
          let piece = nextPiece.wrappingAdd(1, ordering: .relaxed).oldValue
          guard piece < pieces else { break }
          // Each piece is taken once, so its lock is never contended either: it only hands the part
          // over. Even pieces: their lengths differ by at most one line.
          slots[piece].part.withLock { part in
            process(
              piece * batch.count / pieces..<(piece + 1) * batch.count / pieces, into: &part, workspace: &workspace)
          }
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

  private static let piecesPerWorker = 32

  /// An output buffer larger than this share of a batch is let go once written rather than kept for
  /// the next batch: kept, a buffer that grew for one long line would stay that size for good.
  fileprivate static let outputBufferLimit = 2 * batchBytes
}

/// Lines read for one batch, and what stopped the reading, if anything did.
@available(SwiftStdlib 6.2, *)
private struct ReadBatch: Sendable {
  var lines: [InputLine]
  var number: Int
  var readError: String? = nil
  /// The input's bytes read so far, for the progress bar.
  var bytesRead = 0
}

/// The output of a run of consecutive lines, with their diagnostics in line order.
@available(SwiftStdlib 6.2, *)
private struct BatchPart: Sendable {
  var output: [UInt8] = []
  var diagnostics: [Diagnostic] = []
}

/// A processed batch on its way to the writer.
@available(SwiftStdlib 6.2, *)
private struct ProcessedBatch: Sendable {
  var parts: [BatchPart]
  /// The input's name, for the diagnostics.
  var source: String
  var readError: String?
  var bytesRead: Int
}

/// The part of one piece, written by the worker that takes the piece and read once all are done.
@available(SwiftStdlib 6.2, *)
private final class PartSlot: Sendable {
  let part: Mutex<BatchPart>
  init(_ part: BatchPart) { self.part = Mutex(part) }
}

/// One job's workspace, used by one worker at a time.
@available(SwiftStdlib 6.2, *)
private final class WorkspaceSlot<Workspace: Sendable>: Sendable {
  let workspace: Mutex<Workspace>
  init(_ workspace: Workspace) { self.workspace = Mutex(workspace) }
}

/// Writes processed batches in order: each part's diagnostics to stderr, then its output to
/// stdout; keeps the exit status the diagnostics call for, the first write failure, and the output
/// buffers written, for the next batches to fill.
@available(SwiftStdlib 6.2, *)
private final class BatchWriter: Sendable {
  private struct State {
    var output: OutputWriter
    var failure: OutputError? = nil
    var status = ExitStatus.success
    var progress: ProgressBar? = nil
  }

  private let state: Mutex<State>
  /// Output buffers written, for the jobs to fill again: a lock of their own, so a job taking one
  /// never waits while the writer writes a batch.
  private let spareOutputs = Mutex<[[UInt8]]>([])
  /// Whether a write failed, for the stages to check without waiting on the writer.
  private let failed = Atomic<Bool>(false)

  init(output: OutputWriter) { state = Mutex(State(output: output)) }

  /// A buffer written before, emptied, or a new one.
  func spareOutput() -> [UInt8] {
    spareOutputs.withLock { $0.popLast() } ?? []
  }

  var failure: OutputError? {
    guard failed.load(ordering: .acquiring) else { return nil }
    return state.withLock { $0.failure }
  }

  func startFile(progress: ProgressBar?) {
    state.withLock { $0.progress = progress }
  }

  func finishFile() {
    state.withLock { $0.progress?.finish() }
  }

  /// The status the diagnostics of the file called for, and a clean one for the next file.
  func takeStatus() -> ExitStatus {
    state.withLock { state in
      defer { state.status = .success }
      return state.status
    }
  }

  func write(_ batch: consuming ProcessedBatch) {
    state.withLock { state in
      if let readError = batch.readError {
        Standard.error(readError)
        state.status = max(state.status, .badInput)
      }
      guard state.failure == nil else { return }
      let keptCapacity = LineDriver.outputBufferLimit / max(1, batch.parts.count)
      for index in batch.parts.indices {
        for diagnostic in batch.parts[index].diagnostics {
          // Findings are the output of `check` itself; everything else goes to stderr.
          if diagnostic.severity != .finding { Standard.error(diagnostic.formatted(file: batch.source)) }
          state.status = max(
            state.status,
            diagnostic.severity == .finding ? .findings : diagnostic.severity == .error ? .badInput : .success)
        }
        var output: [UInt8] = []
        swap(&output, &batch.parts[index].output)
        do throws(OutputError) {
          try state.output.write(output)
        } catch {
          state.failure = error
          failed.store(true, ordering: .releasing)
          return
        }
        if output.capacity <= keptCapacity {
          output.removeAll(keepingCapacity: true)
          spareOutputs.withLock { $0.append(output) }
        }
      }
      state.progress?.update(bytesDone: batch.bytesRead)
    }
  }

  func flush() {
    state.withLock { state in
      guard state.failure == nil else { return }
      do throws(OutputError) {
        try state.output.flush()
      } catch {
        state.failure = error
        failed.store(true, ordering: .releasing)
      }
    }
  }
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

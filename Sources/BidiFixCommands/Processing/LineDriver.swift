import Dispatch
import Synchronization
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams every input through a command: reads lines in batches, processes several batches at once
/// on several cores, writes the results in input order, and reports diagnostics as `FILE:LINE: …`
/// on stderr.
///
/// Each job reads a batch, processes it and writes it, on its own thread: with one job everything
/// happens on the calling thread, one batch after another. With more, one job reads while the
/// others work, and the batches are written in input order, each by the job that finished it or,
/// when it finished before its turn, by the job whose batch went before. Memory stays flat: at most
/// one batch more than the jobs (about 1 MB of lines each, or one longer line) is in flight.
///
/// Each job keeps one workspace of the command's (``LineCommand/Workspace``) from batch to batch
/// and file to file, so lines cost no allocation once the workspaces have grown.
@available(SwiftStdlib 6.2, *)
struct LineDriver {
  var jobs: Int
  var showsProgress: Bool

  /// The lines of a batch: about this many bytes, and at most so many lines. A job reads, processes
  /// and writes a batch while its lines and output are still in its core's caches.
  private static let batchBytes = 1 << 20
  private static let batchLines = 4_096

  /// A report that is one document over all the inputs (SARIF): what comes before the first
  /// finding, what goes between two, and what comes after the last, given the notes of findings left
  /// out of lines (``Diagnostic/omittedFindings``), in input order, and whether every input was
  /// read. The command writes each finding after the separator; the writer leaves out the first.
  struct Document: Sendable {
    var opening: String
    var separator: String
    var closing: @Sendable (_ notes: [OmittedFindings], _ successful: Bool) -> String
  }

  /// Runs `command` over `inputs` (`-` is standard input) and returns the exit status; the output is
  /// `document` when there is one, opened even when no input can be read.
  func run<Command: LineCommand>(_ command: Command, inputs: [String], document: Document? = nil) -> ExitStatus {
    let workspaces = (0..<jobs).map { _ in WorkspaceSlot(command.makeWorkspace()) }
    let writer = BatchWriter(output: OutputWriter(descriptor: .standardOutput), separator: document?.separator)
    var status = ExitStatus.success
    if let document { writer.writeFrame(document.opening) }
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
      process(command, descriptor: descriptor, name: name, workspaces: workspaces, writer: writer)
      writer.finishFile()
      if let failure = writer.failure { return failure.report() }
      status = max(status, writer.takeStatus())
    }
    if let document { writer.writeFrame(document.closing(writer.takeNotes(), status < .badInput)) }
    writer.flush()
    if let failure = writer.failure { return failure.report() }
    return status
  }

  /// Each job, on a thread of its own (one job: this thread), reads a batch (one job at a time,
  /// under the reader's lock), processes it, and hands it to the writer, which writes the batches
  /// in input order. A batch is read and processed on one core, so its lines are read from that
  /// core's caches, and most batches are written from there too.
  private func process<Command: LineCommand>(
    _ command: Command, descriptor: FileDescriptor, name: String, workspaces: [WorkspaceSlot<Command.Workspace>],
    writer: BatchWriter
  ) {
    // Up to two chunks a batch in flight are kept to read into again, so no job's read has to wait
    // for fresh pages when a slow batch lets several go at once.
    let input = Mutex(
      SharedInput(reader: LineReader(descriptor: descriptor, keepingSpareChunks: 2 * (workspaces.count + 1))))
    // Batches read and not yet written, at most one more than the jobs: a job that finishes ahead of
    // the one whose batch is to be written next waits here, so memory stays a batch or two a job.
    let inFlight = DispatchSemaphore(value: workspaces.count + 1)
    DispatchQueue.concurrentPerform(iterations: workspaces.count) { job in
      workspaces[job].workspace.withLock { workspace in
        var lines: [InputLine] = []
        while true {
          inFlight.wait()
          let read: ReadBatch? = input.withLock { input in
            guard !input.atEnd, writer.failure == nil else { return nil }
            input.number += 1
            input.reader.reuseChunks(ofBatchesThrough: writer.writtenThrough)
            lines.removeAll(keepingCapacity: true)
            let batch = Self.readBatch(&input.reader, number: input.number, name: name, into: consume lines)
            lines = []
            // A read error ends the input after the batch that met it.
            input.atEnd = batch.readError != nil || (batch.lines.isEmpty && batch.readError == nil)
            return batch.lines.isEmpty && batch.readError == nil ? nil : batch
          }
          guard var batch = read else {
            inFlight.signal()
            return
          }
          let processed = processLines(batch, from: name, command: command, workspace: &workspace, writer: writer)
          swap(&lines, &batch.lines)
          writer.write(consume processed, number: batch.number) { inFlight.signal() }
        }
      }
    }
  }

  /// Reads the next batch's lines; a read error ends the batch and is kept with it.
  /// The lines go into `lines`, an empty list whose room a batch before left: a list of thousands
  /// of lines made anew came from the kernel page by page.
  private static func readBatch(
    _ reader: inout LineReader, number: Int, name: String, into lines: consuming [InputLine]
  ) -> ReadBatch {
    reader.batch = number
    var batch = ReadBatch(lines: lines, number: number)
    batch.lines.reserveCapacity(batchLines)
    var size = 0
    do {
      // Once it has lines, a batch ends where the input goes quiet, so that a stream's lines are
      // shown as they come.
      while size < batchBytes && batch.lines.count < batchLines,
        let line = try reader.next(unlessIdle: !batch.lines.isEmpty)
      {
        size += line.count
        batch.lines.append(line)
      }
      batch.endsWhereInputPaused = reader.isIdle
    } catch {
      batch.readError = "bidi-fix: \(name): cannot read: \(error.description)"
    }
    batch.bytesRead = reader.bytesRead
    return batch
  }

  /// The output of a batch's lines; its buffer is one the writer has written before, while it has
  /// any.
  private func processLines<Command: LineCommand>(
    _ batch: ReadBatch, from name: String, command: Command, workspace: inout Command.Workspace,
    writer: BatchWriter
  ) -> ProcessedBatch {
    var processed = ProcessedBatch(
      output: writer.spareOutput(), source: name, readError: batch.readError, bytesRead: batch.bytesRead,
      flushes: batch.endsWhereInputPaused)
    // With room to spare, so that the next batch, a few bytes longer, still fits in the buffer
    // this one hands back: a buffer made anew comes from the kernel page by page.
    let needed = batch.lines.reduce(0) { $0 + $1.count } * 5 / 4 + 64
    if processed.output.capacity < needed { processed.output.reserveCapacity(needed + needed / 8) }
    for line in batch.lines {
      line.withBytes { bytes in
        command.process(
          bytes, line: line.info, from: name, into: &processed.output, diagnostics: &processed.diagnostics,
          workspace: &workspace)
      }
      if command.keepsLineEndings {
        switch line.info.terminator {
        case .lineFeed: processed.output.append(0x0A)
        case .carriageReturnLineFeed: processed.output.append(contentsOf: [0x0D, 0x0A])
        case .none: break
        }
      }
    }
    return processed
  }

  /// An output buffer larger than this is let go once written rather than kept for the next batch:
  /// kept, a buffer that grew for one long line would stay that size for good.
  fileprivate static let outputBufferLimit = 4 * batchBytes
}

/// Lines read for one batch, and what stopped the reading, if anything did.
@available(SwiftStdlib 6.2, *)
private struct ReadBatch: Sendable {
  var lines: [InputLine]
  var number: Int
  var readError: String? = nil
  /// The input's bytes read so far, for the progress bar.
  var bytesRead = 0
  /// Whether the batch ended because the input went quiet: its output is flushed once written.
  var endsWhereInputPaused = false
}

/// The input the jobs read from in turn: the reader, the number of the last batch read, and
/// whether the reading has ended.
@available(SwiftStdlib 6.2, *)
private struct SharedInput {
  var reader: LineReader
  var number = 0
  var atEnd = false
}

/// A processed batch on its way to the writer: its output, its diagnostics in line order, and what
/// stopped the reading after it, if anything did.
@available(SwiftStdlib 6.2, *)
private struct ProcessedBatch: Sendable {
  var output: [UInt8]
  var diagnostics: [Diagnostic] = []
  /// The input's name, for the diagnostics.
  var source: String
  var readError: String? = nil
  var bytesRead = 0
  /// Whether the output so far goes out once the batch is written, the input having gone quiet.
  var flushes = false
}

/// One job's workspace, which the job holds for the whole of an input.
@available(SwiftStdlib 6.2, *)
private final class WorkspaceSlot<Workspace: Sendable>: Sendable {
  let workspace: Mutex<Workspace>
  init(_ workspace: Workspace) { self.workspace = Mutex(workspace) }
}

/// Writes processed batches in input order, whichever job finishes one first: each batch's
/// diagnostics to stderr, then its output to stdout; keeps the exit status the diagnostics call for,
/// the first write failure, and the output buffers written, for the next batches to fill.
@available(SwiftStdlib 6.2, *)
private final class BatchWriter: Sendable {
  private struct State {
    var output: OutputWriter
    var failure: OutputError? = nil
    var status = ExitStatus.success
    var progress: ProgressBar? = nil
    /// Whether a document's first finding, which goes without its separator, is still to come.
    var beforeFirstFinding = true
    /// A document's notes of findings left out of lines, in input order.
    var notes: [OmittedFindings] = []
  }

  /// Which batch is written next, and the batches finished before their turn.
  private struct Order {
    var next = 1
    var waiting: [Int: ProcessedBatch] = [:]
  }

  private let state: Mutex<State>
  /// A lock of its own, held only to hand a batch over: a job whose batch is not next never waits
  /// while another job writes.
  private let order = Mutex(Order())
  /// Output buffers written, for the jobs to fill again: a lock of their own, so a job taking one
  /// never waits while another job writes a batch.
  private let spareOutputs = Mutex<[[UInt8]]>([])
  /// Whether a write failed, for the jobs to check without waiting on the writer.
  private let failed = Atomic<Bool>(false)
  private let writtenNumber = Atomic<Int>(0)

  /// What the command writes before each finding of a document, or `nil`.
  private let separator: String?

  init(output: OutputWriter, separator: String?) {
    state = Mutex(State(output: output))
    self.separator = separator
  }

  /// Writes a document's opening or closing.
  func writeFrame(_ text: String) {
    state.withLock { state in
      guard state.failure == nil else { return }
      do throws(OutputError) {
        try state.output.write(text)
      } catch {
        state.failure = error
        failed.store(true, ordering: .releasing)
      }
    }
  }

  /// A buffer written before, emptied, or a new one.
  func spareOutput() -> [UInt8] {
    spareOutputs.withLock { $0.popLast() } ?? []
  }

  var failure: OutputError? {
    guard failed.load(ordering: .acquiring) else { return nil }
    return state.withLock { $0.failure }
  }

  /// The number of the last batch of the file written: no line of it or of a batch before it is
  /// read again.
  var writtenThrough: Int { writtenNumber.load(ordering: .acquiring) }

  /// Starts a file, whose batches are numbered from 1.
  func startFile(progress: ProgressBar?) {
    state.withLock { $0.progress = progress }
    order.withLock { $0 = Order() }
    writtenNumber.store(0, ordering: .releasing)
  }

  func finishFile() {
    state.withLock { $0.progress?.finish() }
  }

  /// The notes of findings left out of lines, for a document's closing.
  func takeNotes() -> [OmittedFindings] {
    state.withLock { state in
      defer { state.notes = [] }
      return state.notes
    }
  }

  /// The status the diagnostics of the file called for, and a clean one for the next file.
  func takeStatus() -> ExitStatus {
    state.withLock { state in
      defer { state.status = .success }
      return state.status
    }
  }

  /// Writes batch `number` of the file if it is next, and then the batches that were waiting for
  /// it, calling `written` after each; keeps it for later otherwise.
  func write(_ batch: consuming ProcessedBatch, number: Int, written: () -> Void) {
    // Moved, never copied, from here to the write: a copy left alive would keep the output buffer
    // shared, and emptying it for reuse would then make a new one.
    var next: ProcessedBatch? = consume batch
    let isNext = order.withLock { order in
      guard number == order.next else {
        order.waiting[number] = next.take()
        return false
      }
      return true
    }
    guard isNext else { return }
    // Only the job holding batch `order.next` gets here, until it moves `order.next` on: the
    // batches it writes, and their numbers, go up one by one.
    var current = number
    while let batch = next.take() {
      writeOut(consume batch)
      writtenNumber.store(current, ordering: .releasing)
      written()
      current += 1
      next = order.withLock { order in
        order.next += 1
        return order.waiting.removeValue(forKey: order.next)
      }
    }
  }

  private func writeOut(_ batch: consuming ProcessedBatch) {
    var output: [UInt8] = []
    swap(&output, &batch.output)
    let written = state.withLock { state -> Bool in
      guard state.failure == nil else {
        if let readError = batch.readError {
          Standard.error(readError)
          state.status = max(state.status, .badInput)
        }
        return false
      }
      if let separator, state.beforeFirstFinding, !output.isEmpty {
        precondition(output.starts(with: separator.utf8), "a document's finding without its separator")
        output.removeFirst(separator.utf8.count)
        state.beforeFirstFinding = false
      }
      for diagnostic in batch.diagnostics {
        if let count = diagnostic.omittedFindings {
          state.notes.append(OmittedFindings(file: batch.source, line: diagnostic.line, count: count))
          continue
        }
        // Findings are the output of `check` itself; everything else goes to stderr.
        if diagnostic.severity != .finding { Standard.error(diagnostic.formatted(file: batch.source)) }
        state.status = max(
          state.status,
          diagnostic.severity == .finding ? .findings : diagnostic.severity == .error ? .badInput : .success)
      }
      // After the lines read before it failed.
      if let readError = batch.readError {
        Standard.error(readError)
        state.status = max(state.status, .badInput)
      }
      do throws(OutputError) {
        try state.output.write(output)
      } catch {
        state.failure = error
        failed.store(true, ordering: .releasing)
        return false
      }
      state.progress?.update(bytesDone: batch.bytesRead)
      if batch.flushes {
        do throws(OutputError) {
          try state.output.flush()
        } catch {
          state.failure = error
          failed.store(true, ordering: .releasing)
          return false
        }
      }
      return true
    }
    guard written, output.capacity <= LineDriver.outputBufferLimit else { return }
    // Handed over, not copied: a spare still shared would be copied by its next append.
    output.removeAll(keepingCapacity: true)
    spareOutputs.withLock { spares in
      spares.append([])
      swap(&spares[spares.count - 1], &output)
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

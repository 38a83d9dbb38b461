import SystemPackage

/// Buffered writes to a file descriptor that turn every failure (a closed pipe, a full disk) into
/// one typed error instead of a crash or a signal.
@available(SwiftStdlib 6.2, *)
struct OutputWriter {
  private let descriptor: FileDescriptor
  private var buffer: [UInt8] = []
  private static let flushThreshold = 1 << 18

  init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
    buffer.reserveCapacity(Self.flushThreshold + 4096)
  }

  mutating func write(_ bytes: some Sequence<UInt8>) throws(OutputError) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.flushThreshold { try flush() }
  }

  /// Writes a large buffer (a whole batch's output) without copying it into this one first: a copy
  /// of a megabyte on every batch would be a pass over the output for nothing. A smaller one is
  /// buffered as usual; what is buffered goes out first.
  mutating func write(_ bytes: [UInt8]) throws(OutputError) {
    guard bytes.count >= Self.flushThreshold else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= Self.flushThreshold { try flush() }
      return
    }
    try flush()
    try writeAll(bytes)
  }

  private func writeAll(_ bytes: [UInt8]) throws(OutputError) {
    let descriptor = self.descriptor
    do {
      _ = try descriptor.writeAll(bytes)
    } catch let error as Errno {
      throw OutputError(errno: error)
    } catch {
      throw OutputError(errno: .ioError)
    }
  }

  mutating func write(_ string: String) throws(OutputError) {
    try write(string.utf8)
  }

  mutating func flush() throws(OutputError) {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    try writeAll(buffer)
  }
}

/// Writing the output failed; the command stops and says why.
@available(SwiftStdlib 6.2, *)
struct OutputError: Error {
  var errno: Errno

  var message: String {
    switch errno {
    case .noSpace: "no space left on the output device"
    default: "cannot write the output: \(errno.description)"
    }
  }

  /// Says why on stderr and gives the exit status; a closed pipe instead ends the run quietly, as it
  /// ends `cat` (``ClosedPipe/end()``).
  func report() -> ExitStatus {
    if errno == .brokenPipe { ClosedPipe.end() }
    Standard.error("bidi-fix: \(message)")
    return .outputFailed
  }
}

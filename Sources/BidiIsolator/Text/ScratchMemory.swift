@_spi(BidiCore) import BidiCore

/// Memory the isolator writes into: small buffers on the stack, and the bytes of a new string or of
/// the end of a byte array, written in place.
///
/// This file is one of the few that hold pointer code (the README names them). A chat message costs
/// less to isolate than an allocation: the entities of a message are gathered in a buffer on the
/// stack, and its output is written once, straight into the storage that keeps it, without being
/// validated again. Outside this file the buffers are plain values with checked access; the
/// memory lives as long as the closure that was given it.

/// Up to `capacity` elements in memory that lives as long as one call of ``withFixedBuffer(of:capacity:_:)``.
///
/// ```swift
/// let sum = withFixedBuffer(of: Int.self, capacity: 4) { buffer in
///   buffer.append(2)
///   buffer.append(3)
///   return buffer.reduce(0, +)   // 5
/// }
/// ```
@safe internal struct FixedBuffer<Element: BitwiseCopyable>: RandomAccessCollection {
  private let storage: UnsafeMutableBufferPointer<Element>
  private(set) var count = 0

  fileprivate init(_ storage: UnsafeMutableBufferPointer<Element>) { unsafe self.storage = storage }

  var capacity: Int { unsafe storage.count }
  var isFull: Bool { count == capacity }
  var startIndex: Int { 0 }
  var endIndex: Int { count }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index outside the buffer")
      return unsafe storage[index]
    }
    set {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index outside the buffer")
      unsafe storage[index] = newValue
    }
  }

  /// Appends `element`; the buffer must not be full.
  @inline(__always)
  mutating func append(_ element: Element) {
    precondition(count < capacity, "the buffer is full")
    unsafe storage[count] = element
    count += 1
  }

  /// Keeps the first `newCount` elements.
  @inline(__always)
  mutating func removeAll(after newCount: Int) {
    precondition(newCount >= 0 && newCount <= count)
    count = newCount
  }
}

/// Calls `body` with an empty buffer for `capacity` elements, on the stack unless it is large.
///
/// - Complexity: O(1).
@inline(__always)
internal func withFixedBuffer<Element: BitwiseCopyable, Result, Failure: Error>(
  of type: Element.Type, capacity: Int, _ body: (inout FixedBuffer<Element>) throws(Failure) -> Result
) throws(Failure) -> Result {
  try unsafe withUnsafeTemporaryAllocation(of: type, capacity: capacity) { storage throws(Failure) in
    var buffer = unsafe FixedBuffer(storage)
    return try body(&buffer)
  }
}

/// Writes UTF-8 into room reserved for it: copies of the input's bytes and inserted controls.
@safe internal struct UTF8Writer {
  private let room: UnsafeMutableBufferPointer<UInt8>
  /// The bytes written so far.
  private(set) var count = 0

  fileprivate init(_ room: UnsafeMutableBufferPointer<UInt8>) { unsafe self.room = room }

  private var freeCapacity: Int { unsafe room.count - count }

  /// Copies the bytes in `range` of `text`.
  @inline(__always)
  mutating func append(_ range: Range<Int>, of text: UTF8Text) {
    guard !range.isEmpty else { return }
    precondition(range.count <= freeCapacity, "no room reserved for the copy")
    unsafe text.copy(range, to: room.baseAddress! + count)
    count += range.count
  }

  /// Writes `control`, one of the three-byte controls the isolator inserts (never ALM).
  @inline(__always)
  mutating func append(_ control: BidiControl) {
    precondition(freeCapacity >= 3, "no room reserved for a control")
    let bytes = control.utf8Bytes
    unsafe room[count] = bytes.0
    unsafe room[count + 1] = bytes.1
    unsafe room[count + 2] = bytes.2
    count += 3
  }
}

/// A string of at most `capacity` bytes that `write` writes, taken without being validated again.
///
/// The callers copy whole scalars of well-formed UTF-8 (a `String` or validated bytes) and insert
/// or remove whole controls at scalar boundaries, so the bytes are UTF-8 by construction;
/// validating them again cost a third of isolating a message. Debug builds still check. Past 64 KB
/// the string is written in place and validated after all: a scratch copy of a huge line would
/// double the memory it needs. Systems older than the 26 releases validate every string.
///
/// - Complexity: O(*n*) in the bytes written: one write and one copy (or one validation).
@inline(__always)
internal func makeUTF8String(capacity: Int, _ write: (inout UTF8Writer) -> Void) -> String {
  guard capacity <= 1 << 16 else {
    return unsafe String(unsafeUninitializedCapacity: capacity) { room in
      var writer = unsafe UTF8Writer(room)
      write(&writer)
      return writer.count
    }
  }
  return unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch -> String in
    var writer = unsafe UTF8Writer(scratch)
    write(&writer)
    let written = unsafe UnsafeBufferPointer(rebasing: scratch[..<writer.count])
    if #available(SwiftStdlib 6.2, *) {
      assert(unsafe (try? UTF8Span(validating: written.span)) != nil, "isolator wrote ill-formed UTF-8")
      return unsafe String(copying: UTF8Span(unchecked: written.span))
    }
    return unsafe String(decoding: written, as: UTF8.self)
  }
}

extension Array where Element == UInt8 {
  /// Appends at most `capacity` bytes that `write` writes, straight into room reserved at the end:
  /// appending piece by piece cost an append call per piece and three per control, more than the
  /// scan itself.
  ///
  /// - Complexity: O(*n*) in the bytes written.
  @inline(__always)
  internal mutating func appendUTF8(capacity: Int, _ write: (inout UTF8Writer) -> Void) {
    append(addingCapacity: capacity) { room in
      unsafe room.withUnsafeMutableBufferPointer { buffer, initialized in
        var writer = unsafe UTF8Writer(UnsafeMutableBufferPointer(rebasing: buffer[initialized...]))
        write(&writer)
        initialized += writer.count
      }
    }
  }
}

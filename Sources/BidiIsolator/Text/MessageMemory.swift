@_spi(BidiCore) import BidiCore

// A message's memory, read and written in place: this file is one of the few that hold pointer code
// (the README names them). The scanners read every byte of every message through a pointer to the
// string's own storage (`UTF8Text`), so a message is scanned without being copied; the isolator
// gathers a message's entities on the stack (`FixedBuffer`) and writes its output once, straight
// into the storage that keeps it (`UTF8Writer`), copying the input's bytes from pointer to pointer.
// Outside the file every read and write is checked, and the memory lives as long as the closure
// that was given it.

/// Read access to the UTF-8 bytes of a string, decoding Unicode scalars only where a caller asks.
///
/// Every offset is tested against the end of the text before the pointer is used, so a logic error
/// elsewhere stops the program instead of reading past the text. The pointer
/// lives as long as the closure ``withUTF8Text(_:_:)`` runs: a `UTF8Text` is never stored beyond it.
///
/// The bytes always come from a `String` or from bytes a caller validated, so they are well-formed
/// UTF-8; the isolator relies on that when it makes its output without validating it again.
@safe internal struct UTF8Text {
  private let bytes: UnsafeBufferPointer<UInt8>

  fileprivate init(_ bytes: UnsafeBufferPointer<UInt8>) { unsafe self.bytes = bytes }

  @inline(__always) var count: Int { unsafe bytes.count }

  /// The byte at `offset`, which must be in the text.
  @inline(__always) subscript(offset: Int) -> UInt8 {
    precondition(UInt(bitPattern: offset) < UInt(bitPattern: count), "read outside the text")
    return unsafe bytes[offset]
  }

  /// The byte at `offset`, or 0 past the end, for look-ahead that may run off the text.
  @inline(__always) func byte(at offset: Int) -> UInt8 {
    offset < count ? self[offset] : 0
  }

  /// The sixteen bytes from `offset`, which must all be in the text, as one vector.
  @inline(__always)
  func sixteenBytes(at offset: Int) -> SIMD16<UInt8> {
    precondition(offset >= 0 && offset <= count - 16, "sixteen bytes read outside the text")
    return unsafe UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
  }

  /// The scalar that starts at `offset` and its length in bytes.
  @inline(__always)
  func scalar(at offset: Int) -> (value: UInt32, length: Int) {
    let lead = self[offset]
    if lead < 0x80 { return (UInt32(lead), 1) }
    return decodeMultibyte(lead: lead, at: offset)
  }

  /// Decodes the scalar whose lead byte, at `offset`, was read through the checked subscript, with
  /// the package's one decoder, which checks each byte against the end of the text.
  @inline(__always)
  private func decodeMultibyte(lead: UInt8, at offset: Int) -> (value: UInt32, length: Int) {
    UTF8Coding.scalar(at: offset, in: unsafe Span(_unsafeElements: bytes))
  }

  /// The offset where the scalar ending at `offset` starts; `offset` must be greater than zero.
  @inline(__always)
  func scalarStart(before offset: Int) -> Int {
    var start = offset - 1
    while start > 0 && self[start] & 0xC0 == 0x80 && offset - start < 4 { start -= 1 }
    return start
  }

  /// The scalar that ends at `offset`, or `nil` at the start of the text.
  @inline(__always)
  func scalar(before offset: Int) -> UInt32? {
    guard offset > 0 else { return nil }
    let last = self[offset - 1]
    if last < 0x80 { return UInt32(last) }
    return scalar(at: scalarStart(before: offset)).value
  }

  /// The scalar at `offset`, or `nil` at the end of the text.
  @inline(__always)
  func scalarValue(at offset: Int) -> UInt32? {
    offset < count ? scalar(at: offset).value : nil
  }

  // The scanners judge what comes before and after a candidate entity through bidi controls, as if
  // they were not there: the isolator inserts controls at entity boundaries, and a text must scan
  // the same with its insertions as without them, or isolating twice would find other entities.

  /// The last scalar before `offset` that is not a bidi control, and where the controls before
  /// `offset` start; `nil` when only controls come before.
  @inline(__always)
  func scalarSkippingControls(before offset: Int) -> (value: UInt32, controlsStart: Int)? {
    if offset > 0 && self[offset - 1] < 0x80 { return (UInt32(self[offset - 1]), offset) }
    var end = offset
    while end > 0 {
      let start = scalarStart(before: end)
      let value = scalar(at: start).value
      if BidiControl(value: value) == nil { return (value, end) }
      end = start
    }
    return nil
  }

  /// The first scalar at or after `offset` that is not a bidi control.
  @inline(__always)
  func scalarSkippingControls(at offset: Int) -> UInt32? {
    scalarSkippingControls(from: offset)?.value
  }

  /// The first scalar at or after `offset` that is not a bidi control, and where it is: a look-ahead
  /// that reads a text with isolates inserted the way it read the text without them.
  @inline(__always)
  func scalarSkippingControls(from offset: Int) -> (value: UInt32, offset: Int)? {
    if offset < count && self[offset] < 0x80 { return (UInt32(self[offset]), offset) }
    var offset = offset
    while offset < count {
      let (value, length) = scalar(at: offset)
      if BidiControl(value: value) == nil { return (value, offset) }
      offset += length
    }
    return nil
  }

  /// Whether `://`, the separator after a URL's scheme, starts at `offset`.
  @inline(__always)
  func startsSchemeSeparator(at offset: Int) -> Bool {
    byte(at: offset) == UInt8(ascii: ":") && byte(at: offset + 1) == UInt8(ascii: "/")
      && byte(at: offset + 2) == UInt8(ascii: "/")
  }

  /// Appends the bytes in `range` to `output`, in one copy.
  ///
  /// - Complexity: O(*k*) in the length of the range.
  @inline(__always)
  func append(_ range: Range<Int>, to output: inout [UInt8]) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "copy outside the text")
    unsafe output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
  }

  /// Copies the bytes in `range` to `destination`, which has room for them: the one place the
  /// isolator's output is written from its input (``UTF8Writer`` checks the room).
  @unsafe @inline(__always)
  fileprivate func copy(_ range: Range<Int>, to destination: UnsafeMutablePointer<UInt8>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "copy outside the text")
    unsafe destination.initialize(from: bytes.baseAddress! + range.lowerBound, count: range.count)
  }
}

/// Runs `body` on the UTF-8 bytes of `string`, without copying them when the string is native.
@inline(__always)
internal func withUTF8Text<Result>(_ string: String, _ body: (UTF8Text) -> Result) -> Result {
  if let result = unsafe string.utf8.withContiguousStorageIfAvailable({ unsafe body(UTF8Text($0)) }) {
    return result
  }
  // Bridged or otherwise non-contiguous strings: one copy, then the same code path.
  let bytes = ContiguousArray(string.utf8)
  return unsafe bytes.withUnsafeBufferPointer { unsafe body(UTF8Text($0)) }
}

/// Runs `body` on `bytes`, which the caller has validated as UTF-8.
@inline(__always)
internal func withUTF8Text<Result, Failure: Error>(
  validUTF8 bytes: Span<UInt8>, _ body: (UTF8Text) throws(Failure) -> Result
) throws(Failure) -> Result {
  try unsafe bytes.withUnsafeBufferPointer { buffer throws(Failure) in try unsafe body(UTF8Text(buffer)) }
}

/// Runs `body` on `bytes`, UTF-8 the isolator wrote from well-formed text.
@inline(__always)
internal func withUTF8Text<Result>(validUTF8 bytes: [UInt8], _ body: (UTF8Text) -> Result) -> Result {
  unsafe bytes.withUnsafeBufferPointer { unsafe body(UTF8Text($0)) }
}

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

@_spi(BidiCore) import BidiCore

/// Read access to the UTF-8 bytes of a string, decoding Unicode scalars only where a caller asks.
///
/// This file is one of the few that hold pointer code (the README names them): the scanners read
/// every byte of every message, and they read it here, through a pointer to the string's own
/// storage, so that a message is scanned without being copied. Everything outside the file sees
/// only checked reads: every offset is tested against the end of the text before the pointer is
/// used, so a logic error elsewhere stops the program instead of reading past the text. The pointer
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

  /// Decodes the scalar whose lead byte, at `offset`, was read through the checked subscript; each
  /// branch checks that the bytes after it are in the text before reading them.
  @inline(__always)
  private func decodeMultibyte(lead: UInt8, at offset: Int) -> (value: UInt32, length: Int) {
    if lead < 0xE0 {
      guard lead >= 0xC0, offset + 1 < count else { return (0xFFFD, 1) }
      return (UInt32(lead & 0x1F) << 6 | UInt32(unsafe bytes[offset + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      guard offset + 2 < count else { return (0xFFFD, 1) }
      let value =
        UInt32(lead & 0x0F) << 12 | UInt32(unsafe bytes[offset + 1] & 0x3F) << 6
        | UInt32(unsafe bytes[offset + 2] & 0x3F)
      return (value, 3)
    }
    guard offset + 3 < count else { return (0xFFFD, 1) }
    let value =
      UInt32(lead & 0x07) << 18 | UInt32(unsafe bytes[offset + 1] & 0x3F) << 12
      | UInt32(unsafe bytes[offset + 2] & 0x3F) << 6 | UInt32(unsafe bytes[offset + 3] & 0x3F)
    return (value, 4)
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
  func copy(_ range: Range<Int>, to destination: UnsafeMutablePointer<UInt8>) {
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

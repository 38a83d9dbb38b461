/// Bytes read and written in blocks: sixteen or eight at a time for the scanners and validators,
/// and whole runs copied into room reserved once for the writers; and the tables that live as long
/// as the process (``ImmortalArray``). Shared by the isolator, the terminal layer, the localization
/// files and the commands.
///
/// This file is one of the few that hold pointer code (the README names them): a block is loaded
/// from a span, and a run is copied into an output span, with one unaligned load or one copy
/// instead of a check and a store per byte, and a table is read with no reference counting. Every
/// access is checked against the bounds before the pointer is used.

extension UInt8 {
  /// Whether this is an ASCII letter or digit.
  @inlinable @inline(__always) @_spi(BidiCore) public var isASCIIAlphanumeric: Bool {
    (self | 0x20) &- UInt8(ascii: "a") < 26 || self &- UInt8(ascii: "0") < 10
  }

  /// Whether the byte is an ASCII letter, `A`–`Z` or `a`–`z`.
  @inlinable @inline(__always) @_spi(BidiCore) public var isASCIILetter: Bool {
    (self | 0x20) &- UInt8(ascii: "a") < 26
  }

  /// Whether the byte is an ASCII digit.
  @inlinable @inline(__always) @_spi(BidiCore) public var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }

  /// The byte with ASCII letters folded to lower case.
  @inlinable @inline(__always) @_spi(BidiCore) public var asciiLowercased: UInt8 { isASCIILetter ? self | 0x20 : self }
}

/// Sixteen bytes at a time as vector lanes: range tests on every lane at once, and a lane mask read
/// back as bits. Shared by the isolator's plain-text skip and position counts and the command line
/// tool's UTF-8 validation and JSON writer.
extension SIMD16 where Scalar == UInt8 {
  /// The lanes whose byte is in `low ..< low + count`.
  ///
  /// One addition and one signed comparison: adding `0x80 - low` maps the unsigned range onto
  /// `-128 ..< count - 128`, and a signed byte comparison is a single instruction on baseline x86-64
  /// (SSE2 has no unsigned one) and on ARM64.
  ///
  /// ```swift
  /// let bytes = SIMD16<UInt8>(repeating: 0xD9)
  /// bytes.lanes(from: 0xD7, count: 5)   // all sixteen lanes: D9 is in D7..<DC
  /// bytes.lanes(from: 0x80, count: 0x40)   // none: D9 is not a continuation byte
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public func lanes(from low: UInt8, count: UInt8) -> SIMDMask<SIMD16<Int8>> {
    // A reinterpretation of the same sixteen bytes: `SIMD16<Int8>(truncatingIfNeeded:)` was a call
    // and a loop over the lanes.
    let shifted = unsafe unsafeBitCast(self &+ SIMD16(repeating: 0x80 &- low), to: SIMD16<Int8>.self)
    return shifted .< SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: Int(count) - 128))
  }
}

extension SIMDMask where Storage == SIMD16<Int8> {
  /// The mask as two words, each lane a byte of all ones or all zeros, lane 0 the lowest byte.
  ///
  /// The standard library reads a mask back only lane by lane (`any(_:)` was a call and a loop);
  /// the mask's bits are the lanes' bytes, and the reinterpretation costs nothing.
  ///
  /// ```swift
  /// let mask = SIMD16<UInt8>(repeating: 0x41).lanes(from: 0x41, count: 1)   // every lane
  /// mask.words   // (UInt64.max, UInt64.max)
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public var words: (low: UInt64, high: UInt64) {
    let halves = unsafe unsafeBitCast(self, to: SIMD2<UInt64>.self)
    return (halves[0], halves[1])
  }

  /// Whether no lane is set.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public var isEmpty: Bool {
    let (low, high) = words
    return low | high == 0
  }
}

extension Span where Element == UInt8 {
  /// The sixteen bytes from `offset`, which must all be in the span, as one vector: a checked read,
  /// for the modules that judge bytes sixteen at a time.
  ///
  /// ```swift
  /// let line = Array("sixteen bytes..!".utf8)
  /// line[...].span.sixteenBytes(at: 0)[0]   // 0x73, "s"
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public func sixteenBytes(at offset: Int) -> SIMD16<UInt8> {
    precondition(offset >= 0 && offset <= count - 16, "sixteen bytes read outside the span")
    return unsafe bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
  }

  /// The eight bytes from `offset`, which must all be in the span, as a little-endian word.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public func eightBytes(at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset <= count - 8, "eight bytes read outside the span")
    return UInt64(littleEndian: unsafe bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }
}

extension String {
  /// A string of `bytes`, which the caller has validated as UTF-8, copied without being validated
  /// again (on systems older than the 26 releases, validated all the same).
  ///
  /// The command line tool validates every line as it reads it; validating a message again to make
  /// a `String` of it cost a few percent of `display`.
  ///
  /// - Complexity: O(*n*).
  @_spi(BidiCore) public init(validUTF8 bytes: Span<UInt8>) {
    if #available(SwiftStdlib 6.2, *) {
      assert((try? UTF8Span(validating: bytes)) != nil, "bytes that are not UTF-8")
      self = unsafe String(copying: UTF8Span(unchecked: bytes))
    } else {
      self = unsafe bytes.withUnsafeBufferPointer { unsafe String(decoding: $0, as: UTF8.self) }
    }
  }
}

extension OutputSpan where Element == UInt8 {
  /// Appends `bytes` in one copy; the room must have been reserved.
  ///
  /// The command line tool writes its reports in small pieces into room reserved once; a check and
  /// a store per byte cost more than the rest of a report.
  ///
  /// ```swift
  /// var output: [UInt8] = []
  /// let piece: [UInt8] = [0x68, 0x69]
  /// let all = piece[...]
  /// output.append(addingCapacity: 2) { $0.append(copying: all.span) }   // output == [0x68, 0x69]
  /// ```
  ///
  /// - Complexity: O(*n*).
  @inlinable @inline(__always)
  @_spi(BidiCore) public mutating func append(copying bytes: Span<UInt8>) {
    precondition(bytes.count <= freeCapacity, "no room reserved for \(bytes.count) bytes")
    guard !bytes.isEmpty else { return }
    unsafe bytes.withUnsafeBufferPointer { source in
      unsafe withUnsafeMutableBufferPointer { buffer, initialized in
        unsafe (buffer.baseAddress! + initialized).initialize(from: source.baseAddress!, count: source.count)
        initialized += source.count
      }
    }
  }

  /// Appends the UTF-8 bytes of `literal` in one copy; the room must have been reserved.
  ///
  /// - Complexity: O(*n*) in the literal's length.
  @inlinable @inline(__always)
  @_spi(BidiCore) public mutating func append(_ literal: StaticString) {
    let count = literal.utf8CodeUnitCount
    precondition(count <= freeCapacity, "no room reserved for \(count) bytes")
    unsafe withUnsafeMutableBufferPointer { buffer, initialized in
      unsafe (buffer.baseAddress! + initialized).initialize(from: literal.utf8Start, count: count)
      initialized += count
    }
  }
}

extension OutputSpan where Element == UInt8 {
  /// Appends the sixteen bytes of `block`, lane 0 first, in one store; the room must have been
  /// reserved.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public mutating func append(_ block: SIMD16<UInt8>) {
    precondition(freeCapacity >= 16, "no room reserved for sixteen bytes")
    unsafe withUnsafeMutableBufferPointer { buffer, initialized in
      unsafe UnsafeMutableRawPointer(buffer.baseAddress! + initialized).storeBytes(of: block, as: SIMD16<UInt8>.self)
      initialized += 16
    }
  }
}

@available(SwiftStdlib 6.2, *)
extension Array where Element == UInt8 {
  /// Appends `bytes` as they are.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  @_spi(BidiCore) public mutating func append(copying bytes: Span<UInt8>) {
    append(addingCapacity: bytes.count) { $0.append(copying: bytes) }
  }
}

@available(SwiftStdlib 6.2, *)
extension Array where Element == UInt8 {
  /// Calls `body` with the bytes as a span (an array's own `span` is only in the 26 releases of
  /// Apple's systems; a slice's is everywhere).
  ///
  /// - Complexity: O(1).
  @inlinable
  @_spi(BidiCore) public func withBytes<Result, Failure: Error>(
    _ body: (Span<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let all = self[...]
    return try body(all.span)
  }
}

/// Elements copied once into memory that is never freed, for tables that live as long as the
/// process: a value that holds one is copied with no reference counting, where an array would be
/// retained with every copy of a scanner that keeps the table. Every read is checked against the
/// count.
///
/// ```swift
/// let squares = ImmortalArray((0..<16).map { $0 * $0 })
/// squares[3]   // 9
/// ```
@safe @_spi(BidiCore) public struct ImmortalArray<Element> {
  @usableFromInline let base: UnsafePointer<Element>
  @usableFromInline let count: Int

  /// A copy of `elements` that is never freed.
  ///
  /// - Complexity: O(*n*).
  @_spi(BidiCore) public init(_ elements: [Element]) {
    let memory = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(elements.count, 1))
    unsafe memory.initialize(from: elements, count: elements.count)
    unsafe base = UnsafePointer(memory)
    count = elements.count
  }

  /// The element at `index`, which must be less than the count.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  @_spi(BidiCore) public subscript(index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index outside the table")
    return unsafe base[index]
  }
}

// Unchecked: the memory is written once, by `init`, and never written or freed again.
extension ImmortalArray: @unchecked Sendable where Element: Sendable {}

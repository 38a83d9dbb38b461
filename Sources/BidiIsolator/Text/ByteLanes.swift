/// Range tests on sixteen bytes at once, shared by the isolator's plain-text skip and the command
/// line tool's UTF-8 validation.
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
  package func lanes(from low: UInt8, count: UInt8) -> SIMDMask<SIMD16<Int8>> {
    let shifted = unsafeBitCast(self &+ SIMD16(repeating: 0x80 &- low), to: SIMD16<Int8>.self)
    return shifted .< SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: Int(count) - 128))
  }
}

extension Unicode.Scalar {
  /// Whether the scalar has Grapheme_Cluster_Break=Prepend (Unicode 15.0, `GraphemeBreakProperty.txt`):
  /// it joins whatever follows it into one character, even a space.
  ///
  /// ```swift
  /// Unicode.Scalar(0x0600)!.isGraphemePrepend   // true: ARABIC NUMBER SIGN
  /// Unicode.Scalar(0x0627)!.isGraphemePrepend   // false
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @_spi(BidiCore) public var isGraphemePrepend: Bool {
    switch value {
    case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2...0x111C3,
      0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
      true
    default:
      false
    }
  }
}

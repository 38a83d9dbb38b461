/// Parses `0627 0020 05D0`, the way the UCD's test files list code points, into scalars.
func scalars(hex: some StringProtocol) -> [Unicode.Scalar] {
  hex.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
}

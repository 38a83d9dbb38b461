/// Why a text could not be resolved.
///
/// Resolution fails only where the C library cannot be given the input at all; hostile content
/// (deep nesting, millions of brackets or isolates) always resolves.
@available(SwiftStdlib 6.2, *)
public struct BidiError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The ways resolution can fail.
  public enum Kind: Sendable, Hashable {
    /// A single paragraph is longer than libfribidi can index (`Int32.max` scalars).
    case paragraphTooLong
    /// libfribidi reported a failure, which it does only when it cannot allocate memory.
    case libraryFailure
  }

  /// How resolution failed.
  public let kind: Kind
  /// Scalar offset of the paragraph that failed.
  public let paragraphStart: Int

  /// The failure and the paragraph it happened in.
  public var description: String {
    switch kind {
    case .paragraphTooLong:
      "the paragraph at scalar \(paragraphStart) is longer than libfribidi can index"
    case .libraryFailure:
      "libfribidi failed to resolve the paragraph at scalar \(paragraphStart) (out of memory)"
    }
  }
}

import Foundation

// Foundation's availability of `AttributedString.WritingDirection`, written out: the package's
// `SwiftStdlib 6.2` macro names the standard library's, which happens to share these versions.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension AttributedString.WritingDirection {
  /// The writing direction of `direction`, for Foundation's paragraph-level writing-direction
  /// attribute.
  ///
  /// ```swift
  /// var shown = result.isolated
  /// if let direction = result.direction { shown.writingDirection = .init(direction) }
  /// ```
  ///
  /// - Complexity: O(1).
  public init(_ direction: TextDirection) {
    self = direction == .leftToRight ? .leftToRight : .rightToLeft
  }
}

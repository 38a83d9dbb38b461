import Bidi
import BidiIsolator
import BidiTerminal

/// What ``TerminalDisplay`` must write, by a simpler and slower data flow: the message
/// made a `String`, its digits converted, isolated as a `String`, its isolates found again by
/// scanning for their controls, and each paragraph laid out by
/// ``TerminalLayout/render(_:direction:protected:lineBreak:appendingTo:)`` through `BidiText`. The
/// tests and the `display` fuzz target hold `TerminalDisplay` to it byte for byte.
///
/// ```swift
/// var output: [UInt8] = []
/// ReferenceDisplay(TerminalDisplay()).render("שלום @alice", lineBreak: [0x0A], appendingTo: &output)
/// ```
///
/// - Complexity: O(*n*) for a message of *n* characters.
@_spi(Testing)
@available(SwiftStdlib 6.2, *)
public struct ReferenceDisplay: Sendable {
  /// The options, those of the display held to this reference.
  public var options: TerminalDisplay

  /// The reference for `options`.
  public init(_ options: TerminalDisplay) {
    self.options = options
  }

  /// Appends the visual lines of `message` to `output` as UTF-8, with `lineBreak` between them.
  ///
  /// - Complexity: O(*n*).
  public func render(_ message: String, lineBreak: [UInt8], appendingTo output: inout [UInt8]) {
    let layout = options.layout
    if options.direction != .rightToLeft, options.digits == .keep,
      let cells = TerminalLayout.plainLeftToRightWidth(of: message), cells <= (layout.width ?? Int.max)
    {
      if layout.alignment == .right, let width = layout.width {
        output.append(contentsOf: repeatElement(0x20, count: width - cells))
      }
      output.append(contentsOf: message.utf8)
      return
    }
    let converted = options.digits.apply(to: message)
    let text = options.isolator?.isolate(converted) ?? converted
    let direction: BaseDirection =
      switch options.direction {
      case .leftToRight?: .leftToRight
      case .rightToLeft?: .rightToLeft
      // Isolated, every entity with a strong character is out of the way of rule P2.
      case nil where options.isolator != nil: .auto
      case nil: options.detector.direction(of: converted) == .rightToLeft ? .rightToLeft : .leftToRight
      }
    let start = output.count
    do {
      try layout.render(
        text, direction: direction, protected: layout.width == nil ? [] : IsolateSpans.find(in: text),
        lineBreak: lineBreak, appendingTo: &output)
    } catch {
      output.removeSubrange(start...)
      output.append(contentsOf: converted.utf8)
    }
  }
}

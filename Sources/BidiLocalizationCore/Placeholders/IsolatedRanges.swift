@_spi(BidiCore) import BidiCore

/// Where a text's isolates are: the stretches between an isolate initiator (LRI, RLI, FSI) and the
/// PDI that closes it.
///
/// ```swift
/// let text = "متابعة \u{2068}%@\u{2069} و %d"
/// let isolates = IsolatedRanges(text)
/// let placeholders = PlaceholderSyntax.apple.placeholders(in: text)
/// isolates.contains(placeholders[0].range)   // true
/// isolates.contains(placeholders[1].range)   // false
/// ```
public struct IsolatedRanges: Sendable {
  /// The outermost closed isolates, each from just after its initiator to its PDI, in order.
  public let ranges: [Range<String.Index>]

  /// The isolates of `text`; an initiator never closed isolates nothing, but the isolates closed
  /// inside it still isolate what they hold.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for *k* isolates.
  public init(_ text: String) {
    var closed: [Range<String.Index>] = []
    var open: [String.Index] = []
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let next = scalars.index(after: index)
      switch scalars[index].value {
      case 0x2066...0x2068:
        open.append(next)
      case 0x2069:
        if let start = open.popLast() { closed.append(start..<index) }
      default:
        break
      }
      index = next
    }
    // Isolates nest or stand apart; the outer one of each nest is kept.
    closed.sort { $0.lowerBound < $1.lowerBound || ($0.lowerBound == $1.lowerBound && $0.upperBound > $1.upperBound) }
    var ranges: [Range<String.Index>] = []
    for range in closed where ranges.last.map({ range.upperBound > $0.upperBound }) ?? true {
      ranges.append(range)
    }
    self.ranges = ranges
  }

  /// Whether `range` lies inside one isolate.
  ///
  /// - Complexity: O(log *k*) for *k* isolates.
  public func contains(_ range: Range<String.Index>) -> Bool {
    // The last isolate that starts at or before the range.
    let low = ranges.partitionIndex { $0.lowerBound > range.lowerBound }
    guard low > 0 else { return false }
    return range.upperBound <= ranges[low - 1].upperBound
  }
}

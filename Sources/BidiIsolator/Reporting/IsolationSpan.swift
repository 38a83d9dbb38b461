@_spi(BidiCore) import BidiCore

/// A part of a message to isolate as one unit besides the entities the scanner finds: a mention
/// the server marked by position (a display name such as "Dana Levi" has no `@` to find), a link's
/// text, a quoted name.
///
/// ```swift
/// let message = "شكرا Dana Levi (UK) على الرد"
/// let name = message.range(of: "Dana Levi (UK)")!
/// let isolation = try BidiIsolator().isolation(of: message, spans: [IsolationSpan(name, in: message)])
/// isolation.isolated   // "شكرا \u{2066}Dana Levi (UK)\u{2069} على الرد"
/// ```
///
/// Offsets count from the start of the message in the given unit: UTF-16 code units for offsets
/// from JavaScript or `NSRange`, Unicode scalars for Twitter-style entity indices, UTF-8 bytes for
/// a server's buffers.
public struct IsolationSpan: Sendable, Hashable, CustomStringConvertible {
  /// The range, in ``unit``.
  public let range: Range<Int>
  /// How ``range`` counts.
  public let unit: OffsetUnit

  /// The span `range`, counted in `unit`.
  ///
  /// - Complexity: O(1).
  public init(_ range: Range<Int>, in unit: OffsetUnit) {
    self.range = range
    self.unit = unit
  }

  /// The span `range` of `message`, whose bounds must be Unicode scalar boundaries (indices of the
  /// string's characters or scalars are).
  ///
  /// - Complexity: O(*n*) for a string that is not native UTF-8, O(1) otherwise.
  public init(_ range: Range<String.Index>, in message: String) {
    let start = message.utf8.distance(from: message.startIndex, to: range.lowerBound)
    self.init(start..<start + message.utf8.distance(from: range.lowerBound, to: range.upperBound), in: .utf8)
  }

  /// `utf16 3..<8`.
  public var description: String { "\(unit) \(range.lowerBound)..<\(range.upperBound)" }

  /// The UTF-8 ranges of `spans` in `text`.
  ///
  /// - Complexity: O(*n* + *s* log *s*) for *s* spans.
  package static func utf8Ranges(
    of spans: [IsolationSpan], in text: String
  ) throws(IsolationSpanError) -> [Range<Int>] {
    // Each unit's bounds, sorted, are met in order in one walk over the text's scalars; a bound the
    // walk steps over lies inside a scalar and stays -1.
    let units = OffsetUnit.allCases
    let bounds = units.map { unit in
      Set(spans.lazy.filter { $0.unit == unit }.flatMap { [$0.range.lowerBound, $0.range.upperBound] }).sorted()
    }
    var found = bounds.map { [Int](repeating: -1, count: $0.count) }
    var next = [Int](repeating: 0, count: units.count)
    var position = TextOffset.zero
    func record() {
      for (index, unit) in units.enumerated() {
        while next[index] < bounds[index].count && bounds[index][next[index]] <= position[unit] {
          if bounds[index][next[index]] == position[unit] { found[index][next[index]] = position.utf8 }
          next[index] += 1
        }
      }
    }
    for scalar in text.unicodeScalars {
      record()
      position = TextOffset(
        utf8: position.utf8 + UTF8.width(scalar), utf16: position.utf16 + UTF16.width(scalar),
        scalars: position.scalars + 1)
    }
    record()
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(spans.count)
    for span in spans {
      guard span.range.lowerBound >= 0 && span.range.upperBound <= position[span.unit] else {
        throw .outOfBounds(span, length: position[span.unit])
      }
      let index = units.firstIndex(of: span.unit)!
      func utf8(_ bound: Int) -> Int { found[index][bounds[index].partitionIndex { $0 >= bound }] }
      let lower = utf8(span.range.lowerBound)
      let upper = utf8(span.range.upperBound)
      guard lower >= 0 && upper >= 0 else { throw .splitsCharacter(span) }
      ranges.append(lower..<upper)
    }
    return ranges
  }
}

/// Why ``BidiIsolator/isolation(of:spans:)`` refused a span.
public enum IsolationSpanError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The span reaches outside the message, which is `length` long in the span's unit.
  case outOfBounds(IsolationSpan, length: Int)
  /// The span starts or ends inside a character's UTF-8 sequence or UTF-16 surrogate pair.
  case splitsCharacter(IsolationSpan)

  /// What is wrong, in a sentence.
  public var description: String {
    switch self {
    case .outOfBounds(let span, let length):
      "span \(span) is outside the message, which is \(length) \(span.unit) long"
    case .splitsCharacter(let span):
      "span \(span) starts or ends inside a character's \(span.unit == .utf8 ? "UTF-8 sequence" : "surrogate pair")"
    }
  }
}

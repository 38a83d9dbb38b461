@_spi(BidiCore) import BidiCore

/// Where a text's HTML and XML tags are: `<a href="…">`, `</b>`, `<br/>`.
///
/// A placeholder inside a tag fills an attribute (`<a href="https://example.com/%s">`), which
/// nobody reads as text; an isolate there would change the value itself (a link with an FSI in it
/// leads nowhere), so a fix leaves such placeholders as they are.
///
/// ```swift
/// let text = "<a href=\"%1$s\">%2$s</a>"
/// let tags = MarkupTags(text)
/// let placeholders = PlaceholderSyntax.c.placeholders(in: text)
/// tags.contains(placeholders[0].range)   // true
/// tags.contains(placeholders[1].range)   // false
/// ```
struct MarkupTags {
  /// The tags, each from its `<` to just after its `>`, in order.
  let ranges: [Range<String.Index>]

  /// The tags of `text`: a `<` followed by an ASCII letter, or by `/` and one, up to the next `>`,
  /// with no `<` or line break before it (`a < b > c` holds none).
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  init(_ text: String) {
    var ranges: [Range<String.Index>] = []
    let scalars = text.unicodeScalars
    // Most values hold no markup.
    guard text.utf8.contains(UInt8(ascii: "<")) else {
      self.ranges = []
      return
    }
    func isASCIILetter(_ index: String.Index) -> Bool {
      index < scalars.endIndex && scalars[index].isASCII && scalars[index].properties.isAlphabetic
    }
    var index = scalars.startIndex
    while index < scalars.endIndex {
      guard scalars[index] == "<" else {
        index = scalars.index(after: index)
        continue
      }
      let start = index
      var name = scalars.index(after: index)
      if name < scalars.endIndex && scalars[name] == "/" { name = scalars.index(after: name) }
      index = scalars.index(after: start)
      guard isASCIILetter(name) else { continue }
      var end = name
      while end < scalars.endIndex, !["<", ">", "\n", "\r"].contains(scalars[end]) { end = scalars.index(after: end) }
      guard end < scalars.endIndex, scalars[end] == ">" else { continue }
      index = scalars.index(after: end)
      ranges.append(start..<index)
    }
    self.ranges = ranges
  }

  /// Whether `range` lies inside one tag.
  ///
  /// - Complexity: O(log *k*) for *k* tags.
  func contains(_ range: Range<String.Index>) -> Bool {
    let low = ranges.partitionIndex { $0.lowerBound > range.lowerBound }
    guard low > 0 else { return false }
    return range.upperBound <= ranges[low - 1].upperBound
  }
}

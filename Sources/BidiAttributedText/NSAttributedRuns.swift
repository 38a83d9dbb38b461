@_spi(BidiCore) import BidiCore
import Foundation

/// An `NSAttributedString`'s runs by UTF-16 offsets, read once.
///
/// This file holds the module's one use of pointer types, in Foundation's own signature:
/// `enumerateAttributes` passes its block a pointer to a flag that stops the enumeration, which is
/// never read or written here, and Foundation offers no other way to read an attributed string's
/// attributes.
internal struct NSAttributedRuns {
  /// Each run's range in UTF-16 code units.
  private(set) var ranges: [Range<Int>] = []
  /// Each run's attributes.
  private(set) var attributes: [[NSAttributedString.Key: Any]] = []

  init(_ text: NSAttributedString) {
    var ranges: [Range<Int>] = []
    var attributes: [[NSAttributedString.Key: Any]] = []
    unsafe text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: []) { found, range, _ in
      ranges.append(range.location..<range.location + range.length)
      attributes.append(found)
    }
    self.ranges = ranges
    self.attributes = attributes
  }

  /// The attributes of the code unit at `offset`.
  func attributes(at offset: Int) -> [NSAttributedString.Key: Any] {
    let index = ranges.partitionIndex { $0.upperBound > offset }
    return index < attributes.count ? attributes[index] : [:]
  }
}

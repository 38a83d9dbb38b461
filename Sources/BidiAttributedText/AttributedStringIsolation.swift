import Foundation

/// An attributed message isolated, with what isolating it did: ``AttributedStringIsolation`` for
/// an `AttributedString`, ``NSAttributedStringIsolation`` for an `NSAttributedString`.
///
/// ```swift
/// let result = AttributedTextIsolator().isolate(message)
/// Text(result.isolated)                                 // SwiftUI
/// let tapped = result.originalRange(of: tappedRange)    // back in the message the app holds
/// let plain = try result.restoringOriginal(from: result.isolated)   // == message
/// ```
///
/// `Sendable` when the text is: an `AttributedString`'s result is, an `NSAttributedString`'s is
/// not, though its ``isolation`` is.
public struct AttributedIsolation<Text> {
  /// The message as given (for an `NSMutableAttributedString` isolated in place, a copy of it as it
  /// was).
  public let original: Text
  /// The message isolated, to show.
  public let isolated: Text
  /// The isolation of the message's characters: the controls inserted and removed, the offsets
  /// both ways in UTF-8, UTF-16 and scalars, and the message's direction.
  public let isolation: TextIsolation

  init(original: Text, isolated: Text, isolation: TextIsolation) {
    self.original = original
    self.isolated = isolated
    self.isolation = isolation
  }

  /// The direction a reader sees the message in (``TextIsolation/direction``): what to set as
  /// the writing direction of its paragraph or label, `nil` for the system's natural one.
  public var direction: TextDirection? { isolation.direction }

  /// Offsets between the original and the isolated text, both ways.
  public var offsets: IsolationOffsetMap { isolation.offsets }
}

extension AttributedIsolation: Sendable where Text: Sendable {}

/// An `AttributedString` isolated, with what isolating it did.
public typealias AttributedStringIsolation = AttributedIsolation<AttributedString>

extension AttributedIsolation where Text == AttributedString {
  /// The range of ``isolated`` that shows the characters of `range`, a range of ``original``,
  /// without the controls around them: where to draw a search match.
  ///
  /// - Complexity: O(log *k*) for *k* edits, plus counting scalars to the indices.
  public func isolatedRange(of range: Range<AttributedString.Index>) -> Range<AttributedString.Index> {
    Self.convert(range, from: original, to: isolated) { offsets.isolatedRange(ofOriginal: $0, in: .scalars) }
  }

  /// The range of ``original`` whose characters `range`, a range of ``isolated``, shows: what a
  /// tap or a selection means in the message the app holds, and what to copy.
  ///
  /// ```swift
  /// let copied = AttributedString(result.original[result.originalRange(of: selection)])
  /// ```
  ///
  /// - Complexity: O(log *k*) for *k* edits, plus counting scalars to the indices.
  public func originalRange(of range: Range<AttributedString.Index>) -> Range<AttributedString.Index> {
    Self.convert(range, from: isolated, to: original) { offsets.originalRange(ofIsolated: $0, in: .scalars) }
  }

  /// `range` of `source` mapped by scalar offsets into `target`; a bound inside a grapheme cluster
  /// is a scalar offset like any other.
  private static func convert(
    _ range: Range<AttributedString.Index>, from source: AttributedString, to target: AttributedString,
    _ map: (Range<Int>) -> Range<Int>
  ) -> Range<AttributedString.Index> {
    let lower = source.unicodeScalars.distance(from: source.startIndex, to: range.lowerBound)
    let mapped = map(lower..<lower + source.unicodeScalars.distance(from: range.lowerBound, to: range.upperBound))
    let start = target.unicodeScalars.index(target.startIndex, offsetBy: mapped.lowerBound)
    return start..<target.unicodeScalars.index(start, offsetBy: mapped.count)
  }

  /// `text`, the isolated text or a copy of it with attributes changed, with the inserted controls
  /// taken out and the removed ones put back with their attributes: the original, attributes and
  /// all, with any attribute changed since changed on it too. For sending a message back to a
  /// server or saving an edited one.
  ///
  /// - Throws: ``AttributedTextError/charactersDiffer`` when `text` does not hold the isolated
  ///   text's characters.
  /// - Complexity: O(*n* + *r* log *k*) for *r* runs and *k* edits.
  public func restoringOriginal(from text: AttributedString) throws(AttributedTextError) -> AttributedString {
    let runs = AttributedRuns(text, units: [])
    guard runs.string == isolation.isolated else { throw .charactersDiffer }
    guard !isolation.isUnchanged else { return text }
    let originalRuns = AttributedRuns(original, units: [])
    return runs.transferred(to: isolation.original, through: isolation.offsets.inverted) { edit in
      (originalRuns.attributes(at: edit.isolatedOffset.utf8), true)
    }
  }
}

/// Why an attributed text could not be restored.
public enum AttributedTextError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text given does not hold the isolated text's characters, so the account of the isolation
  /// does not apply to it.
  case charactersDiffer

  /// What is wrong, in a sentence.
  public var description: String {
    switch self {
    case .charactersDiffer: "the text does not hold the isolated text's characters"
    }
  }
}

import Foundation

/// An `NSAttributedString` isolated, with what isolating it did.
///
/// ```swift
/// let result = AttributedTextIsolator().isolate(message)   // an NSAttributedString
/// label.attributedText = result.isolated
/// let tapped = result.originalRange(of: NSRange(location: 12, length: 1))
/// ```
public typealias NSAttributedStringIsolation = AttributedIsolation<NSAttributedString>

extension AttributedIsolation where Text == NSAttributedString {
  /// The range of ``isolated`` that shows the characters of `range`, a range of ``original``,
  /// without the controls around them; a range whose location is `NSNotFound` is returned as is.
  ///
  /// - Complexity: O(log *k*) for *k* edits.
  public func isolatedRange(of range: NSRange) -> NSRange {
    guard range.location != NSNotFound else { return range }
    let mapped = isolation.offsets.isolatedRange(
      ofOriginal: range.location..<range.location + range.length, in: .utf16)
    return NSRange(location: mapped.lowerBound, length: mapped.count)
  }

  /// The range of ``original`` whose characters `range`, a range of ``isolated``, shows: what a
  /// tap or a selection means in the message the app holds, and what to copy.
  ///
  /// - Complexity: O(log *k*) for *k* edits.
  public func originalRange(of range: NSRange) -> NSRange {
    guard range.location != NSNotFound else { return range }
    let mapped = isolation.offsets.originalRange(
      ofIsolated: range.location..<range.location + range.length, in: .utf16)
    return NSRange(location: mapped.lowerBound, length: mapped.count)
  }

  /// `text`, the isolated text or a copy of it with attributes changed, with the inserted controls
  /// taken out and the removed ones put back with their attributes: the original, attributes and
  /// all.
  ///
  /// - Throws: ``AttributedTextError/charactersDiffer`` when `text` does not hold the isolated
  ///   text's characters.
  /// - Complexity: O(*n* + *k*) for *k* edits.
  public func restoringOriginal(from text: NSAttributedString) throws(AttributedTextError) -> NSAttributedString {
    guard text.length == isolated.length && text.string == isolation.isolated else { throw .charactersDiffer }
    return text.rebuilt(through: isolation.offsets.inverted) { edit in
      original.attributedSubstring(from: NSRange(location: edit.isolatedOffset.utf16, length: 1))
    }
  }
}

extension AttributedTextIsolator {
  /// `text` isolated, with an account of what was done; ``isolate(_:)-(AttributedString)`` for
  /// UIKit and AppKit, with attributes by name: a unit attribute's name (`NSLink` for ``AttributeKey/link``,
  /// `app.mention` for a mention key of that name) and each of ``controlAttributes``' names.
  ///
  /// The characters the isolator does not change are copied from `text`, code units and attributes
  /// as they were.
  ///
  /// - Complexity: O(*n* + *r* log *r*) for *r* runs.
  public func isolate(_ text: NSAttributedString) -> NSAttributedStringIsolation {
    let runs = NSAttributedRuns(text)
    let string = text.string
    let isolation = isolator.isolation(of: string, utf8Spans: unitSpans(of: runs, in: string))
    guard !isolation.isUnchanged else {
      return NSAttributedStringIsolation(original: text, isolated: text, isolation: isolation)
    }
    let names = controlAttributes.map(\.name)
    let isolated = text.rebuilt(through: isolation.offsets) { edit in
      NSAttributedString(
        string: String(edit.control.scalar),
        attributes: Self.controlAttributes(at: edit.originalOffset.utf16, in: string, runs: runs, names: names))
    }
    return NSAttributedStringIsolation(original: text, isolated: isolated, isolation: isolation)
  }

  /// `text` isolated in place; the result's ``NSAttributedStringIsolation/original`` is a copy of
  /// `text` as it was.
  ///
  /// - Complexity: O(*n* + *r* log *r*) for *r* runs.
  public func isolateInPlace(_ text: NSMutableAttributedString) -> NSAttributedStringIsolation {
    let original = NSAttributedString(attributedString: text)
    let result = isolate(original)
    if !result.isolation.isUnchanged { text.setAttributedString(result.isolated) }
    return NSAttributedStringIsolation(original: original, isolated: text, isolation: result.isolation)
  }

  /// ``removeIsolation(from:)-(AttributedString)`` for `NSAttributedString`.
  ///
  /// - Complexity: O(*n* + *r* log *r*) for *r* runs.
  public func removeIsolation(from text: NSAttributedString) -> NSAttributedString {
    let string = text.string
    let removal = isolator.removingIsolation(from: string, utf8Spans: unitSpans(of: NSAttributedRuns(text), in: string))
    guard !removal.offsets.edits.isEmpty else { return text }
    return text.rebuilt(through: removal.offsets) { _ in NSAttributedString(string: "") }
  }

  /// The UTF-8 ranges of the stretches ``units`` mark by name (``UnitRuns``), widened to whole
  /// scalars where a run splits a surrogate pair.
  private func unitSpans(of runs: NSAttributedRuns, in string: String) -> [Range<Int>] {
    let names = units.map(\.name)
    guard !names.isEmpty else { return [] }
    let utf16 = Array(string.utf16)
    var stretches = UnitRuns(attributes: names.count)
    for (range, attributes) in zip(runs.ranges, runs.attributes)
    where !utf16[range].allSatisfy({ Unicode.Scalar($0).flatMap(BidiControl.init) != nil }) {
      for (index, name) in names.enumerated() {
        let value = attributes[name].map { $0 as? AnyHashable ?? AnyHashable(ObjectIdentifier($0 as AnyObject)) }
        stretches.add(range, attribute: index, value: value)
      }
    }
    // A bound inside a surrogate pair moves outward to the pair's edge; then every bound is a
    // scalar boundary within the text, which the isolator's conversion to UTF-8 requires.
    func splitsPair(_ offset: Int) -> Bool {
      offset > 0 && offset < utf16.count && UTF16.isTrailSurrogate(utf16[offset])
        && UTF16.isLeadSurrogate(utf16[offset - 1])
    }
    let spans = stretches.finished().map { span in
      let lower = splitsPair(span.lowerBound) ? span.lowerBound - 1 : span.lowerBound
      let upper = splitsPair(span.upperBound) ? span.upperBound + 1 : span.upperBound
      return IsolationSpan(lower..<upper, in: .utf16)
    }
    do {
      return try IsolationSpan.utf8Ranges(of: spans, in: string)
    } catch {
      preconditionFailure("a run's UTF-16 range, widened to whole scalars, lies within its string")
    }
  }

  /// The attributes of ``controlAttributes`` (by name) that a control inserted at `offset` takes:
  /// the code unit's before it, or after it at the start of a paragraph.
  private static func controlAttributes(
    at offset: Int, in string: String, runs: NSAttributedRuns, names: [NSAttributedString.Key]
  ) -> [NSAttributedString.Key: Any] {
    let length = string.utf16.count
    guard !names.isEmpty, length > 0 else { return [:] }
    var neighbour = offset
    if offset > 0 {
      let before = string.utf16[string.utf16.index(string.startIndex, offsetBy: offset - 1)]
      if !(Unicode.Scalar(before).map(AttributedRuns.endsParagraph) ?? false) || offset == length {
        neighbour = offset - 1
      }
    }
    guard neighbour < length else { return [:] }
    let source = runs.attributes(at: neighbour)
    var taken: [NSAttributedString.Key: Any] = [:]
    for name in names { taken[name] = source[name] }
    return taken
  }
}

extension NSAttributedString {
  /// A copy with the edits of `offsets` (from this text) applied: kept code units copied with their
  /// attributes, each removed one left out, each inserted control as `inserted` makes it.
  fileprivate func rebuilt(
    through offsets: IsolationOffsetMap, inserted: (IsolationEdit) -> NSAttributedString
  ) -> NSAttributedString {
    let result = NSMutableAttributedString(string: "")
    var cursor = 0
    for edit in offsets.edits {
      let offset = edit.originalOffset.utf16
      if offset > cursor {
        result.append(attributedSubstring(from: NSRange(location: cursor, length: offset - cursor)))
      }
      cursor = offset
      switch edit.kind {
      case .insertion: result.append(inserted(edit))
      case .removal: cursor += 1
      }
    }
    if length > cursor { result.append(attributedSubstring(from: NSRange(location: cursor, length: length - cursor))) }
    return result
  }
}

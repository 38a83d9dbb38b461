/// What the isolator does with bidi controls that were already in the text.
///
/// ```swift
/// var options = IsolationOptions()
/// options.existingControls = .strip
/// BidiIsolator(options).isolate("\u{202E}abc")   // "abc": the RLO is gone
/// ```
public enum ControlPolicy: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The default: drop PDFs and PDIs that close nothing, close every embedding, override and isolate
  /// still open at the end of each paragraph, and spell out the PDFs that a PDI closes implicitly,
  /// so the text is well nested and nothing in it reaches past the message. An embedding or
  /// override that had to be closed is also put in an isolate of its direction, so it cannot pull
  /// the text after the message either: an RLO pasted into a name reverses at most the rest of
  /// that message. Marks (LRM, RLM, ALM) are kept.
  case close
  /// Remove every bidi control, marks included, that the isolator did not insert.
  case strip
  /// Leave the text's controls as they are. The output is balanced only if the input was.
  case keep

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

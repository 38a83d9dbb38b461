/// One control the isolator inserted or removed, where it did so in the text it was given and in
/// the text it returned.
///
/// ```swift
/// let isolation = BidiIsolator().isolation(of: "hi @bob")
/// isolation.edits.map { "\($0.kind) \($0.control) at \($0.originalOffset.utf16)" }
/// // ["insertion LRI at 3", "insertion PDI at 7"]
/// ```
///
/// Edits come in the order of the text, each at the position the text had reached: applying them
/// in order to the original gives the isolated text, and undoing them in order gives it back.
public struct IsolationEdit: Sendable, Hashable, CustomStringConvertible {
  /// What was done.
  public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The control was inserted: it is in the isolated text and not in the original.
    case insertion
    /// The control was removed from the original (a stray terminator, a hostile override the
    /// `strip` policy drops, an old insertion made again).
    case removal

    /// The raw value, which `description` shows.
    public var description: String { rawValue }
  }

  /// What was done.
  public let kind: Kind
  /// The control inserted or removed.
  public let control: BidiControl
  /// The position in the original: where an insertion went, or where a removed control started.
  public let originalOffset: TextOffset
  /// The position in the isolated text: where an inserted control starts, or where a removed one
  /// was.
  public let isolatedOffset: TextOffset

  /// An edit; the isolator is what normally makes them.
  ///
  /// - Complexity: O(1).
  public init(kind: Kind, control: BidiControl, originalOffset: TextOffset, isolatedOffset: TextOffset) {
    self.kind = kind
    self.control = control
    self.originalOffset = originalOffset
    self.isolatedOffset = isolatedOffset
  }

  /// Where the edit leaves the original: past a removed control, or where it was for an insertion.
  var originalEnd: TextOffset { kind == .removal ? originalOffset.advanced(past: control) : originalOffset }

  /// Where the edit leaves the isolated text: past an inserted control, or where it was for a removal.
  var isolatedEnd: TextOffset { kind == .insertion ? isolatedOffset.advanced(past: control) : isolatedOffset }

  /// `insertion LRI at 3/3/3 → 3/3/3`, offsets as UTF-8/UTF-16/scalars.
  public var description: String { "\(kind) \(control) at \(originalOffset) → \(isolatedOffset)" }
}

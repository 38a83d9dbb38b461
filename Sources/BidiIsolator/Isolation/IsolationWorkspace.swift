extension BidiIsolator {
  /// The memory the isolator works in when a message leaves its common path: a message with bidi
  /// controls of its own, more entities than the common path keeps on the stack, or options other
  /// than the defaults. Each buffer grows to the largest message it has seen and stays, so a caller
  /// that keeps one per thread isolates message after message without allocating.
  ///
  /// ```swift
  /// var workspace = BidiIsolator.Workspace()
  /// var output: [UInt8] = []
  /// for message in messages {
  ///   isolator.isolate(message.utf8Span, appendingTo: &output, workspace: &workspace)
  ///   output.append(0x0A)
  /// }
  /// ```
  public struct Workspace: Sendable {
    /// The message as the settling rounds leave it, and the text the next round writes.
    var settled: [UInt8] = []
    var next: [UInt8] = []
    var planning = PlanningMemory()

    /// An empty workspace.
    public init() {}
  }
}

/// What the settling rounds and the planner work with, kept apart from the texts so that a text
/// can be read while these change.
internal struct PlanningMemory {
  /// The scan of the text being worked on.
  var scan = ScanResult()
  var edits = TextEdits()
  var claimed = ClaimedOffsets()
  var balancer = ControlBalancer()
}

/// The controls of a scan that the recognizer did not claim, in order.
internal struct UnclaimedControls: Sequence, IteratorProtocol {
  private let controls: [ControlOccurrence]
  private let claimed: ClaimedOffsets
  private var index = 0

  init(_ controls: [ControlOccurrence], claimed: ClaimedOffsets) {
    self.controls = controls
    self.claimed = claimed
  }

  mutating func next() -> ControlOccurrence? {
    while index < controls.count {
      let occurrence = controls[index]
      index += 1
      if !claimed.contains(occurrence.offset) { return occurrence }
    }
    return nil
  }
}

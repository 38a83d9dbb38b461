/// The stretches where each unit attribute keeps one value, gathered run by run: what is isolated
/// as a unit.
///
/// A run of nothing but bidi controls is passed over, whatever it carries: it neither starts, ends
/// nor splits a stretch, since the isolator may have inserted or removed those very controls, and a
/// text must give the same stretches before and after isolation.
internal struct UnitRuns {
  /// Per attribute, the stretch being read and its value.
  private var open: [(value: AnyHashable, range: Range<Int>)?]
  /// The stretches closed so far.
  private(set) var spans: [Range<Int>] = []

  init(attributes: Int) {
    open = Array(repeating: nil, count: attributes)
  }

  /// Adds the run at `range`, which carries `value` for the attribute at `index`.
  mutating func add(_ range: Range<Int>, attribute index: Int, value: AnyHashable?) {
    if let current = open[index], current.value == value {
      open[index] = (current.value, current.range.lowerBound..<range.upperBound)
      return
    }
    if let current = open[index] { spans.append(current.range) }
    open[index] = value.map { ($0, range) }
  }

  /// Every stretch, the open ones closed.
  consuming func finished() -> [Range<Int>] {
    for current in open { if let current { spans.append(current.range) } }
    return spans
  }
}

/// A report on the bidi controls of a text: every terminator that closes nothing, every initiator
/// left open at the end of its paragraph, every embedding a PDI closes implicitly, every initiator
/// nested past the algorithm's depth limit, and every override.
///
/// ```swift
/// let audit = BidiControlAudit("abc\u{202E}def\u{2069}")
/// audit.isWellBalanced            // false
/// audit.issues.map(\.kind)        // [.override, .unmatchedTerminator, .unclosedInitiator]
/// audit.issues.map(\.scalarOffset) // [3, 7, 3]
/// ```
///
/// Issues come in the order the algorithm meets them, except that unclosed initiators are reported
/// when their paragraph ends.
///
/// - Complexity: Creating an audit is O(*n*).
public struct BidiControlAudit: Sendable, Hashable {
  /// What is wrong with a control.
  public enum IssueKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A PDF or PDI that closes nothing (a PDF inside an isolate it did not open counts too); the
    /// algorithm ignores it.
    case unmatchedTerminator
    /// An embedding, override or isolate still open at the end of its paragraph: it reaches every
    /// character up to there, including any text a template appends.
    case unclosedInitiator
    /// An embedding or override that a PDI closes without a PDF of its own: legal, but not nested.
    case closedByIsolate
    /// An initiator past the depth limit of 125 levels, which the algorithm ignores.
    case excessiveDepth
    /// An LRO or RLO: it forces one direction on every character it covers, the classic way to
    /// disguise a file name or reverse a word. Reported, though it can be balanced.
    case override

    /// The raw value, which `description` shows.
    public var description: String { rawValue }
  }

  /// One problem.
  public struct Issue: Sendable, Hashable {
    /// What is wrong.
    public let kind: IssueKind
    /// The control concerned.
    public let control: BidiControl
    /// Its offset in Unicode scalars.
    public let scalarOffset: Int
    /// Its offset in UTF-16 code units.
    public let utf16Offset: Int
  }

  /// The problems found, empty for a text whose controls are all well nested.
  public let issues: [Issue]

  /// Whether every control is matched and properly nested within its paragraph. Overrides alone do
  /// not make a text unbalanced.
  public var isWellBalanced: Bool { issues.allSatisfy { $0.kind == .override } }

  /// Audits `text`.
  ///
  /// - Complexity: O(*n*).
  public init(_ text: String) {
    issues = withUTF8Text(text) { utf8 -> [Issue] in
      let structure = EntityFinder(text: utf8, kinds: [], members: nil).scan(recordingStructure: true)
      guard !structure.controls.isEmpty else { return [] }
      let balance = ControlBalancer(
        controls: structure.controls, separators: structure.separators, length: utf8.count,
        maximumLevel: ControlBalancer.algorithmMaximumLevel)
      // Convert byte offsets to scalar and UTF-16 offsets in one walk over the bytes.
      let order = balance.findings.indices.sorted { balance.findings[$0].offset < balance.findings[$1].offset }
      var positions = [(Int, Int)](repeating: (0, 0), count: balance.findings.count)
      var byte = 0
      var scalars = 0
      var utf16 = 0
      for index in order {
        while byte < balance.findings[index].offset {
          let lead = utf8[byte]
          let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
          byte += length
          scalars += 1
          utf16 += length == 4 ? 2 : 1
        }
        positions[index] = (scalars, utf16)
      }
      return balance.findings.indices.map {
        Issue(
          kind: balance.findings[$0].kind, control: balance.findings[$0].control,
          scalarOffset: positions[$0].0, utf16Offset: positions[$0].1)
      }
    }
  }
}

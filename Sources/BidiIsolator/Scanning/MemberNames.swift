@_spi(BidiCore) import BidiCore

/// The member names of a chat room, indexed for the mention matcher: when a room's names are known,
/// a mention is the longest name that follows the sigil, which is the only way to find where a name
/// ends in scripts written without spaces (`@张三今天好` mentions `张三`).
///
/// Names are compared byte for byte, except that ASCII letters match in either case.
internal struct MemberNameIndex: Sendable {
  /// The names' UTF-8 bytes, without a leading sigil, ASCII letters folded to lower case.
  private let names: Set<[UInt8]>
  /// The lengths the names have, longest first: a look-up tries each once.
  private let lengths: [Int]

  init(_ memberNames: some Sequence<String>) {
    var names = Set<[UInt8]>()
    for name in memberNames {
      var bytes = Array(name.utf8)
      if bytes.first == UInt8(ascii: "@") {
        bytes.removeFirst()
      } else if bytes.starts(with: [0xEF, 0xBC, 0xA0]) {  // fullwidth ＠
        bytes.removeFirst(3)
      }
      if !bytes.isEmpty { names.insert(bytes.map(\.asciiLowercased)) }
    }
    self.names = names
    self.lengths = Set(names.map(\.count)).sorted(by: >)
  }

  var isEmpty: Bool { names.isEmpty }

  /// The index, or `nil` when it holds no name.
  var nonEmpty: MemberNameIndex? { names.isEmpty ? nil : self }

  /// The end of the longest member name that starts at `start` and ends where a name can end: before
  /// a character that cannot continue a name, or next to a character of a script written without
  /// spaces.
  ///
  /// - Complexity: O(*l*·*k*) for *l* distinct name lengths, the longest *k* bytes.
  func longestMatch(in text: UTF8Text, at start: Int, table: CharacterTable) -> Int? {
    var candidate: [UInt8] = []
    for length in lengths where start + length <= text.count {
      let end = start + length
      // Only whole characters: the byte after the candidate must start one.
      guard end == text.count || text[end] & 0xC0 != 0x80 else { continue }
      candidate.removeAll(keepingCapacity: true)
      for offset in start..<end { candidate.append(text[offset].asciiLowercased) }
      if names.contains(candidate), Self.canEnd(in: text, at: end, lastScalar: text.scalar(before: end)!, table: table)
      {
        return end
      }
    }
    return nil
  }
  /// Whether a name may end at `end`: `@al` must not match the start of `@alice`, but `@张三` may be
  /// followed by `今天`.
  private static func canEnd(in text: UTF8Text, at end: Int, lastScalar: UInt32, table: CharacterTable) -> Bool {
    guard let next = text.scalarSkippingControls(at: end) else { return true }
    let nextKind = table.kind(of: next)
    if !(nextKind.isNameCharacter || nextKind == .connector) { return true }
    if nextKind == .mark || nextKind == .joiner { return false }
    return isSpacelessScript(lastScalar) || isSpacelessScript(next)
  }
}

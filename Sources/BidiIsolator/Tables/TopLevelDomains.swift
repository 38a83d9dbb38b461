/// The top-level domains a URL's host may end in (``TopLevelDomainList``), for look-ups straight
/// from a text's bytes.
///
/// An ASCII name of up to twelve letters is packed into an integer, five bits a letter, and found
/// by binary search among the generated ones, so checking a host's last label makes no `String`:
/// a set of strings cost a tenth of `isolate` on chat text full of links, and building it as much
/// again at start-up. Longer and internationalised names (`cancerresearch`, `みんな`, `рф`) are
/// kept as strings.
///
/// ```swift
/// TopLevelDomains.shared.contains(asciiLetters: Array("COM".utf8))   // true
/// TopLevelDomains.shared.contains(name: "みんな")                     // true
/// ```
internal struct TopLevelDomains: Sendable {
  static let shared = TopLevelDomains()

  private let others: Set<String>

  /// Reads the names ``TopLevelDomainList`` keeps as strings; the packed ones are searched in
  /// place.
  ///
  /// - Complexity: O(*n*) in the length of the list of other names.
  init() {
    others = Set(TopLevelDomainList.others.split(separator: " ").map(String.init))
  }

  /// Whether ASCII `letters` (any case) name a top-level domain.
  ///
  /// - Complexity: O(*k* + log *n*) for *k* letters and *n* names.
  func contains(asciiLetters letters: some Collection<UInt8>) -> Bool {
    guard let key = Self.key(letters) else {
      return others.contains(String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self))
    }
    let packed = TopLevelDomainList.packed
    var low = 0
    var high = packed.count
    while low < high {
      let middle = (low + high) / 2
      if packed[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < packed.count && packed[low] == key
  }
  /// Whether `name` (lower case for letters with case) is a top-level domain outside ASCII, or a
  /// long ASCII one.
  func contains(name: String) -> Bool { others.contains(name) }

  /// Five bits a letter for names of up to twelve ASCII letters; `nil` for any other name.
  private static func key(_ letters: some Collection<UInt8>) -> UInt64? {
    guard letters.count <= 12 else { return nil }
    var key: UInt64 = 0
    for byte in letters {
      let lower = byte | 0x20
      guard lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") else { return nil }
      key = key << 5 | UInt64(lower - UInt8(ascii: "a") + 1)
    }
    return key
  }
}

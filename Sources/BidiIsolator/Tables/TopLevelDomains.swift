/// The top-level domains a URL's host may end in (``TopLevelDomainList``), for look-ups straight
/// from a text's bytes.
///
/// An ASCII name of up to twelve letters is packed into an integer, five bits a letter, and looked
/// up in a table of those integers, so checking a host's last label makes no `String` (and
/// start-up builds no set of strings). The table is open-addressed, a multiplication and one or two
/// reads a look-up, where a binary search of the sorted list would make eleven reads, each waiting
/// for the one before: chat text full of links checks a label at every dot. Longer and
/// internationalised names (`lifeinsurance`, `みんな`, `рф`) are kept as strings.
///
/// ```swift
/// TopLevelDomains.shared.contains(asciiLetters: Array("COM".utf8))   // true
/// TopLevelDomains.shared.contains(name: "みんな")                     // true
/// ```
internal struct TopLevelDomains: Sendable {
  static let shared = TopLevelDomains()

  private let others: Set<String>
  /// The ``NameHash`` of each of `others`: a name whose hash is not here is no top-level domain,
  /// found without making a `String`.
  private let otherHashes: Set<UInt64>
  /// The packed names at the slots their hash picks, or the next free one; 0 marks a free slot
  /// (no name packs to 0). Four times as many slots as names keeps runs short.
  private let slots: [UInt64]
  private static let slotBits = 13

  /// Reads the names ``TopLevelDomainList`` keeps as strings and places the packed ones.
  ///
  /// - Complexity: O(*n*) in the length of the lists.
  init() {
    others = Set(TopLevelDomainList.others.split(separator: " ").map(String.init))
    otherHashes = Set(
      others.map { name in
        var hash = NameHash()
        for scalar in name.unicodeScalars { hash.append(scalar) }
        return hash.value
      })
    precondition(TopLevelDomainList.packed.count * 4 <= 1 << Self.slotBits, "too many names for the table")
    var slots = [UInt64](repeating: 0, count: 1 << Self.slotBits)
    for key in TopLevelDomainList.packed {
      var slot = Self.slot(key)
      while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
      slots[slot] = key
    }
    self.slots = slots
  }

  /// Whether ASCII `letters` (any case) name a top-level domain.
  ///
  /// - Complexity: O(*k*) for *k* letters, expected.
  func contains(asciiLetters letters: some Collection<UInt8>) -> Bool {
    guard let key = Self.key(letters) else {
      var hash = NameHash()
      for byte in letters { hash.append(Unicode.Scalar(byte)) }
      guard mayContain(hash) else { return false }
      return others.contains(String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self))
    }
    var slot = Self.slot(key)
    while slots[slot] != 0 {
      if slots[slot] == key { return true }
      slot = (slot + 1) & (slots.count - 1)
    }
    return false
  }

  /// The top bits of the key times a large odd constant (Fibonacci hashing).
  private static func slot(_ key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotBits))
  }
  /// Whether `name` (lower case for letters with case) is a top-level domain outside ASCII, or a
  /// long ASCII one.
  func contains(name: String) -> Bool { others.contains(name) }

  /// Whether a name with this hash may be a top-level domain outside ASCII or a long ASCII one;
  /// `false` means it is not, and ``contains(name:)`` answers for `true`.
  func mayContain(_ hash: NameHash) -> Bool { !hash.isConclusive || otherHashes.contains(hash.value) }

  /// A running hash (FNV-1a) of a name's scalars, lowercased as `String.lowercased()` does, built
  /// a scalar at a time as a host's label is read.
  ///
  /// Strings compare by canonical equivalence, hashes by scalars: a name with a combining mark, a
  /// conjoining jamo (a decomposed `ö` or `한`) or a character that never stays as written in
  /// normalized text (a CJK compatibility ideograph, U+2F908 for 港) may equal a listed name whose
  /// hash differs, so its hash is not conclusive and ``mayContain(_:)`` leaves the answer to
  /// ``contains(name:)``.
  struct NameHash {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
    private(set) var isConclusive = true

    mutating func append(_ scalar: Unicode.Scalar) {
      if !scalar.isASCII
        && (scalar.properties.canonicalCombiningClass != .notReordered || (0x1100...0x11FF).contains(scalar.value)
          || scalar.properties.isFullCompositionExclusion)
      {
        isConclusive = false
      }
      if scalar.isASCII {
        let isUpper = scalar.value >= 0x41 && scalar.value <= 0x5A
        mix(isUpper ? scalar.value | 0x20 : scalar.value)
      } else if scalar.properties.changesWhenLowercased {
        for lower in scalar.properties.lowercaseMapping.unicodeScalars { mix(lower.value) }
      } else {
        mix(scalar.value)
      }
    }

    private mutating func mix(_ unit: UInt32) {
      value = (value ^ UInt64(unit)) &* 0x100_0000_01B3
    }
  }

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

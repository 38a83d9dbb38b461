import Foundation

/// SplitMix64 (Steele, Lea and Flood, 2014): the seeded generator behind every random test input,
/// so a failing case is reproduced from its seed on any machine.
///
/// ```swift
/// var random = SplitMix64(seed: 1)
/// let digit = Int.random(in: 0...9, using: &random)   // the same on every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  ///
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// The seeds a property test runs, `1...4`, or `1...N` with the environment variable `variable`
  /// set to N for a longer soak (`BIDI_ENGINE_SEEDS=100`).
  ///
  /// - Complexity: O(*n*) in the number of seeds.
  public static func seeds(_ variable: String) -> [UInt64] {
    let count = ProcessInfo.processInfo.environment[variable].flatMap { UInt64($0) } ?? 4
    return Array(1...max(count, 1))
  }
}

/// An embedding level: even levels run left to right, odd ones right to left (UAX #9, BD2).
///
/// ```swift
/// BidiLevel(rawValue: 1).direction   // .rightToLeft
/// ```
@available(SwiftStdlib 6.2, *)
public struct BidiLevel: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The level, 0 to 126.
  public let rawValue: UInt8

  /// The level `rawValue`.
  @inlinable
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The deepest level explicit embeddings and isolates may reach (BD2); resolution adds at most one.
  public static let maximumExplicitDepth = 125

  /// The direction of text at this level.
  public var direction: TextDirection { rawValue & 1 == 0 ? .leftToRight : .rightToLeft }

  /// Whether text at this level runs right to left: the level is odd.
  public var isRightToLeft: Bool { rawValue & 1 == 1 }

  /// Orders levels by depth.
  public static func < (lhs: BidiLevel, rhs: BidiLevel) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The level as a number.
  public var description: String { String(rawValue) }
}

/// How a paragraph's base direction is chosen (rules P2–P3, or a higher-level protocol that sets it).
///
/// ```swift
/// BidiText("שלום world", direction: .auto)                     // right to left: first strong is R
/// BidiText("123", direction: .auto(fallback: .rightToLeft))    // no strong character: falls back
/// ```
@available(SwiftStdlib 6.2, *)
public struct BaseDirection: Sendable, Hashable {
  internal enum Choice: Hashable {
    case fixed(TextDirection)
    case firstStrong(fallback: TextDirection)
  }

  internal let choice: Choice

  /// Every paragraph runs left to right.
  public static let leftToRight = BaseDirection(choice: .fixed(.leftToRight))
  /// Every paragraph runs right to left.
  public static let rightToLeft = BaseDirection(choice: .fixed(.rightToLeft))
  /// Each paragraph takes the direction of its first strong character outside isolates, and is left
  /// to right when it has none (the default of rules P2–P3).
  public static let auto = BaseDirection(choice: .firstStrong(fallback: .leftToRight))

  /// Like ``auto``, with a chosen direction for paragraphs that have no strong character.
  public static func auto(fallback: TextDirection) -> BaseDirection {
    BaseDirection(choice: .firstStrong(fallback: fallback))
  }

  /// A fixed direction.
  public static func fixed(_ direction: TextDirection) -> BaseDirection {
    BaseDirection(choice: .fixed(direction))
  }
}

@available(SwiftStdlib 6.2, *)
extension BaseDirection {
  /// The direction this choice gives a paragraph made of `scalars`, without resolving it: rules
  /// P2–P3 for ``auto``, looking at the first paragraph only. For a caller that lays out a very long
  /// paragraph in pieces and must give every piece the paragraph's direction.
  ///
  /// ```swift
  /// BaseDirection.auto.direction(of: "⁦abc⁩ שלום".unicodeScalars)   // .rightToLeft
  /// ```
  ///
  /// - Complexity: O(*n*), stopping at the first strong character outside isolates.
  public func direction(of scalars: some Sequence<Unicode.Scalar>) -> TextDirection {
    switch choice {
    case .fixed(let direction):
      return direction
    case .firstStrong(let fallback):
      var isolateDepth = 0
      for scalar in scalars {
        let bidiClass = ClassLookup.bidiClass(of: scalar.value)
        if bidiClass.isIsolateInitiator {
          isolateDepth += 1
        } else if bidiClass == .popDirectionalIsolate {
          isolateDepth = max(0, isolateDepth - 1)
        } else if bidiClass == .paragraphSeparator {
          return fallback
        } else if isolateDepth == 0 && bidiClass == .leftToRight {
          return .leftToRight
        } else if isolateDepth == 0 && (bidiClass == .rightToLeft || bidiClass == .arabicLetter) {
          return .rightToLeft
        }
      }
      return fallback
    }
  }
}

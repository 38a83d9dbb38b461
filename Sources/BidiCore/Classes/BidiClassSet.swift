/// A set of Bidi_Class values, one bit each: which classes a text holds, found in the pass that
/// reads them, so that later passes can skip the rules for classes that are not there (most chat
/// messages hold no embedding, no boundary neutral, no paragraph separator).
///
/// ```swift
/// var present = BidiClassSet()
/// present.insert(.arabicLetter)
/// present.contains(.arabicLetter)   // true
/// ```
@_spi(BidiCore) public struct BidiClassSet: Hashable, Sendable {
  @usableFromInline var bits: UInt32

  /// The empty set.
  @inlinable public init() { bits = 0 }

  /// The set of the classes whose raw values are the positions of the bits set in `bits`.
  @inlinable public init(bits: UInt32) { self.bits = bits }

  /// The classes of `classes`.
  ///
  /// - Complexity: O(*n*).
  @inlinable public init(of classes: Span<BidiClass>) {
    var bits: UInt32 = 0
    for i in classes.indices { bits |= 1 &<< (classes[i].rawValue & 31) }
    self.bits = bits
  }

  /// Adds `bidiClass`.
  @inlinable @inline(__always) public mutating func insert(_ bidiClass: BidiClass) {
    bits |= 1 &<< (bidiClass.rawValue & 31)
  }

  /// Whether `bidiClass` is a member.
  @inlinable @inline(__always) public func contains(_ bidiClass: BidiClass) -> Bool {
    bits & 1 &<< (bidiClass.rawValue & 31) != 0
  }

  /// Whether any class of `other` is here.
  @inlinable @inline(__always) public func intersects(_ other: BidiClassSet) -> Bool { bits & other.bits != 0 }

  /// The classes that rule X9 removes: embeddings, overrides, PDF and boundary neutrals.
  public static let removedByX9 = BidiClassSet(
    bits: [
      BidiClass.leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
      .popDirectionalFormat, .boundaryNeutral,
    ].reduce(0) { $0 | 1 << $1.rawValue })

  /// The three isolate initiators.
  public static let isolateInitiators = BidiClassSet(
    bits: [BidiClass.leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate].reduce(0) { $0 | 1 << $1.rawValue })

  /// The classes that can take a character off level 0 in a left-to-right paragraph: strong
  /// right-to-left letters, Arabic numbers and every explicit formatting character.
  public static let needingBidiWork = BidiClassSet(
    bits: [BidiClass.rightToLeft, .arabicLetter, .arabicNumber].reduce(0) { $0 | 1 << $1.rawValue }
      | BidiClass.allCases.filter { $0.rawValue >= BidiClass.leftToRightEmbedding.rawValue }.reduce(0) {
        $0 | 1 << $1.rawValue
      })
}

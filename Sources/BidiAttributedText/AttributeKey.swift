import Foundation

/// An attribute, named for an attributed text isolator: a run that carries it is isolated as a
/// unit, or an inserted control may take it.
///
/// ```swift
/// enum MentionAttribute: AttributedStringKey {
///   typealias Value = String   // the user id
///   static let name = "app.mention"
/// }
/// let mention = AttributeKey(MentionAttribute.self)   // for AttributedString and, by name, NS
/// let font = AttributeKey(NSAttributedString.Key("NSFont"))   // for NSAttributedString only
/// ```
///
/// A key made from an `AttributedStringKey` type works for both `AttributedString` and, by its
/// `name`, `NSAttributedString`; a key made from a name alone works for `NSAttributedString` only,
/// since `AttributedString` reads its attributes by type.
public struct AttributeKey: Sendable, Hashable, CustomStringConvertible {
  /// The attribute's name, which keys it in an `NSAttributedString`.
  public let name: NSAttributedString.Key
  /// How to read and copy the attribute in an `AttributedString`; `nil` for a key by name alone.
  let typed: Typed?

  struct Typed: Sendable {
    let type: ObjectIdentifier
    /// The attribute's value in a run, for comparing runs.
    let value: @Sendable (AttributedString.Runs.Run) -> AnyHashable?
    /// Copies the attribute, or its absence, from one container to another.
    let copy: @Sendable (AttributeContainer, inout AttributeContainer) -> Void
  }

  /// The attribute `key`, for `AttributedString` and, by its name, `NSAttributedString`.
  ///
  /// - Complexity: O(1).
  public init<Key: AttributedStringKey>(_ key: Key.Type) where Key.Value: Sendable {
    name = NSAttributedString.Key(Key.name)
    typed = Typed(
      type: ObjectIdentifier(key), value: { run in run[Key.self].map(AnyHashable.init) },
      copy: { source, target in target[Key.self] = source[Key.self] })
  }

  /// The attribute named `name`, for `NSAttributedString` only.
  ///
  /// - Complexity: O(1).
  public init(_ name: NSAttributedString.Key) {
    self.name = name
    typed = nil
  }

  /// Foundation's link (`NSLink`): what a tap opens.
  public static let link = AttributeKey(AttributeScopes.FoundationAttributes.LinkAttribute.self)

  /// Foundation's language identifier (`NSLanguage`), which picks fonts for a script and so the
  /// height of a line.
  public static let languageIdentifier = AttributeKey(
    AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.self)

  /// UIKit's and AppKit's font, by name (`NSFont`).
  public static let fontName = AttributeKey(NSAttributedString.Key("NSFont"))

  /// UIKit's and AppKit's paragraph style, by name (`NSParagraphStyle`): alignment, line height,
  /// base writing direction.
  public static let paragraphStyleName = AttributeKey(NSAttributedString.Key("NSParagraphStyle"))

  /// The attribute's name.
  public var description: String { name.rawValue }

  /// Keys are equal when they name the same attribute the same way.
  public static func == (lhs: AttributeKey, rhs: AttributeKey) -> Bool {
    lhs.name == rhs.name && lhs.typed?.type == rhs.typed?.type
  }

  /// Hashes the name and, for a typed key, its type.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(typed?.type)
  }
}

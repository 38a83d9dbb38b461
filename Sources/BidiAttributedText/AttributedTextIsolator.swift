import Foundation

/// Isolates attributed chat messages, `AttributedString` and `NSAttributedString`, right before
/// they are shown: the entities `BidiIsolator` finds and every run carrying an attribute the app
/// names (a link, a mention's user id) each displayed as one unit, with every attribute covering
/// the characters it covered before.
///
/// ```swift
/// let isolator = AttributedTextIsolator(units: [.link, AttributeKey(MentionAttribute.self)])
/// let result = isolator.isolate(message)    // an AttributedString
/// result.isolated                           // to render
/// result.direction                          // .rightToLeft for an Arabic message that starts
///                                           // with a Latin display name
/// ```
///
/// A run is the longest stretch over which a named attribute keeps one value; a run of nothing but
/// bidi controls, whatever it carries, neither ends nor splits one, since isolating inserts and
/// removes such controls. Each run is isolated as ``BidiIsolator/isolation(of:spans:)`` isolates a
/// span: in an isolate of its own first strong direction, widened to hold whole any entity it cuts,
/// any pair of controls it crosses and any character or word it splits, one per paragraph. Controls already in the message are treated as the isolator's
/// ``IsolationOptions/existingControls`` says.
///
/// **What an inserted control carries.** Nothing that makes it tappable or styled: no link, no
/// mention, no colour, no underline. It takes, from the character next to it in its paragraph
/// (the one before it, or after it at the paragraph's start), the attributes named in
/// ``controlAttributes`` and no others, so a line keeps its height and a paragraph its style; by
/// default the font and paragraph style by name (`NSFont`, `NSParagraphStyle`) and Foundation's
/// language identifier. An `AttributedString` also gives it every paragraph-level attribute of its
/// paragraph (an attribute whose key's `runBoundaries` is `.paragraph`, such as Foundation's writing
/// direction), since such an attribute covers its whole paragraph. A typed font key, such as
/// SwiftUI's or UIKit's `font`, is named in ``controlAttributes`` by the app, since this module
/// builds without SwiftUI and UIKit.
///
/// - Complexity: every call is O(*n* + *r* log *k*) for a message of *n* characters in *r* runs,
///   with *k* controls inserted and removed.
public struct AttributedTextIsolator: Sendable {
  /// The isolator that finds entities and treats the message's own controls.
  public var isolator: BidiIsolator
  /// The attributes whose runs are isolated as units.
  public var units: [AttributeKey]
  /// The attributes an inserted control takes from the character next to it.
  public var controlAttributes: [AttributeKey]

  /// What an inserted control takes by default: the font and paragraph style by name, for
  /// `NSAttributedString`, and Foundation's language identifier.
  public static let defaultControlAttributes: [AttributeKey] = [.fontName, .paragraphStyleName, .languageIdentifier]

  /// An isolator of attributed text; by default links are isolated as units.
  ///
  /// - Complexity: O(1).
  public init(
    isolator: BidiIsolator = BidiIsolator(), units: [AttributeKey] = [.link],
    controlAttributes: [AttributeKey] = AttributedTextIsolator.defaultControlAttributes
  ) {
    self.isolator = isolator
    self.units = units
    self.controlAttributes = controlAttributes
  }

  /// `text` isolated, with an account of what was done: the isolated text, the offsets both ways
  /// and the message's direction.
  ///
  /// ```swift
  /// var message = AttributedString("شكرا Dana Levi (UK) على الرد")
  /// message[message.range(of: "Dana Levi (UK)")!][MentionAttribute.self] = "u42"
  /// let result = AttributedTextIsolator(units: [AttributeKey(MentionAttribute.self)]).isolate(message)
  /// // result.isolated: "شكرا \u{2066}Dana Levi (UK)\u{2069} على الرد", the mention on the name alone
  /// ```
  ///
  /// - Complexity: O(*n* + *r* log *k*).
  public func isolate(_ text: AttributedString) -> AttributedStringIsolation {
    let runs = AttributedRuns(text, units: units)
    let isolation = isolator.isolation(of: runs.string, utf8Spans: runs.unitSpans)
    guard !isolation.isUnchanged else {
      return AttributedStringIsolation(original: text, isolated: text, isolation: isolation)
    }
    let isolated = runs.transferred(to: isolation.isolated, through: isolation.offsets) { edit in
      runs.controlAttributes(at: edit.originalOffset.utf8, keys: controlAttributes).map { ($0, false) }
    }
    return AttributedStringIsolation(original: text, isolated: isolated, isolation: isolation)
  }

  /// `text` without the controls an isolator inserted around its entities and around the runs of
  /// ``units``, for a text isolated earlier whose account was not kept: what a user pastes, what
  /// comes back from storage. Every other character keeps its attributes.
  ///
  /// - Complexity: O(*n* + *r* log *k*).
  public func removeIsolation(from text: AttributedString) -> AttributedString {
    let runs = AttributedRuns(text, units: units)
    let removal = isolator.removingIsolation(from: runs.string, utf8Spans: runs.unitSpans)
    guard !removal.offsets.edits.isEmpty else { return text }
    return runs.transferred(to: removal.text, through: removal.offsets) { _ in nil }
  }
}

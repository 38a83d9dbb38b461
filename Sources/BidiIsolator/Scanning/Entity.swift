/// A mention, hashtag, URL, e-mail address or number found in a text, with its position given every
/// way a caller may need it.
///
/// ```swift
/// let text = "مرحبا @我, 今天天气好吗"
/// let mention = EntityScanner().entities(in: text)[0]
/// mention.kind          // .mention
/// mention.text          // "@我"
/// mention.scalarRange   // 6..<8
/// mention.utf16Range    // 6..<8, ready for NSRange
/// mention.direction     // .leftToRight: 我 is its first strong character
/// text[mention.range]   // "@我"
/// ```
public struct Entity: Sendable, Hashable {
  /// What the entity is.
  public let kind: EntityKind

  /// Where the entity is in the scanned string.
  public let range: Range<String.Index>

  /// The range in Unicode scalars from the start of the scanned string.
  public let scalarRange: Range<Int>

  /// The range in UTF-16 code units, as `NSRange` and JavaScript count.
  public let utf16Range: Range<Int>

  /// The range in UTF-8 bytes.
  public let utf8Range: Range<Int>

  /// The entity's characters.
  public let text: String

  /// The direction of the entity's first strong character; `nil` when it has none (`@123`,
  /// `$9.99`). Numbers, URLs and e-mail addresses are isolated left to right whatever this says.
  public let direction: TextDirection?

  /// Creates an entity; the scanner is what normally makes them.
  ///
  /// - Complexity: O(1).
  public init(
    kind: EntityKind, range: Range<String.Index>, scalarRange: Range<Int>, utf16Range: Range<Int>,
    utf8Range: Range<Int>, text: String, direction: TextDirection?
  ) {
    self.kind = kind
    self.range = range
    self.scalarRange = scalarRange
    self.utf16Range = utf16Range
    self.utf8Range = utf8Range
    self.text = text
    self.direction = direction
  }
}

/// An entity as the scanners find it: a byte range in the text being processed.
internal struct RawEntity: Equatable, BitwiseCopyable {
  var kind: EntityKind
  var start: Int
  var end: Int
  var direction: TextDirection?

  /// The direction the isolator gives the entity: left to right for URLs, e-mails, numbers,
  /// cashtags, terms, commands and emoticons, their own for mentions, hashtags, inline code,
  /// quotations, parentheticals and emphasis (`nil` when they have no strong character: FSI).
  var isolationDirection: TextDirection? {
    kind.isAlwaysLeftToRight ? .leftToRight : direction
  }

  /// The direction of embeddings and marks, which cannot be "first strong": left to right when the
  /// entity has no strong character, as an FSI would resolve.
  var markDirection: TextDirection { isolationDirection ?? .leftToRight }

  /// The isolate initiator the isolate strategy puts before the entity.
  var isolateInitiator: BidiControl { isolationDirection?.isolate ?? .firstStrongIsolate }
}

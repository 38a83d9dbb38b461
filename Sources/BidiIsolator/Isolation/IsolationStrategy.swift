/// How entities are set apart from the text around them.
///
/// ```swift
/// let text = "اتصل @alice +1-555-0100"
/// BidiIsolator(IsolationOptions(strategy: .isolate)).isolate(text)
/// // "اتصل \u{2066}@alice\u{2069} \u{2066}+1-555-0100\u{2069}"
/// BidiIsolator(IsolationOptions(strategy: .mark)).isolate(text)
/// // "اتصل \u{200E}@alice\u{200F} \u{200E}+1-555-0100"
/// ```
public enum IsolationStrategy: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The default, for renderers of Unicode 6.3 and later: URLs, e-mail addresses, numbers,
  /// cashtags, terms, commands and emoticons in LRI…PDI; mentions, hashtags, inline code,
  /// quotations, parentheticals and emphasis in LRI…PDI or RLI…PDI by their own direction, FSI…PDI
  /// when they have no strong character. An isolate is a neutral to the text around it: it neither pulls nor is pulled.
  case isolate
  /// For renderers older than Unicode 6.3: LRE…PDF or RLE…PDF, followed by a mark of the message's
  /// direction where the embedding would otherwise pull the neutrals or numbers after it along.
  case embed
  /// For renderers that honour no explicit controls at all: a mark of the entity's direction before
  /// it, so its sigil and digits join it, another after it when it ends in a neutral (`C++`), and a
  /// mark of the message's direction after it where it would otherwise pull what follows.
  ///
  /// No mark follows an entity when only neutrals separate it from text of its own direction: those
  /// neutrals sit between two runs of one direction and read with them. That is what gives
  /// `مرحبا@我, 今天天气好吗` its intended display, `@我, 今天天气好吗مرحبا`, in a right-to-left
  /// paragraph.
  case mark

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

/// What an ``Entity`` is.
///
/// ```swift
/// EntityKind(rawValue: "hashtag")   // .hashtag
/// EntityKind.url.isAlwaysLeftToRight // true
/// ```
public enum EntityKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible, BitwiseCopyable {
  /// `@name` or `＠name`, in any script, or an account on a server (`@alice@mastodon.social`,
  /// `@bob:matrix.org`).
  case mention
  /// `#tag` or `＃tag`, with at least one letter, or a Matrix room (`#room:matrix.org`).
  case hashtag
  /// `$TSLA`, `$BRK.A`: a stock symbol, one to six ASCII letters after a `$` that follows white
  /// space.
  case cashtag
  /// `scheme://…`, `www.…`, or a bare domain with a well-known top-level domain.
  case url
  /// `local@domain.tld`.
  case email
  /// A number the algorithm would break apart or pull into neighbouring text: signs, currency,
  /// percent, separators, digits of any script that the algorithm treats as numbers, the scale of
  /// a degree sign (`25°C`), and Latin words joined by hyphens (`5-star`).
  case number
  /// Inline code between backticks, `` `print()` ``, read in its own direction.
  case code
  /// A Latin word that ends in `+` or `++`, or a Latin letter with `#`, with the capitalised words
  /// that name it with it: `C++`, `C#`, `Disney+`, `Visual C++`; or a Latin word a dot leads:
  /// `.NET`, `.env`, `.pdf`; or a command-line option: `--verbose`, `-v`.
  case term
  /// A bot or slash command: `/start`, `/help@MyBot`.
  case command
  /// The marker of a repost, `RT` or `MT` before a mention where a message's words begin
  /// (`RT @user: …`): it names no language, so it does not decide the message's direction.
  case retweet
  /// A file path of two names or more: `/home/user/مستندات/file.txt`, `~/Documents/a.txt`,
  /// `./build.sh`, `C:\Users\أحمد\Desktop`.
  case path
  /// An emoticon with a letter or digit, which right-to-left text would turn around: `:D`, `:P`,
  /// `<3`.
  case emoticon
  /// Text in quotation marks, double (`"…"`, `“…”`, `„…“`, `«…»`) or single (`'…'`, `‘…’`,
  /// `‚…‘`, `‹…›`), of one direction amid text of the other: the text inside the marks, read in
  /// its own direction. Text of both directions has the direction of its first strong character
  /// when most of its words have it.
  ///
  /// Isolated whole, a quotation, parenthetical or emphasis takes the place of the entities inside
  /// it (in right-to-left text, mentions, hashtags and plain numbers only; in text of both
  /// directions, plain numbers only); a listing of entities, which keeps them all, has none that
  /// holds others.
  case quotation
  /// Text in brackets, `(…)` or `[…]`, of one direction amid text of the other, as a quotation is:
  /// the text inside the brackets, read in its own direction.
  case parenthetical
  /// Text marked up as bold, italic or struck through (`*…*`, `**…**`, `_…_`, `~…~`), of one
  /// direction amid text of the other, as a quotation is: the text inside the markers, read in its
  /// own direction.
  case emphasis

  /// Whether the entity always reads left to right whatever its characters: URLs, e-mail addresses,
  /// numbers, cashtags, terms, commands, retweet markers, paths and emoticons. Mentions and
  /// hashtags read in the direction of their name, code in the direction of its first strong
  /// character, quotations, parentheticals and emphasis in their own.
  ///
  /// - Complexity: O(1).
  public var isAlwaysLeftToRight: Bool {
    switch self {
    case .url, .email, .number, .cashtag, .term, .command, .retweet, .path, .emoticon: true
    case .mention, .hashtag, .code, .quotation, .parenthetical, .emphasis: false
    }
  }

  /// The raw value, which `description` shows.
  public var description: String { rawValue }
}

/// A set of entity kinds to look for.
///
/// ```swift
/// let kinds: EntityKinds = [.mentions, .hashtags]
/// kinds.contains(.urls)          // false
/// EntityKinds.all.contains(EntityKinds(.number))   // true
/// ```
public struct EntityKinds: OptionSet, Sendable, Hashable {
  /// One bit per kind.
  public let rawValue: UInt16

  /// A set from its bits.
  ///
  /// - Complexity: O(1).
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The set holding just `kind`.
  ///
  /// - Complexity: O(1).
  public init(_ kind: EntityKind) {
    switch kind {
    case .mention: self = .mentions
    case .hashtag: self = .hashtags
    case .cashtag: self = .cashtags
    case .url: self = .urls
    case .email: self = .emails
    case .number: self = .numbers
    case .code: self = .code
    case .term: self = .terms
    case .command: self = .commands
    case .retweet: self = .retweets
    case .path: self = .paths
    case .emoticon: self = .emoticons
    case .quotation: self = .quotations
    case .parenthetical: self = .parentheticals
    case .emphasis: self = .emphasis
    }
  }

  /// Mentions (`@name`).
  public static let mentions = EntityKinds(rawValue: 1 << 0)
  /// Hashtags (`#tag`).
  public static let hashtags = EntityKinds(rawValue: 1 << 1)
  /// URLs.
  public static let urls = EntityKinds(rawValue: 1 << 2)
  /// E-mail addresses.
  public static let emails = EntityKinds(rawValue: 1 << 3)
  /// Numbers.
  public static let numbers = EntityKinds(rawValue: 1 << 4)
  /// Cashtags (`$TSLA`).
  public static let cashtags = EntityKinds(rawValue: 1 << 5)
  /// Inline code (`` `print()` ``).
  public static let code = EntityKinds(rawValue: 1 << 6)
  /// Terms (`C++`, `C#`).
  public static let terms = EntityKinds(rawValue: 1 << 7)
  /// Commands (`/start`).
  public static let commands = EntityKinds(rawValue: 1 << 8)
  /// Emoticons (`:D`).
  public static let emoticons = EntityKinds(rawValue: 1 << 9)
  /// Quotations (`"Hello!"` in right-to-left text).
  public static let quotations = EntityKinds(rawValue: 1 << 10)
  /// Parentheticals (`(etc.)` in right-to-left text).
  public static let parentheticals = EntityKinds(rawValue: 1 << 11)
  /// Emphasis (`*Hello!*` in right-to-left text).
  public static let emphasis = EntityKinds(rawValue: 1 << 12)
  /// File paths (`/usr/bin`, `C:\Users`).
  public static let paths = EntityKinds(rawValue: 1 << 13)
  /// Retweet markers (`RT` in `RT @user: …`).
  public static let retweets = EntityKinds(rawValue: 1 << 14)
  /// Every kind: the default.
  public static let all: EntityKinds = [
    .mentions, .hashtags, .urls, .emails, .numbers, .cashtags, .code, .terms, .commands, .retweets, .paths,
    .emoticons, .quotations, .parentheticals, .emphasis,
  ]

  /// Whether the set holds `kind`.
  ///
  /// - Complexity: O(1).
  public func contains(_ kind: EntityKind) -> Bool { contains(EntityKinds(kind)) }

  /// The kinds that begin at a letter or digit, which the scan must read words for. Written as
  /// bits: an array literal here built and freed an array on every call.
  internal static let startingInWords = EntityKinds(
    rawValue: urls.rawValue | emails.rawValue | numbers.rawValue | paths.rawValue)
  /// The kinds with a domain.
  internal static let addresses = EntityKinds(rawValue: urls.rawValue | emails.rawValue)
}

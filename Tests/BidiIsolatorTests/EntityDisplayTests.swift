import Bidi
import BidiIsolator
import BidiTestSupport
import Testing

/// Entities found by twitter-text's rules, shown through the engine in right-to-left messages: as
/// stored, the bidi algorithm tears them apart; isolated, each displays as a unit. The units are
/// written by hand in visual order: left-to-right text as it reads, an Arabic hashtag reversed with
/// its `#` on the right.
@Suite("Entities through the engine")
struct EntityDisplayTests {
  struct Example: Sendable, CustomTestStringConvertible {
    let message: String
    /// Strings the isolated message's visual line must hold, each an entity shown whole.
    let units: [String]
    /// A string the message as stored shows instead, torn.
    let torn: String?
    var testDescription: String { message }
  }

  static let examples: [Example] = [
    // A hashtag glued to a link in reposted Arabic news: the link starts at its scheme.
    Example(message: "على #إسرائيلhttps://t.co/a47cuCurcd", units: ["https://t.co/a47cuCurcd", "ليئارسإ#"], torn: nil),
    // A cashtag in Arabic: as stored the `$` goes to the other side of the symbol.
    Example(message: "اشتر $TSLA الآن", units: ["$TSLA"], torn: "TSLA$"),
    // A share class after a hyphen, as quote sites write it.
    Example(message: "سهم $BRK-B و $BRK.A ارتفع", units: ["$BRK-B", "$BRK.A"], torn: "BRK-B$"),
    // A Latin name glued to Japanese in a Hebrew message: the mention ends where the script changes.
    Example(message: "שלום @dani_kに", units: ["@dani_k"], torn: "dani_kに@"),
    // A link, then a hashtag glued to it, both in an Arabic message.
    Example(message: "عاجل https://t.co/a47cuCurcd#عاجل الآن", units: ["https://t.co/a47cuCurcd", "لجاع#"], torn: nil),
    // A retweet of a Latin handle in Hebrew.
    Example(message: "RT@dani_k שלום", units: ["@dani_k"], torn: nil),
    // A Persian hashtag with ZWNJ inside, and a Hebrew one with a geresh, in a Hebrew message.
    Example(message: "ראו #می\u{200C}خواهم ו-#וכו׳ היום", units: ["مهاوخ\u{200C}یم#", "׳וכו#"], torn: nil),
    // Hashtags of two parts joined by a hyphen, a channel's name and a virus's, in Arabic.
    Example(message: "انضموا إلى #dev-team عن #COVID-19 اليوم", units: ["#dev-team", "#COVID-19"], torn: "COVID-19#"),
  ]

  @Test(arguments: examples)
  func displaysAsUnits(_ example: Example) throws {
    let isolated = BidiIsolator().isolate(example.message)
    let shown = try display(isolated)
    for unit in example.units {
      #expect(shown.contains(unit), "\(unit) in \(shown)")
    }
    if let torn = example.torn {
      let stored = try display(example.message)
      #expect(stored.contains(torn) && !shown.contains(torn), "\(stored) → \(shown)")
    }
  }
}

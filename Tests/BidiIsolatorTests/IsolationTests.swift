import Bidi
import BidiIsolator
import BidiTestSupport
import Testing

/// One isolation example: a message, the options' strategy, and the output written out by hand.
struct IsolationExample: Sendable, CustomTestStringConvertible {
  let strategy: IsolationStrategy
  let input: String
  let expected: String

  init(_ strategy: IsolationStrategy, _ input: String, _ expected: String) {
    self.strategy = strategy
    self.input = input
    self.expected = expected
  }

  var testDescription: String { "\(strategy): \(escaped(input))" }
}

@Suite("Isolation")
struct IsolationTests {
  static let examples: [IsolationExample] = [
    // isolate: URLs, e-mails and numbers LRI; names by their own direction; FSI with no strong one.
    IsolationExample(.isolate, "اتصل @alice +1-555-0100", "اتصل \(lri)@alice\(pdi) \(lri)+1-555-0100\(pdi)"),
    IsolationExample(.isolate, "hi @علي!", "hi \(rli)@علي\(pdi)!"),
    IsolationExample(.isolate, "@123 ok", "\(fsi)@123\(pdi) ok"),
    IsolationExample(.isolate, "#خبر و #WWDC", "\(rli)#خبر\(pdi) و \(lri)#WWDC\(pdi)"),
    IsolationExample(.isolate, "mail a@b.com", "mail \(lri)a@b.com\(pdi)"),
    IsolationExample(.isolate, "راجع http://مثال.com/صفحة.", "راجع \(lri)http://مثال.com/صفحة\(pdi)."),
    IsolationExample(.isolate, "@a@b", "@a@b"),
    IsolationExample(.isolate, "اشتر $TSLA الآن", "اشتر \(lri)$TSLA\(pdi) الآن"),
    IsolationExample(.isolate, "hello world", "hello world"),
    // A European number that continues left-to-right text needs no isolate (rule W7 joins them);
    // after right-to-left text, a paragraph start or a control of the user's own it keeps one.
    IsolationExample(.isolate, "في XHTML 1.0 يتم", "في XHTML 1.0 يتم"),
    IsolationExample(.isolate, "version 2.0، الإصدار 3.0", "version 2.0، الإصدار \(lri)3.0\(pdi)"),
    IsolationExample(.isolate, "Bob @x 5", "Bob \(lri)@x\(pdi) 5"),
    IsolationExample(.isolate, "@x 5", "\(lri)@x\(pdi) \(lri)5\(pdi)"),
    IsolationExample(.isolate, "abc\n5 ب", "abc\n\(lri)5\(pdi) ب"),
    IsolationExample(.isolate, "abc ٣٤٥ ب", "abc \(lri)٣٤٥\(pdi) ب"),
    IsolationExample(.isolate, "abc\(lrm) 5", "abc\(lrm) \(lri)5\(pdi)"),
    // embed: a mark of the message's direction after the entity only where it would pull.
    IsolationExample(.embed, "hi @علي!", "hi \(rle)@علي\(pdf)\(lrm)!"),
    IsolationExample(.embed, "مرحبا @alice", "مرحبا \(lre)@alice\(pdf)"),
    IsolationExample(.embed, "مرحبا @alice!", "مرحبا \(lre)@alice\(pdf)\(rlm)!"),
    IsolationExample(.embed, "السعر $9.99 اليوم", "السعر \(lre)$9.99\(pdf)\(rlm) اليوم"),
    IsolationExample(.embed, "hello @bob, hi", "hello \(lre)@bob\(pdf), hi"),
    IsolationExample(.embed, "مرحبا@我, 今天天气好吗", "مرحبا\(lre)@我\(pdf), 今天天气好吗"),
    // mark: the entity's mark before it; the message's after it where it would pull.
    IsolationExample(.mark, "hi @علي!", "hi \(rlm)@علي\(lrm)!"),
    IsolationExample(.mark, "السعر $9.99 اليوم", "السعر \(lrm)$9.99\(rlm) اليوم"),
    IsolationExample(.mark, "hello @bob", "hello \(lrm)@bob"),
    IsolationExample(.mark, "اتصل @alice +1-555-0100", "اتصل \(lrm)@alice\(rlm) \(lrm)+1-555-0100"),
    IsolationExample(.mark, "مرحبا@我, 今天天气好吗", "مرحبا\(lrm)@我, 今天天气好吗"),
  ]

  @Test("exact output", arguments: examples)
  func exactOutput(_ example: IsolationExample) {
    let output = isolator(example.strategy).isolate(example.input)
    #expect(escaped(output) == escaped(example.expected))
  }

  /// The seed article's message: a Chinese mention right after an Arabic greeting. Without
  /// isolation the `@` sticks to the Arabic and shows at the far end of the Chinese.
  @Test("the seed example, displayed by the engine", arguments: IsolationStrategy.allCases)
  func seedExample(_ strategy: IsolationStrategy) throws {
    let seed = "مرحبا@我, 今天天气好吗"
    #expect(try paragraphDirection(seed) == .rightToLeft)
    #expect(try display(seed) == "我, 今天天气好吗@" + rtl("مرحبا"))
    let output = isolator(strategy).isolate(seed)
    #expect(try paragraphDirection(output) == .rightToLeft)
    switch strategy {
    case .isolate:
      // The isolate is a neutral: the comma between the Arabic and the Chinese takes the
      // paragraph's direction, and `@我` stays whole.
      #expect(try display(output) == "今天天气好吗 ,@我" + rtl("مرحبا"))
    case .embed, .mark:
      // What the article asks for: the mention starts the left-to-right Chinese sentence.
      #expect(try display(output) == "@我, 今天天气好吗" + rtl("مرحبا"))
    }
  }

  @Test("a price after Arabic displays whole under every strategy", arguments: IsolationStrategy.allCases)
  func priceInArabic(_ strategy: IsolationStrategy) throws {
    let message = "السعر $9.99 اليوم"
    #expect(try display(message) == rtl("اليوم") + " 9.99$ " + rtl("السعر"))
    #expect(try display(isolator(strategy).isolate(message)) == rtl("اليوم") + " $9.99 " + rtl("السعر"))
  }

  /// The W3C's UB5: an isolate is a neutral, so an isolated `1.0` between `XHTML` and Arabic would
  /// take the paragraph's direction and show before `XHTML`.
  @Test("a number after Latin text in an Arabic message stays with it")
  func numberContinuesLatin() throws {
    for message in [
      "في XHTML 1.0 يتم", "اتصل بـ John +1-555-0100 الآن", "فيروس COVID-19-related المستجد",
      "الطقس Temp 25°C اليوم",
    ] {
      let output = isolator().isolate(message)
      #expect(try paragraphDirection(output) == .rightToLeft)
      #expect(try display(output) == display(message), "\(escaped(output))")
    }
    #expect(try display("اتصل بـ John +1-555-0100 الآن") == rtl(" الآن") + "John +1-555-0100" + rtl("اتصل بـ "))
  }

  @Test("a phone number and an Arabic mention in a Hebrew message", arguments: IsolationStrategy.allCases)
  func phoneInHebrew(_ strategy: IsolationStrategy) throws {
    let message = "התקשרו +1-555-0100 או תייגו @علي"
    #expect(try display(message) == rtl("@علي") + " " + rtl("או תייגו") + " 1-555-0100+ " + rtl("התקשרו"))
    let output = isolator(strategy).isolate(message)
    #expect(try display(output) == rtl("@علي") + " " + rtl("או תייגו") + " +1-555-0100 " + rtl("התקשרו"))
  }

  /// Unrecognised, an account on a server loses its sigil to the right-to-left text before it, and
  /// a Matrix name its server to the other side: `alice@mastodon.social@`, `matrix.org:bob@`.
  @Test("an account on a server and a mention after a Hebrew prefix stay whole", arguments: IsolationStrategy.allCases)
  func accountsOnServers(_ strategy: IsolationStrategy) throws {
    // What comes before the name ends in the space or hyphen that joins it.
    try expectWhole(
      [
        ("تابعوا ", "@alice@mastodon.social", "الآن"),
        ("שלחו ל ", "@bob:matrix.org", "הודעה"),
        ("הצטרפו ל ", "#room:matrix.org", "היום"),
        ("תודה ל-", "@bob", "היום"),
      ], strategy)
  }

  /// As stored, the neutrals at the ends of code go to the right-to-left side: `()print`.
  @Test("inline code stays whole", arguments: IsolationStrategy.allCases)
  func inlineCode(_ strategy: IsolationStrategy) throws {
    try expectWhole(
      [
        ("استخدم ", "`print()`", "هنا"),
        ("שנו את ", "`config.yaml:`", "עכשיו"),
      ], strategy)
  }

  /// As stored, right-to-left text after a term takes its suffix: `++C`, `#C`; a hashtag's too,
  /// `++#C`.
  @Test("a term ending in + or # stays whole", arguments: IsolationStrategy.allCases)
  func term(_ strategy: IsolationStrategy) throws {
    try expectWhole(
      [
        ("אני אוהב ", "C++", "מאוד"),
        ("أكتب بلغة ", "C#", "الآن"),
        ("مشترک ", "Apple TV+", "هستم"),
        ("تعلم ", "#C++", "اليوم"),
      ], strategy)
  }

  /// As stored, right-to-left text before a word a dot or hyphens lead takes them: `NET.`,
  /// `verbose--`.
  @Test("a word a dot or hyphens lead stays whole", arguments: IsolationStrategy.allCases)
  func leadingSignTerm(_ strategy: IsolationStrategy) throws {
    #expect(try display("تعلم .NET الآن") == rtl("الآن") + " NET. " + rtl("تعلم"))
    #expect(try display("شغل الأمر مع --verbose الآن") == rtl("الآن") + " verbose-- " + rtl("شغل الأمر مع"))
    try expectWhole(
      [
        ("تعلم ", ".NET", "الآن"), ("احذف ملف ", ".env", "الآن"), ("הקובץ ", ".gitignore", "כאן"),
        ("شغل الأمر مع ", "--verbose", "الآن"), ("הוסף ", "-v", "לפקודה"), ("جرب ", "--width=80", "هنا"),
      ], strategy)
  }

  /// As stored, right-to-left text before a command takes its `/`: `start/`.
  @Test("a command stays whole", arguments: IsolationStrategy.allCases)
  func command(_ strategy: IsolationStrategy) throws {
    try expectWhole(
      [
        ("اكتب ", "/start", "للبدء"),
        ("برای شروع ", "/help@MyBot", "را بزنید"),
      ], strategy)
  }

  /// As stored, right-to-left text before an emoticon takes its eyes: `:D` shows as `D:`, a face
  /// of dismay, and `<3` as `3>`.
  @Test("an emoticon reads as typed", arguments: IsolationStrategy.allCases)
  func emoticon(_ strategy: IsolationStrategy) throws {
    try expectWhole(
      [
        ("ما رأيك؟ ", ":D", "هههه"),
        ("אוהבת אותך ", "<3", "מאוד"),
        ("نه بابا ", ":-P", "شوخی"),
      ], strategy)
  }

  /// As stored, right-to-left text before a service code takes its first star: `100#*`, `2700*`.
  @Test("a service code reads as dialled", arguments: IsolationStrategy.allCases)
  func serviceCode(_ strategy: IsolationStrategy) throws {
    try expectWhole(
      [
        ("اطلب ", "*100#", "لمعرفة رصيدك"),
        ("کد ", "*140*1#", "را بگیرید"),
        ("חייגו ", "*2700", "עכשיו"),
      ], strategy)
  }

  /// A number typed against a Hebrew or Arabic prefix or word is a number (`ב15.01.2024`,
  /// `في+966501234567`): the algorithm tore it (`966501234567+`, `4567-123-050`, `9.99$`), and so
  /// did an isolate around its last groups alone (`01/2024/15`, `30:10`). A hyphen joins such a
  /// prefix to the number (`ב-15.01`) and stays outside it.
  @Test("a number after a right-to-left prefix reads whole", arguments: IsolationStrategy.allCases)
  func numberAfterPrefix(_ strategy: IsolationStrategy) throws {
    try expectWhole(
      [
        ("وصل بتاريخ", "15/01/2024", "الطرد"),
        ("الاجتماع الساعة", "10:30", "مساء"),
        ("הגיע ב", "15.01.2024", "בבוקר"),
        ("اتصل في", "+966501234567", "الآن"),
        ("رقمي ل", "050-123-4567", "شكرا"),
        ("السعر ب", "$9.99", "فقط"),
        ("שילמתי ב", "$9.99", "בלבד"),
        ("הזמנתי ב", "#12345", "אתמול"),
        ("الحرارة ب", "25°C", "اليوم"),
        ("נפגש ב-", "15.01", "בערב"),
      ], strategy)
  }

  /// A sign right after a number's terminator joins two numbers into a range (`50%-70%`), read in
  /// the paragraph's direction as the algorithm reads `$10-$20`; as the sign of a number of its own
  /// (`-70%`), isolated beside the first, it showed `-70%50%`.
  @Test("a range of numbers with terminators keeps each number whole", arguments: IsolationStrategy.allCases)
  func rangeOfTerminatedNumbers(_ strategy: IsolationStrategy) throws {
    for (message, expected) in [
      ("ההנחה היא 50%-70% על הכל", rtl("על הכל") + " 70%-50% " + rtl("ההנחה היא")),
      ("טווח 5°-10° היום", rtl("היום") + " 10°-5° " + rtl("טווח")),
      ("המחיר $10-$20 בלבד", rtl("בלבד") + " $20-$10 " + rtl("המחיר")),
      // After a space, a sign starts a number still.
      ("החום -5° בלילה", rtl("בלילה") + " -5° " + rtl("החום")),
    ] {
      let output = isolator(strategy).isolate(message)
      #expect(try display(output) == expected, "\(escaped(output))")
    }
  }

  /// Right-to-left text around a left-to-right quotation, parenthetical or emphasis takes the
  /// punctuation at its ends (`"Hello, world!"` shows as `"!Hello, world"`, `(etc.)` as `(.etc)`), and
  /// left-to-right text around a right-to-left one puts its `!` where a right-to-left reader reads
  /// it first. The marks and brackets follow the text around them.
  @Test("a quotation, parenthetical or emphasis keeps its punctuation", arguments: IsolationStrategy.allCases)
  func quotation(_ strategy: IsolationStrategy) throws {
    for (message, expected) in [
      ("قال \"Hello, world!\" أمس", rtl("أمس") + " \"Hello, world!\" " + rtl("قال")),
      ("אמר ב\"OK?\" היום", rtl("היום") + " \"OK?\"" + rtl("אמר ב")),
      ("قال: “...and then?” ثم ذهب", rtl("ثم ذهب") + " ”...and then?“" + rtl("قال: ")),
      ("He said «مرحبا!» today", "He said «" + rtl("مرحبا!") + "» today"),
      ("Sie sagte „שלום!“ gestern", "Sie sagte „" + rtl("שלום!") + "“ gestern"),
      // Single marks as well.
      ("He said 'مرحبا!' to me", "He said '" + rtl("مرحبا!") + "' to me"),
      ("אמרתי לו ‘I’m fine!’ ואז", rtl("ואז") + " ’I’m fine!‘ " + rtl("אמרתי לו")),
      // Brackets as well; right-to-left text shows the one it stands in mirrored.
      ("درس (etc.) اليوم", rtl("اليوم") + " (etc.) " + rtl("درس")),
      ("קניתי [Ph.D.] היום", rtl("היום") + " [Ph.D.] " + rtl("קניתי")),
      ("I found (ראה למטה!) ok", "I found (" + rtl("ראה למטה!") + ") ok"),
      // And emphasis, as chat apps mark it up.
      ("قال *Hello!* أمس", rtl("أمس") + " *Hello!* " + rtl("قال")),
      ("אמר ~~no way!~~ היום", rtl("היום") + " ~~no way!~~ " + rtl("אמר")),
    ] {
      let output = isolator(strategy).isolate(message)
      #expect(try display(output) == expected, "\(escaped(output))")
    }
  }

  /// An enclosure that holds entities is isolated whole in their place, so its punctuation stays
  /// with its text and the entities stay whole inside it. A right-to-left one holds only names and
  /// numbers that read in it as in their own isolates, and then a number at its end stays to the
  /// left of the words, where a right-to-left reader reads it last. A number with a sign, a space
  /// or a terminator keeps an isolate of its own, and the enclosure gets none.
  @Test("an enclosure holding entities keeps them and its punctuation", arguments: IsolationStrategy.allCases)
  func enclosureHoldingEntities(_ strategy: IsolationStrategy) throws {
    for (message, expected) in [
      (
        "قرأت مقال \"How to learn Swift in 2024?\" اليوم",
        rtl("اليوم") + " \"How to learn Swift in 2024?\" " + rtl("قرأت مقال")
      ),
      ("שמעתי \"@alice is here!\" ממנו", rtl("ממנו") + " \"@alice is here!\" " + rtl("שמעתי")),
      (
        "ראיתי (see https://example.com/a now!) אתמול",
        rtl("אתמול") + " (see https://example.com/a now!) " + rtl("ראיתי")
      ),
      ("כתב *version 2.0 is out!* היום", rtl("היום") + " *version 2.0 is out!* " + rtl("כתב")),
      ("قال «call +1 555 0100, then :)» ثم", rtl("ثم") + " «call +1 555 0100, then :)» " + rtl("قال")),
      ("He wrote «مرحبا @محمد!» today", "He wrote «" + rtl("مرحبا @محمد!") + "» today"),
      ("Call \"مكتب 2\" now", "Call \"2 " + rtl("مكتب") + "\" now"),
      ("Meet «الساعة 10:30» at (שער ١٢) ok", "Meet «10:30 " + rtl("الساعة") + "» at (١٢ " + rtl("שער") + ") ok"),
      ("the title *הפרק 3.2* is", "the title *3.2 " + rtl("הפרק") + "* is"),
    ] {
      let output = isolator(strategy).isolate(message)
      #expect(try display(output) == expected, "\(escaped(output))")
      #expect(isolator(strategy).isolate(output) == output)
      #expect(isolator(strategy).removeIsolation(from: output) == message)
    }
    let number = "He wrote «اتصل على 050-1234567!» today"
    #expect(BidiIsolator().isolate(number) == "He wrote «اتصل على \(lri)050-1234567\(pdi)!» today")
    let terminated = "He said «السعر 50%» and «رقمي +966 50 123»"
    #expect(
      BidiIsolator().isolate(terminated) == "He said «السعر \(lri)50%\(pdi)» and «رقمي \(lri)+966 50 123\(pdi)»")
  }

  /// Enclosed text of both directions is isolated when its first strong character and most of its
  /// words have the direction the text before it has not: its runs then read in that direction's
  /// order. Text with as many words of each stays as it is, and so does text whose first word has
  /// the other direction. Marks cannot reorder runs: the mark strategy shows such text as stored.
  @Test(
    "an enclosure of both directions reads in the direction of most of its words", arguments: IsolationStrategy.allCases
  )
  func enclosureOfBothDirections(_ strategy: IsolationStrategy) throws {
    for (message, expected) in [
      ("قال \"I love مصر so much\" أمس", rtl("أمس") + " \"I love " + rtl("مصر") + " so much\" " + rtl("قال")),
      ("הוא אמר (I saw מכתב 2 today) ואז", rtl("ואז") + " (I saw 2 " + rtl("מכתב") + " today) " + rtl("הוא אמר")),
      ("He said «مرحبا Dana كيف حالك» ok", "He said «" + rtl("كيف حالك") + " Dana " + rtl("مرحبا") + "» ok"),
    ] {
      let output = isolator(strategy).isolate(message)
      #expect(try display(output) == (strategy == .mark ? display(message) : expected), "\(escaped(output))")
      #expect(isolator(strategy).isolate(output) == output)
      #expect(isolator(strategy).removeIsolation(from: output) == message)
    }
    for message in ["قال \"hello مرحبا!\" أمس", "He said \"ok אני בא עכשיו\" then left", "ok \"שלום abc def\" ok"] {
      #expect(BidiIsolator().isolate(message) == message)
    }
  }

  /// Enclosed text of both directions may hold an entity of the other direction with strong
  /// characters at its edges, such as a parenthetical, where text of its own direction stands on
  /// both sides of it, or the enclosure's edges: it then reads as in an isolate of its own (the
  /// W3C's `'سوالات متداول (FAQ)'`, whose `(FAQ)` ends the Persian title on its left). Next to a
  /// word of its own direction it would join that word's run, and the enclosure is left as it was.
  @Test(
    "an enclosure of both directions holds a run of the other direction between its own words",
    arguments: IsolationStrategy.allCases)
  func enclosureHoldingRun(_ strategy: IsolationStrategy) throws {
    for (message, expected) in [
      ("He said \"سوالات متداول (FAQ)\" today", "He said \"(FAQ) " + rtl("سوالات متداول") + "\" today"),
      (
        "قال \"I love my city (القاهرة)\" أمس",
        rtl("أمس") + " \"I love my city (" + rtl("القاهرة") + ")\" " + rtl("قال")
      ),
      ("אמרה \"I moved to (תל אביב)\" אתמול", rtl("אתמול") + " \"I moved to (" + rtl("תל אביב") + ")\" " + rtl("אמרה")),
      (
        "The title is \"שלום (iOS 17) עולם\" ok", "The title is \"" + rtl("עולם") + " (iOS 17) " + rtl("שלום") + "\" ok"
      ),
    ] {
      let output = isolator(strategy).isolate(message)
      #expect(try display(output) == (strategy == .mark ? display(message) : expected), "\(escaped(output))")
      #expect(isolator(strategy).isolate(output) == output)
      #expect(isolator(strategy).removeIsolation(from: output) == message)
    }
    let nextToOwnWord = "He said \"مرحبا بكم (Welcome) ok مرحبا\" today"
    let output = BidiIsolator().isolate(nextToOwnWord)
    #expect(
      try display(output) == "He said \"" + rtl("مرحبا بكم") + " (Welcome) ok " + rtl("مرحبا") + "\" today",
      "\(escaped(output))")
  }

  /// A message that starts with a quotation takes the direction of the text after it, as it does
  /// after any entity; one that is a quotation alone, or one in text of its own direction, is left
  /// as it is.
  @Test("a quotation decides no direction, and alone or among its own direction is not one")
  func quotationAndDirection() throws {
    let output = BidiIsolator().isolate("\"Breaking Bad!\" مسلسل رائع")
    #expect(try display(output) == rtl("مسلسل رائع") + " \"Breaking Bad!\"", "\(escaped(output))")
    // Entities before and after it are the neutrals their isolates make them.
    for (message, expected) in [
      ("*Update:* @team الاجتماع غدا", rtl("الاجتماع غدا") + " @team *Update:*"),
      ("@dana @noa \"Hi!\" שלום", rtl("שלום") + " \"Hi!\" @noa @dana"),
    ] {
      let output = BidiIsolator().isolate(message)
      #expect(try display(output) == expected, "\(escaped(output))")
    }
    for message in ["\"مرحبا بكم!\"", "He said \"hi!\" today", "قال \"مرحبا!\" أمس", "قال \"hello مرحبا!\" أمس"] {
      #expect(BidiIsolator().isolate(message) == message)
    }
  }

  /// A message that starts with a command is a right-to-left one when its text is: rule P2 passes
  /// over the isolate.
  @Test("a message that starts with a command takes its text's direction")
  func messageStartingWithCommand() throws {
    let output = BidiIsolator().isolate("/start ابدأ من هنا")
    #expect(try display(output) == rtl("ابدأ من هنا") + " /start", "\(escaped(output))")
  }

  /// Isolates each `before`, entity, space and `after` with `strategy`, and expects the entity whole
  /// to the left of the right-to-left text before it.
  private func expectWhole(
    _ cases: [(before: String, entity: String, after: String)], _ strategy: IsolationStrategy,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for (before, entity, after) in cases {
      let output = isolator(strategy).isolate(before + entity + " " + after)
      #expect(
        try display(output) == rtl(after) + " " + entity + rtl(before), "\(escaped(output))",
        sourceLocation: sourceLocation)
    }
  }

  /// Split into its groups, a phone number would be neutrals in right-to-left text, shown in swapped
  /// order: `(555) 123-4567 +1`, `4567 123 050`.
  @Test("a phone number written in groups stays whole", arguments: IsolationStrategy.allCases)
  func phoneWithAreaCode(_ strategy: IsolationStrategy) throws {
    for (message, number, before, after) in [
      ("התקשרו +1 (555) 123-4567 עכשיו", "+1 (555) 123-4567", "התקשרו", "עכשיו"),
      ("رقمي +44 (0)20 7946 0958 شكرا", "+44 (0)20 7946 0958", "رقمي", "شكرا"),
      ("رقمي 050 123 4567 شكرا", "050 123 4567", "رقمي", "شكرا"),
      ("המספר 020 7946 0958 בבית", "020 7946 0958", "המספר", "בבית"),
    ] {
      let output = isolator(strategy).isolate(message)
      #expect(try display(output) == rtl(after) + " \(number) " + rtl(before), "\(escaped(output))")
    }
  }

  /// After Arabic letters the digits of `25°C` are an Arabic number, which the degree sign does not
  /// join: unisolated, the unit shows mirrored on the other side, `C°25`.
  @Test("a temperature or bearing keeps its unit", arguments: IsolationStrategy.allCases)
  func numberWithUnit(_ strategy: IsolationStrategy) throws {
    #expect(try display("الحرارة 25°C اليوم") == rtl("اليوم") + " C°25 " + rtl("الحرارة"))
    try expectWhole(
      [
        ("الحرارة ", "25°C", "اليوم"), ("الحرارة ", "-5°C", "اليوم"), ("الحرارة ", "25 °F", "اليوم"),
        ("الحرارة ", "25℃", "اليوم"), ("الموقع ", "45°N", "هنا"), ("הטמפרטורה ", "30°C", "היום"),
      ], strategy)
  }

  /// Unisolated, the hyphen goes with neither side, and right-to-left text shows `star-5`.
  @Test("a number joined to Latin words by hyphens stays whole", arguments: IsolationStrategy.allCases)
  func hyphenatedCompound(_ strategy: IsolationStrategy) throws {
    #expect(try display("فندق 5-star رائع") == rtl("رائع") + " star-5 " + rtl("فندق"))
    try expectWhole(
      [
        ("فندق ", "5-star", "رائع"), ("نسخة ", "2.0.1-beta", "متاحة"), ("הגרסה ", "3.2-rc1", "יצאה"),
        ("جهاز ", "3-in-1", "جديد"), ("يوم ", "15-Jan-2024", "الساعة"),
      ], strategy)
  }

  /// A range of times is left to the algorithm, as a range of numbers is: after Arabic letters it
  /// shows the later time on the left, as Arabic reads a range (the W3C's SB4), and after Hebrew
  /// letters, whose digits stay European numbers, in the order it is written.
  @Test("a range of times reads as a range", arguments: IsolationStrategy.allCases)
  func timeRange(_ strategy: IsolationStrategy) throws {
    for (message, expected) in [
      ("الدوام من 10:00-12:00 فقط", rtl("فقط") + " 12:00-10:00 " + rtl("الدوام من")),
      ("המשמרת 09:00-17:30 היום", rtl("היום") + " 09:00-17:30 " + rtl("המשמרת")),
    ] {
      let output = isolator(strategy).isolate(message)
      #expect(output == message)
      #expect(try display(output) == expected)
    }
  }

  /// Unisolated, the day period is a left-to-right word of its own, which right-to-left text puts
  /// on the time's other side: `PM 7:30`.
  @Test("a time of day keeps its AM or PM", arguments: IsolationStrategy.allCases)
  func dayPeriod(_ strategy: IsolationStrategy) throws {
    #expect(try display("ميعادنا 7:30 PM يوم") == rtl("يوم") + " PM 7:30 " + rtl("ميعادنا"))
    try expectWhole(
      [("ميعادنا ", "7:30 PM", "يوم"), ("الساعة ", "5 p.m.", "بالضبط"), ("נפגש ב-", "10.15 am", "מחר")], strategy)
  }

  /// Unisolated, after Arabic letters the digits are an Arabic number that the currency sign does
  /// not join (rule W2), and the slash and the unit go to the number's other side: `month/5.99$`.
  @Test("a rate keeps its unit", arguments: IsolationStrategy.allCases)
  func rate(_ strategy: IsolationStrategy) throws {
    #expect(try display("الاشتراك $5.99/month فقط") == rtl("فقط") + " month/5.99$ " + rtl("الاشتراك"))
    try expectWhole(
      [("الاشتراك ", "$5.99/month", "فقط"), ("המחיר ", "20/day", "בלבד"), ("المساحة ", "3/m²", "فقط")], strategy)
  }

  /// Unisolated, right-to-left text shows the date's groups and the time in the wrong order.
  @Test("a date and time in ISO 8601 stays whole", arguments: IsolationStrategy.allCases)
  func isoDateTime(_ strategy: IsolationStrategy) throws {
    #expect(try display("موعد 2024-01-15T10:30:00Z هنا") == rtl("هنا") + " 15T10:30:00Z-01-2024 " + rtl("موعد"))
    try expectWhole(
      [("موعد ", "2024-01-15T10:30:00Z", "هنا"), ("הרישום ", "2024-01-15T10:30+03:00", "כאן")], strategy)
  }

  /// Unisolated, right-to-left text takes the slashes, and the right-to-left names between them,
  /// to its own side. Marks cannot reorder a right-to-left name inside a path (nor inside a URL):
  /// under the mark strategy such a path is only checked to come back whole.
  @Test("a file path reads as typed", arguments: IsolationStrategy.allCases)
  func filePath(_ strategy: IsolationStrategy) throws {
    for (message, expected) in [
      ("في /home/مستندات/a.txt الآن", rtl("الآن") + " /home/" + rtl("مستندات") + "/a.txt " + rtl("في")),
      ("افتح C:\\Users\\أحمد\\Desktop الآن", rtl("الآن") + " C:\\Users\\" + rtl("أحمد") + "\\Desktop " + rtl("افتح")),
      ("שמור ב-~/דוחות/ עכשיו", rtl("עכשיו") + " ~/" + rtl("דוחות") + "/" + rtl("שמור ב-")),
    ] {
      let output = isolator(strategy).isolate(message)
      if strategy != .mark { #expect(try display(output) == expected, "\(escaped(output))") }
      #expect(isolator(strategy).removeIsolation(from: output) == message)
    }
    try expectWhole([("הקובץ ", "/usr/local/bin/", "כאן"), ("شغل ", "./build.sh", "الآن")], strategy)
  }

  /// `RT` is the first strong character of a repost: unisolated, it makes the message left to right
  /// and shows the right-to-left words around a Latin one in the wrong order. Rule P2 passes over
  /// isolates only, so embeddings and marks need the message's direction written in too.
  @Test("a retweet marker leaves the message its own direction", arguments: IsolationStrategy.allCases)
  func retweetMarker(_ strategy: IsolationStrategy) throws {
    #expect(try display("RT @ahmed: أحب iPhone جدا") == "RT @ahmed: " + rtl("أحب") + " iPhone " + rtl("جدا"))
    let isolator = isolator(strategy, explicit: strategy == .isolate ? .none : .mark)
    for (message, expected) in [
      ("RT @ahmed: أحب iPhone جدا", rtl("جدا") + " iPhone " + rtl("أحب") + " :@ahmed RT"),
      ("rt @a: RT @דנה: אני אוהב את Swift", "Swift " + rtl("אני אוהב את") + " :" + rtl("@דנה") + " RT :@a rt"),
      ("RT @user: hello عالم", "RT @user: hello " + rtl("عالم")),
    ] {
      let output = isolator.isolate(message)
      #expect(try display(output) == expected, "\(escaped(output))")
      #expect(isolator.removeIsolation(from: output) == message)
    }
  }

  @Test("a Latin mention in Persian, a Hebrew hashtag in English", arguments: IsolationStrategy.allCases)
  func mixedNames(_ strategy: IsolationStrategy) throws {
    let persian = "سلام @alice، خوبی؟"
    #expect(try display(persian) == rtl("، خوبی؟") + "alice@" + rtl("سلام "))
    #expect(try display(isolator(strategy).isolate(persian)) == rtl("، خوبی؟") + "@alice" + rtl("سلام "))
    let english = "new #עדכון, see www.example.com"
    #expect(try display(english) == "new #" + rtl("עדכון") + ", see www.example.com")
    #expect(try display(isolator(strategy).isolate(english)) == "new " + rtl("#עדכון") + ", see www.example.com")
  }

  @Test("a Japanese sentence with a URL and an Arabic name", arguments: IsolationStrategy.allCases)
  func japanese(_ strategy: IsolationStrategy) throws {
    let message = "詳細は https://example.jp/ページ を @علي に送って"
    let output = isolator(strategy).isolate(message)
    #expect(try display(output) == "詳細は https://example.jp/ページ を " + rtl("@علي") + " に送って")
  }

  // MARK: Message direction

  @Test("a leading Latin mention no longer decides the direction once it is made explicit")
  func explicitMark() throws {
    let message = "@alice مرحبا كيف حالك"
    #expect(try paragraphDirection(message) == .leftToRight)
    let marked = isolator(.mark).isolate(message)
    #expect(escaped(marked) == escaped("\(lrm)@alice\(rlm) مرحبا كيف حالك"))
    #expect(try paragraphDirection(marked) == .leftToRight)  // the mark before the name is strong
    let explicit = isolator(.mark, explicit: .mark).isolate(message)
    #expect(escaped(explicit) == escaped("\(rlm)\(lrm)@alice\(rlm) مرحبا كيف حالك"))
    #expect(try paragraphDirection(explicit) == .rightToLeft)
    #expect(try display(explicit) == rtl("مرحبا كيف حالك") + " @alice")
    // An isolate hides the name from rule P2 on its own.
    #expect(try paragraphDirection(isolator().isolate(message)) == .rightToLeft)
  }

  @Test("explicit direction marks every paragraph, once")
  func explicitMarkParagraphs() {
    let output = isolator(explicit: .mark).isolate("مرحبا\nhello @bob\n\n")
    #expect(escaped(output) == escaped("\(rlm)مرحبا\n\(rlm)hello \(lri)@bob\(pdi)\n\n"))
    #expect(isolator(explicit: .mark).isolate(output) == output)
    #expect(isolator(explicit: .mark, direction: .leftToRight).isolate("مرحبا") == "\(lrm)مرحبا")
    #expect(isolator(explicit: .mark).isolate("123") == "\(lri)123\(pdi)")  // no strong character: no mark
  }

  @Test("explicit isolate wraps each paragraph")
  func explicitIsolate() throws {
    let message = "HTML و CSS: تصميم و إنشاء مواقع الويب"
    let output = isolator(explicit: .isolate, heuristic: .wordMajority).isolate(message)
    #expect(escaped(output) == escaped(rli + message + pdi))
    #expect(try display(output) == rtl(": تصميم و إنشاء مواقع الويب") + "CSS" + " و " + "HTML")
    #expect(isolator(explicit: .isolate).isolate("123") == "\(fsi)\(lri)123\(pdi)\(pdi)")
    #expect(isolator(explicit: .isolate).isolate("a\nب") == "\(lri)a\(pdi)\n\(lri)ب\(pdi)")
  }

  // MARK: Controls already in the text

  @Test("close: an RLO pasted into a message reverses nothing after it")
  func closePolicy() throws {
    let output = isolator().isolate("\(rlo)evil")
    #expect(output == "\(rli)\(rlo)evil\(pdf)\(pdi)")
    #expect(try display(output + " tail") == "live tail")
    #expect(try display("\(rlo)evil" + " tail") == "liat live")
    #expect(isolator().isolate("a\(pdf)b\(pdi)c") == "abc")
    #expect(
      escaped(isolator().isolate("\(lri)\(rle)x @bob\(pdi)")) == escaped("\(lri)\(rle)x \(lri)@bob\(pdi)\(pdf)\(pdi)"))
    #expect(isolator().isolate("\(rlm)hi \(alm)") == "\(rlm)hi \(alm)")
  }

  @Test("strip and keep")
  func stripAndKeep() {
    #expect(isolator(controls: .strip).isolate("\(rlo)evil @bob\(rlm)") == "evil \(lri)@bob\(pdi)")
    #expect(isolator(controls: .keep).isolate("\(rlo)evil @bob") == "\(rlo)evil \(lri)@bob\(pdi)")
    #expect(isolator(controls: .keep).isolate("a\(pdf)") == "a\(pdf)")
  }

  @Test("entities already wrapped are recognised, never wrapped twice")
  func alreadyWrapped() {
    #expect(isolator().isolate("\(lri)@bob\(pdi) hi") == "\(lri)@bob\(pdi) hi")
    #expect(isolator().isolate("\(lri)\(lri)@bob\(pdi)\(pdi)") == "\(lri)@bob\(pdi)")
    // A PDF the sanitiser drops leaves a wrapper behind; it is recognised in the next round.
    #expect(isolator().isolate("\(lri)\(pdf)@bob\(pdi)") == "\(lri)@bob\(pdi)")
    // A user's FSI is not the isolator's LRI: it stays, and the mention gets its own.
    #expect(isolator().isolate("\(fsi)@bob\(pdi)") == "\(fsi)\(lri)@bob\(pdi)\(pdi)")
    #expect(isolator(.mark).isolate("hi \(rlm)@علي\(lrm)!") == "hi \(rlm)@علي\(lrm)!")
    #expect(isolator(.embed).isolate("hi \(rle)@علي\(pdf)\(lrm)!") == "hi \(rle)@علي\(pdf)\(lrm)!")
  }

  @Test("kinds and member names")
  func kindsAndMembers() {
    #expect(isolator(kinds: .urls).isolate("@alice https://x.com") == "@alice \(lri)https://x.com\(pdi)")
    #expect(isolator(members: ["张三"]).isolate("@张三今天好") == "\(lri)@张三\(pdi)今天好")
    #expect(isolator().isolate("@张三今天好") == "\(lri)@张三今天好\(pdi)")
  }

  // MARK: Removing what was inserted

  static let chat = [
    "مرحبا @我, 今天天气好吗", "@alice مرحبا كيف حالك؟", "اتصل بي على +1-555-0100 قبل 10:30 من فضلك",
    "شاهد الصفحة http://مثال.com/صفحة (مهم!)", "السعر $9.99 فقط، خصم 50% اليوم #عرض",
    "שלום @דני, הפגישה ב-14:00 בחדר 3", "ראיתם את #WWDC2022? הקישור: https://developer.apple.com/wwdc22/",
    "سلام @مریم، شماره من ۰۹۱۲۳۴۵۶۷۸۹ است #خبر", "你好 @علي，会议在 3 点，地址 https://例子.cn/路径",
    "@张三 请看 #话题 和 www.example.com/文档?id=42", "Meeting at 10:30 — ping @דני or mail dana@example.com",
    "Total: 1,000.50 ₪ paid by @محمد (ref #A-17)\nsecond line @bob\r\nthird", "",
    // A path whose Chinese run the trailing `?` keeps in the URL, then gives back: a second pass
    // sees the PDI after the run where the first saw the `?`, and must cut the URL the same.
    "@张七 请看 example.com/文档? 好",
    // An address glued to a URL is no address (`b.comhttps` has no top-level domain): the control
    // inserted before the URL must not make it one on a second pass, which would then take the
    // user's mark before it for the isolator's.
    "راسلني \u{200E}a@b.comhttps://مثال.com/ شكرا",
    // Quotations, one holding an entity, and a Hebrew acronym's gershayim that opens none.
    "قال \"Hello, world!\" أمس", "He said «مرحبا!» today", "قال \"@alice is here!\" أمس",
    "עולה 50 ש\"ח, אמר ב\"ok!\" היום", "\"Breaking Bad\" مسلسل", "درس (etc.) اليوم", "ok :( ما (a [b!]) c)",
    "قال *Hello!* و _bye._ أمس", "اطلب *100# و snake_case و **a* ب",
    "Call \"مكتب 2\" now, «الساعة 10:30»", "I found (ראה סעיף 3) ok", "قال \"I love مصر so much\" أمس",
    "The title says \"פעילות הבינאום, W3C\" in Hebrew.", "הוא אמר \"I saw מכתב 2 today\" ואז",
    "I don't know 'שלום!', it's Dana's", "עמ' 5 וכו' ג'ירפה 'שלום'", "אמרתי לו ‘I’m fine!’ ואז",
    "שמור ב-~/Documents/דוחות/ עכשיו", "شغل ./build.sh ثم C:\\Users\\أحمد\\Desktop.",
    // A mention right after the retweet prefix: read past the control inserted before its sigil.
    "RT@bob: مرحبا", "שלוםrt:@bob היי", "ok rt@N", "RT @a: RT @דנה: שלום", "🔥 rt: @a x\r\nMT @b שלום",
  ]

  @Test("isolating is reversible and idempotent on chat messages", arguments: IsolationStrategy.allCases)
  func reversibleAndIdempotent(_ strategy: IsolationStrategy) {
    for explicit in ExplicitDirection.allCases {
      let options = isolator(strategy, explicit: explicit)
      for message in Self.chat {
        let output = options.isolate(message)
        #expect(options.removeIsolation(from: output) == message, "\(strategy) \(explicit): \(escaped(output))")
        #expect(BidiIsolator().removeIsolation(from: output) == message)
        #expect(options.isolate(output) == output, "\(strategy) \(explicit): \(escaped(output))")
      }
    }
  }

  @Test("removing every bidi control")
  func removeAllControls() {
    #expect(BidiIsolator.removeBidiControls(from: "\(rli)שלום\(pdi) \(lrm)1\(alm)\(rlo)x\(pdf)") == "שלום 1x")
    #expect(BidiIsolator.removeBidiControls(from: "a\u{200D}b") == "a\u{200D}b")
  }
}

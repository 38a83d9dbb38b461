import BidiIsolator
import BidiTestSupport
import Testing

/// One scanning example: a message and the entities in it, written `kind:text`.
struct ScanExample: Sendable, CustomTestStringConvertible {
  let text: String
  let expected: [String]
  var members: [String] = []

  init(_ text: String, _ expected: [String], members: [String] = []) {
    self.text = text
    self.expected = expected
    self.members = members
  }

  var testDescription: String { text }
}

/// Every entity kind in Arabic, Hebrew, Persian, Chinese, Japanese and Latin surroundings, and the
/// boundaries the README spells out.
@Suite("Entity scanner")
struct EntityScannerTests {
  static let mentions: [ScanExample] = [
    ScanExample("مرحبا @علي كيف حالك", ["mention:@علي"]),
    ScanExample("مرحبا@我, 今天天气好吗", ["mention:@我"]),
    ScanExample("שלום @דנה, מה נשמע?", ["mention:@דנה"]),
    ScanExample("سلام @می‌خواهم، خوبی؟", ["mention:@می‌خواهم"]),  // ZWNJ inside the name
    ScanExample("你好＠小明，今天开会吗？", ["mention:＠小明"]),
    ScanExample("こんにちは @田中さん、お元気ですか", ["mention:@田中さん"]),
    ScanExample("hi @alice.b-c_d! and @bob.", ["mention:@alice.b-c_d", "mention:@bob"]),
    ScanExample("@alice\u{2005}hello", ["mention:@alice"]),  // four-per-em space after the name
    ScanExample("ping @Jose\u{301}: now", ["mention:@Jose\u{301}"]),  // combining acute
    ScanExample("@مُحَمَّد؛ تعال", ["mention:@مُحَمَّد"]),  // harakat, then the Arabic semicolon
    ScanExample("@علي٣ @user_2", ["mention:@علي٣", "mention:@user_2"]),
    ScanExample("@alice😀 @bob\u{200F}x", ["mention:@alice", "mention:@bob"]),  // emoji, RLM end names
    // twitter-text's rule: a name followed by another sigil is too close to an address, unless a
    // server follows it: an account on a fediverse or Matrix server.
    ScanExample("@alice@bob", []),
    ScanExample(
      "تابعوا @alice@mastodon.social و @bob:matrix.org و @dana.lee:example.org:",
      ["mention:@alice@mastodon.social", "mention:@bob:matrix.org", "mention:@dana.lee:example.org"]),
    ScanExample("@alice@localhost @bob: hi @c@d.com@e", ["mention:@bob"]),
    // Hebrew's prefix letters take a hyphen before a Latin word or a name.
    ScanExample("תודה ל-@דני! ו-@bob, x-@c", ["mention:@דני", "mention:@bob"]),
    ScanExample("RT@alice rt:@bob f!@kn", ["retweet:RT", "mention:@alice", "retweet:rt", "mention:@bob"]),
    ScanExample("の@usernameに到着 @我abc", ["mention:@username", "mention:@我"]),  // the script changes
    ScanExample("@user/list-name @ユーザー/x", ["mention:@user/list-name", "mention:@ユーザー"]),
    ScanExample("「@さくら」（@太郎）【@花子】", ["mention:@さくら", "mention:@太郎", "mention:@花子"]),
    ScanExample("\"@alice\" and '@bob'", ["mention:@alice", "mention:@bob"]),
    ScanExample("@ alone, @. and @-x", []),
    ScanExample("a.-@b and x@y", []),  // after e-mail local-part characters: no mention
    ScanExample("@a-.b", ["mention:@a"]),  // `-` must stand between name characters
  ]

  static let memberMentions: [ScanExample] = [
    ScanExample("@张三今天好", ["mention:@张三"], members: ["张三", "李四"]),
    ScanExample("@张三丰来了", ["mention:@张三丰"], members: ["张三", "张三丰"]),
    ScanExample("@John Smith said hi", ["mention:@John Smith"], members: ["John Smith"]),
    ScanExample("@alice", ["mention:@alice"], members: ["al"]),  // `al` cannot end inside a Latin name
    ScanExample("@ALICE!", ["mention:@ALICE"], members: ["alice"]),
    ScanExample("@王五你好", ["mention:@王五你好"], members: ["张三"]),  // no member matches: the grammar
  ]

  static let hashtags: [ScanExample] = [
    ScanExample("عاجل #خبر_عاجل اليوم", ["hashtag:#خبر_عاجل"]),
    ScanExample("#עדכון: גרסה חדשה", ["hashtag:#עדכון"]),
    ScanExample("הצטרפו ל-#room:matrix.org ו-#news: היום", ["hashtag:#room:matrix.org", "hashtag:#news"]),
    ScanExample("سلام #ایران‌زمین!", ["hashtag:#ایران‌زمین"]),
    ScanExample("今天 #话题 很热，＃微博热搜", ["hashtag:#话题", "hashtag:＃微博热搜"]),
    ScanExample("#東京 と #とうきょう", ["hashtag:#東京", "hashtag:#とうきょう"]),
    ScanExample("#WWDC2022, #swift_lang.", ["hashtag:#WWDC2022", "hashtag:#swift_lang"]),
    ScanExample("(#tag) [#tag2]", ["hashtag:#tag", "hashtag:#tag2"]),
    ScanExample("C# abc#def &#1234; &#x5D0;", ["term:C#"]),  // no hashtag: `C#` is a term
    ScanExample("issue #42 today", ["number:#42"]),  // no letter: a number, as the algorithm keeps it
    ScanExample("今天的#话题", []),  // after a letter: no hashtag, as twitter-text rules
    // A Latin name's sign that ends a word goes with it; one that goes on (`#a+b`, `#C++17`) does not.
    ScanExample("تعلم #C++ و #Disney+ اليوم", ["hashtag:#C++", "hashtag:#Disney+"]),
    ScanExample("#a+b #C++17 #שלום+", ["hashtag:#a", "hashtag:#C", "number:+17", "hashtag:#שלום"]),
    // A hyphen between two parts of one script joins them, as in chat apps' channel names.
    ScanExample(
      "إصابات #COVID-19 في #dev-team و #A-1234 و #كورونا-19",
      ["hashtag:#COVID-19", "hashtag:#dev-team", "hashtag:#A-1234", "hashtag:#كورونا-19"]),
    ScanExample("#tag- #a--b #abc-عربي #_-x", ["hashtag:#tag", "hashtag:#a", "hashtag:#abc"]),
  ]

  static let urls: [ScanExample] = [
    ScanExample("زوروا http://مثال.com/صفحة.", ["url:http://مثال.com/صفحة"]),
    // Chinese, Japanese and Korean run on straight after a link: its path stops at them, as
    // twitter-text's does, unless the path goes on after them; the host may be written in them.
    ScanExample("请访问https://例子.cn/路径，谢谢", ["url:https://例子.cn/"]),
    ScanExample(
      "请看 www.example.com/文档?id=42 和 https://例子.cn/路径/14。", ["url:www.example.com/文档?id=42", "url:https://例子.cn/路径/14"]),
    ScanExample("ראו www.example.co.il/דף?", ["url:www.example.co.il/דף"]),
    ScanExample("لینک: https://example.com/a_(b))", ["url:https://example.com/a_(b)"]),
    ScanExample("詳細はhttps://example.jp/ページ。", ["url:https://example.jp/"]),
    ScanExample("على #إسرائيلhttps://t.co/a47cuCurcd", ["hashtag:#إسرائيل", "url:https://t.co/a47cuCurcd"]),
    ScanExample(
      "https://t.co/a47cuCurcd#عاجل readhttps://x.com",
      ["url:https://t.co/a47cuCurcd", "hashtag:#عاجل", "url:https://x.com"]),
    ScanExample("http://example.comだよね @user.name://x", ["url:http://example.com"]),
    ScanExample("http://no-tld http://a.b_c.com http://-x.com http://x.c_om", []),
    ScanExample("(see https://en.wikipedia.org/wiki/Foo_(bar)).", ["url:https://en.wikipedia.org/wiki/Foo_(bar)"]),
    ScanExample("go to example.com/docs, now", ["url:example.com/docs"]),
    ScanExample("اتبع: bidi_intro.net، bidi_advanced.net", ["url:bidi_intro.net", "url:bidi_advanced.net"]),
    ScanExample("HTTPS://EXAMPLE.COM/A?b=1&c=2#frag!", ["url:HTTPS://EXAMPLE.COM/A?b=1&c=2#frag"]),
    ScanExample("ftp://files.example.org:21/pub]", ["url:ftp://files.example.org:21/pub"]),
    ScanExample("readme.txt end.Then a.b", []),  // not top-level domains ICANN delegates
    ScanExample("<https://example.com>", ["url:https://example.com"]),
    // Top-level domains outside ASCII or past twelve letters, in capitals and decomposed: a
    // name matches as `String` comparison matches, by canonical equivalence and any case.
    ScanExample(
      "http://пример.РФ/a http://x.VERMO\u{308}GENSBERATER/b http://y.LifeInsurance/c",
      ["url:http://пример.РФ/a", "url:http://x.VERMO\u{308}GENSBERATER/b", "url:http://y.LifeInsurance/c"]),
    ScanExample("http://x.vermögensberaterq/b http://y.lifeinsuranceq/c", []),
    // 香港 with its second character as the CJK compatibility ideograph U+2F908, which normalizes to 港.
    ScanExample("see http://x.香\u{2F908}/a", ["url:http://x.香\u{2F908}/a"]),
  ]

  static let emails: [ScanExample] = [
    ScanExample("راسلني على ali@example.com شكرا", ["email:ali@example.com"]),
    ScanExample("联系我john@x.com", ["email:john@x.com"]),
    ScanExample("דוא\"ל: dana.cohen+chat@mail.co.il.", ["email:dana.cohen+chat@mail.co.il"]),
    ScanExample("ایمیل: sara@example.ir", ["email:sara@example.ir"]),
    ScanExample("メール：taro@例え.jp", ["email:taro@例え.jp"]),
    ScanExample("a@b.com", ["email:a@b.com"]),
    ScanExample("not@email, me@localhost", []),
    // A Hebrew prefix letter joined by a hyphen ("to", "from"); after an ASCII word the hyphen is
    // part of the local part.
    ScanExample(
      "שלחו ל-info@gov.il או מ-example.co.il, x-y@z.com, Café-info@x.com",
      ["email:info@gov.il", "url:example.co.il", "email:x-y@z.com"]),
  ]

  static let numbers: [ScanExample] = [
    ScanExample(
      "السعر $9.99 أو 50% الساعة 10:30 المبلغ 1,000.50",
      ["number:$9.99", "number:50%", "number:10:30", "number:1,000.50"]),
    ScanExample("الرقم ٣٤٥٫٥٠ و ٪٥٠ و ٣٤٥", ["number:٣٤٥٫٥٠", "number:٪٥٠", "number:٣٤٥"]),
    ScanExample("قیمت ۱۲۳,۴۵۶ تومان، کد ۱۲۳", ["number:۱۲۳,۴۵۶", "number:۱۲۳"]),
    ScanExample("התקשרו +1-555-0100 או -5°", ["number:+1-555-0100", "number:-5°"]),
    ScanExample("温度是-5°，价格¥100，电话+86 10 1234 5678", ["number:-5°", "number:¥100", "number:+86 10 1234 5678"]),
    ScanExample("価格は¥1,000です", ["number:¥1,000"]),
    ScanExample(
      "pay $9.99 (50% off) at 10:30, ref 2024-01-15, phone (012) 345 6789",
      ["number:$9.99", "number:50%", "number:10:30", "number:2024-01-15", "number:(012) 345 6789"]),
    ScanExample("9.99€ and 1\u{A0}000\u{A0}000 and ٣٤٥", ["number:9.99€", "number:1\u{A0}000\u{A0}000", "number:٣٤٥"]),
    ScanExample("321km WWDC2022 h264 5x 3.5mm", []),  // glued to letters: part of a word
    // And so are the groups joined to such digits; a sign may start a number after them.
    ScanExample("v2.3.1 abc123.45 A1.2.3", []),
    // So are digits after a terminator glued to a word: the algorithm keeps them with it.
    ScanExample("US$9.99 PO#123 A$20", []),
    ScanExample("x2024,+1-555-0100 و a1.5 $9.99", ["number:+1-555-0100", "number:$9.99"]),
    // Right-to-left letters are prefixes a number may follow, but for the hyphen that joins one.
    ScanExample(
      "ב15.01.2024 بتاريخ15/01/2024 الساعة10:30 في+966501234567 ב$9.99 ב-15.01 في2024م",
      [
        "number:15.01.2024", "number:15/01/2024", "number:10:30", "number:+966501234567", "number:$9.99",
        "number:15.01",
      ]
    ),
    // The scale of a degree sign, after it or after a space, is part of the number; a right-to-left
    // word glued to the sign leaves the number to the algorithm, as letters do. Other terminators
    // take no word.
    ScanExample(
      "الحرارة 25°C و -5°F، 45°N، 25 °C، 25℃، 30°م، 25 ° و 25°度",
      ["number:25°C", "number:-5°F", "number:45°N", "number:25 °C", "number:25℃", "number:25", "number:25°"]),
    // Latin words joined by hyphens are part of the number, unless a word goes on after them.
    ScanExample(
      "نسخة 2.0.1-beta، 5-star و 3-in-1 و 15-Jan-2024، 5-starممتاز، 7-x_y، 2024-הבחירות، 5-",
      [
        "number:2.0.1-beta", "number:5-star", "number:3-in-1", "number:15-Jan-2024", "number:5", "number:7",
        "number:2024", "number:5",
      ]),
    // A time of day and its day period; not after an hour of three digits, nor before a word
    // that goes on, nor after a sign.
    ScanExample(
      "ميعادنا 7:30 PM و 5 p.m. و 10.15am و 11:00:00 AM و 123 pm و 5 PMs و $5 pm",
      [
        "number:7:30 PM", "number:5 p.m.", "number:10.15am", "number:11:00:00 AM", "number:123", "number:5",
        "number:$5",
      ]),
    // The unit of a rate, a left-to-right word after `/`: not a right-to-left one, nor a word
    // that goes on, nor letters of a script written without spaces, nor after a phone number.
    ScanExample(
      "الاشتراك $5.99/month، 20/day و 9€/kg و 3/m² و 3/ب و 5/month3a و 100/月 و +1-555-0100/x",
      [
        "number:$5.99/month", "number:20/day", "number:9€/kg", "number:3/m²", "number:3", "number:5",
        "number:100", "number:+1-555-0100",
      ]),
    // A hardware address, six hexadecimal pairs; not seven, nor one a word goes on from.
    ScanExample(
      "כתובת 01:02:aa:4a:bb:06 و 00-1A-2B-3C-4D-5E، aa:bb:cc:dd:ee:ffx",
      ["number:01:02:aa:4a:bb:06", "number:00-1A-2B-3C-4D-5E"]),
    // An ISO 8601 date takes the time `T` joins to it, and its zone; not letters or a word after.
    ScanExample(
      "سجل 2024-01-15T10:30:00Z و 2024-01-15T10:30:00.5+03:00 و 2024-01-15T1030-0500، 2024-01-15T10:30Zulu و 2024-01-15Tx",
      [
        "number:2024-01-15T10:30:00Z", "number:2024-01-15T10:30:00.5+03:00", "number:2024-01-15T1030-0500",
      ]),
    ScanExample(
      "50%off 41%https://example.com 29%dana@example.com",
      ["url:https://example.com", "email:29%dana@example.com"]),
    ScanExample("متوفر: 1-3 أيام، 2020-2024", []),  // ascending ranges stay with the algorithm
    // So do ranges of times; not a descending one, nor one of other groups.
    ScanExample(
      "الدوام 10:00-12:00 و ٩:٣٠-١١:٠٠ و 17:00-09:00 و 10:00-25:00 و 10:5-12:00",
      ["number:17:00-09:00", "number:10:00-25:00", "number:10:5-12:00"]),
    ScanExample("call 555-0100 at 9-5", ["number:555-0100", "number:9-5"]),
    // Area codes written with their trunk zero are phone numbers, not ranges; a range may start at 0.
    ScanExample(
      "نمبر 0300-1234567 ہے، מספר 03-5551234, 0-5 سال",
      ["number:0300-1234567", "number:03-5551234"]),
    ScanExample("5 + 3 = 8, 5+3=8", ["number:5", "number:3", "number:8", "number:5+3", "number:8"]),
    // After a country code, the area code may stand in brackets; elsewhere a bracketed number
    // starts a number of its own.
    ScanExample(
      "+1 (555) 123-4567, +44 (0)20 7946 0958, +49(0)30 1234567, +7 (495) 123-45-67",
      [
        "number:+1 (555) 123-4567", "number:+44 (0)20 7946 0958", "number:+49(0)30 1234567",
        "number:+7 (495) 123-45-67",
      ]),
    // A national number, after its trunk prefix: seven to eleven digits in groups of two or more.
    ScanExample(
      "رقمي 050 123 4567، ۰۹۱۲ ۳۴۵ ۶۷۸۹ و 06 12 34 56 78 و 07700 900123",
      ["number:050 123 4567", "number:۰۹۱۲ ۳۴۵ ۶۷۸۹", "number:06 12 34 56 78", "number:07700 900123"]),
    ScanExample(
      "الصفحات 05 10، اتصل 050 123 4567 3 مرات، 0501234567 30 مرة، 010 1234 5678 90، 01:12 ٩٢٠٦ 050 98-12",
      [
        "number:05", "number:10", "number:050 123 4567", "number:3", "number:0501234567", "number:30",
        "number:010 1234 5678", "number:90", "number:01:12", "number:٩٢٠٦", "number:050", "number:98-12",
      ]),
    ScanExample(
      "+5 (10 نقاط) و +3 (4) و (012) 345 (678) 9",
      ["number:+5", "number:10", "number:+3", "number:4", "number:(012) 345", "number:(678) 9"]),
  ]

  @Test("mentions", arguments: mentions)
  func mention(_ example: ScanExample) { check(example) }

  @Test("mentions with the room's member names", arguments: memberMentions)
  func memberMention(_ example: ScanExample) { check(example) }

  @Test("hashtags", arguments: hashtags)
  func hashtag(_ example: ScanExample) { check(example) }

  @Test("URLs", arguments: urls)
  func url(_ example: ScanExample) { check(example) }

  @Test("e-mail addresses", arguments: emails)
  func email(_ example: ScanExample) { check(example) }

  static let code: [ScanExample] = [
    ScanExample("استخدم `print()` هنا و `config.yaml:`", ["code:`print()`", "code:`config.yaml:`"]),
    // Nothing inside code is another entity; runs of other lengths are part of it.
    ScanExample("הריצו ``git log `--all` @bob`` עכשיו", ["code:``git log `--all` @bob``"]),
    ScanExample("```a``` و `كود`", ["code:```a```", "code:`كود`"]),
    // No closing run in the paragraph, spaces alone, or a control inside: no code.
    ScanExample("it`s @bob", ["mention:@bob"]),
    ScanExample("`a\nb`", []),
    ScanExample("` ` @bob", ["mention:@bob"]),
    ScanExample("`x\u{202E}y`", []),
  ]

  static let terms: [ScanExample] = [
    ScanExample("אני אוהב C++ מאוד", ["term:C++"]),
    ScanExample("כותב ב-C# ו-Disney+ היום", ["term:C#", "term:Disney+"]),
    ScanExample("i like notepad++, g++ and F#.", ["term:notepad++", "term:g++", "term:F#"]),
    ScanExample("«C#» (C++) \"A+\" C++؟", ["term:C#", "term:C++", "term:A+", "term:C++"]),
    // Up to three capitalised words one space before name the term with it; a lowercase one does not.
    ScanExample("أحب Visual C++ و Apple TV+", ["term:Visual C++", "term:Apple TV+"]),
    ScanExample("I like Visual C++", ["term:Visual C++"]),
    ScanExample("The Best Visual Studio C++", ["term:Best Visual Studio C++"]),
    // Read as one left-to-right run already, or not the end of a word: no term.
    ScanExample("a+b و C+++ و C++-based و C#.NET", []),
    ScanExample("x.y+ و 10+ و 2C#", ["number:10"]),
    ScanExample("send#新闻 و room# و today+سأتصل و C++ש", []),
    // A Latin word a dot leads, after white space, a bracket or a quotation mark; not after a word
    // or another sign, nor one that goes on as a path, an address or a word.
    ScanExample(
      "تعلم .NET و .env، (.gitignore) \".tar.gz\" و .pdf.",
      ["term:.NET", "term:.env", "term:.gitignore", "term:.tar.gz", "term:.pdf"]),
    ScanExample("ASP.NET و ...so و .config/nvim و .a_b و .5 و .NETمرحبا و x.y", ["url:ASP.NET", "number:5"]),
    // A command-line option: one or two hyphens that lead a Latin word, with a value after `=`.
    ScanExample(
      "شغل --verbose و -v و --dry-run و --width=80 (--help)",
      ["term:--verbose", "term:-v", "term:--dry-run", "term:--width=80", "term:--help"]),
    ScanExample("العدد -5 و - بند و a-b و --- و -x_y و --ver--bose و -vمرحبا", ["number:-5"]),
    // After another entity, and inside one: a hashtag takes the suffix itself (see the hashtags).
    ScanExample("#C++ و @dan+ و $AB+", ["hashtag:#C++", "mention:@dan", "cashtag:$AB"]),
    // A share class after a hyphen, as quote sites write it; three letters make none.
    ScanExample(
      "$BRK-B $BRK-BBB $A- $AB-1", ["cashtag:$BRK-B", "cashtag:$BRK", "cashtag:$A", "cashtag:$AB", "number:1"]),
    ScanExample("https://x.com/C++ a+b@x.com C++", ["url:https://x.com/C++", "email:a+b@x.com", "term:C++"]),
  ]

  static let commands: [ScanExample] = [
    ScanExample("اكتب /start للبدء", ["command:/start"]),
    ScanExample("/start ابدأ من هنا", ["command:/start"]),
    ScanExample("برای شروع /help@MyBot را بزنید", ["command:/help@MyBot"]),
    ScanExample("השתמשו ב-/play או (/skip_2) «/stop»", ["command:/play", "command:/skip_2", "command:/stop"]),
    ScanExample("then /remind, or /remind. \"/stop\"", ["command:/remind", "command:/remind", "command:/stop"]),
    // A path, a file, a word glued on, or after a letter, digit or sign: no command.
    ScanExample("/usr/bin و /a.txt و /x-y و /startابدأ و /1", ["path:/usr/bin", "number:1"]),
    ScanExample("and/or w/o a+/b 'x'/y", []),
    ScanExample("1/2", ["number:1/2"]),
    ScanExample("https://example.com/start ok", ["url:https://example.com/start"]),
  ]

  static let retweets: [ScanExample] = [
    ScanExample("RT @ahmed_99: أحب iPhone جدا", ["retweet:RT", "mention:@ahmed_99"]),
    ScanExample(
      "rt @a: RT: @b MT @c שלום", ["retweet:rt", "mention:@a", "retweet:RT", "mention:@b", "retweet:MT", "mention:@c"]),
    // Entities, white space, symbols and punctuation may come first; a new line starts anew.
    ScanExample("🔥 #عاجل RT @a x", ["hashtag:#عاجل", "retweet:RT", "mention:@a"]),
    ScanExample("שלום\nRT @a", ["retweet:RT", "mention:@a"]),
    // After a word of any script, inside a word, or before no mention: no marker.
    ScanExample("I RT @a, مرحبا RT @b", ["mention:@a", "mention:@b"]),
    ScanExample("ART @a #RT @b RT. @c RT", ["mention:@a", "hashtag:#RT", "mention:@b", "mention:@c"]),
  ]

  static let paths: [ScanExample] = [
    ScanExample("الملف في /home/user/مستندات/file.txt الآن", ["path:/home/user/مستندات/file.txt"]),
    ScanExample("افتح C:\\Users\\أحمد\\Desktop\\تقرير.docx من فضلك", ["path:C:\\Users\\أحمد\\Desktop\\تقرير.docx"]),
    ScanExample("שמור ב-~/Documents/דוחות/ עכשיו", ["path:~/Documents/דוחות/"]),
    // A prefix that names a directory counts as a name; the sentence's `.` is not the path's.
    ScanExample(
      "شغل ./build.sh ثم ../scripts/run.sh. و /usr/local/../lib",
      [
        "path:./build.sh", "path:../scripts/run.sh", "path:/usr/local/../lib",
      ]),
    // One name (a command, if any), no letter, after a letter, digit or sign, or a drive alone: no
    // path.
    ScanExample(
      "and/or km/h a/b/c 1/2/3 /10/7/2026 C:\\ ب /tmp", ["number:1/2/3", "number:10/7/2026", "command:/tmp"]),
  ]

  static let emoticons: [ScanExample] = [
    ScanExample("ما رأيك؟ :D", ["emoticon::D"]),
    ScanExample(
      "נו באמת :P ;-P :-O :3 :DDD", ["emoticon::P", "emoticon:;-P", "emoticon::-O", "emoticon::3", "emoticon::DDD"]),
    ScanExample("אוהבת אותך <3 ו-</3!", ["emoticon:<3", "emoticon:</3"]),
    ScanExample("מעולה:D، ok", ["emoticon::D"]),
    // Neutrals alone, letters at both ends: read as typed, or mirrored whole. No emoticon.
    ScanExample("סתם :) ו-:-( xD T_T ^_^", []),
    // After or before a letter or digit, or before a number or word: no emoticon.
    ScanExample("x:D :Done C:\\x a=3", ["path:C:\\x", "number:3"]),
    ScanExample("השעה 10:30 :D:D", ["number:10:30"]),
    ScanExample("<3,590 و :3.5", ["number:3,590", "number:3.5"]),
  ]

  static let serviceCodes: [ScanExample] = [
    ScanExample("اطلب *100# لمعرفة رصيدك", ["number:*100#"]),
    ScanExample("کد *140*1# را بگیرید، یا *#06#", ["number:*140*1#", "number:*#06#"]),
    ScanExample("חייגו *2700 או ל*6050, #31# מסתיר", ["number:*2700", "number:*6050", "number:#31#"]),
    // Glued to a digit or a Latin letter, to a word after, or no star and an open end: no code.
    ScanExample("5*3 a*1 *123abc *x", ["number:5", "number:3", "number:1"]),
    ScanExample("הזמנה #12345 ו-#1", ["number:#12345", "number:#1"]),
  ]

  static let quotations: [ScanExample] = [
    ScanExample("قال \"Hello, world!\" أمس", ["quotation:Hello, world!"]),
    ScanExample("He said «مرحبا!» today", ["quotation:مرحبا!"]),
    ScanExample("قال “Hello!” و„Hi!“ أمس", ["quotation:Hello!", "quotation:Hi!"]),
    ScanExample("שמעתי ב\"Hello!\" היום", ["quotation:Hello!"]),
    ScanExample("\"Breaking Bad\" مسلسل رائع", ["quotation:Breaking Bad"]),
    // Single marks, which pair apart from double ones; inside a word they are apostrophes and
    // gereshes, and after one a geresh that abbreviates.
    ScanExample(
      "قال 'Hello, world!' و‘Hi!’ و‹OK?› أمس", ["quotation:Hello, world!", "quotation:Hi!", "quotation:OK?"]),
    ScanExample("I don't know 'שלום!', it's Dana's", ["quotation:שלום!"]),
    ScanExample("قال 'Hello world' و 'it's fine' أمس", ["quotation:Hello world", "quotation:it's fine"]),
    ScanExample("I don't think it's Dana's or the students' book, rock 'n' roll", []),
    ScanExample("\"He said 'שלום!' twice\" ok", ["quotation:שלום!"]),
    ScanExample("עמ' 5 וכו' ג'ירפה ו-rock 'n' roll", ["number:5"]),
    // Nothing of the other direction around it, both directions inside, or an entity inside: none.
    ScanExample("\"مرحبا بكم!\"", []),
    ScanExample("He said \"hi!\" today", []),
    ScanExample("قال \"hello مرحبا!\" أمس", []),
    ScanExample("قال \"@alice is here!\" أمس", ["mention:@alice"]),
    // A mark that no white space or word boundary lets open or close, and a quotation that a
    // paragraph ends, are none: a Hebrew acronym's gershayim, inches, a space inside the marks.
    ScanExample("עולה 50 ש\"ח, אמר ארה\"ב היום", ["number:50"]),
    ScanExample("מסך 5\" ו-7\" היום", ["number:5", "number:7"]),
    ScanExample("قال \" Hello \" أمس", []),
    ScanExample("قال \"Hello\nworld!\" أمس", []),
    ScanExample("قال \"Hello!\"s أمس", []),
  ]

  static let parentheticals: [ScanExample] = [
    ScanExample("درس (etc.) اليوم", ["parenthetical:etc."]),
    ScanExample("قال [Hello!] أمس و(OK?) ثم", ["parenthetical:Hello!", "parenthetical:OK?"]),
    ScanExample("I found (ראה למטה!) ok", ["parenthetical:ראה למטה!"]),
    // A face, an area code, brackets around brackets (the inner ones may be one), a closing bracket
    // alone, one direction all round, both directions inside: none. Nor one with an entity inside,
    // in a listing, which keeps every entity (isolation takes it whole in their place).
    ScanExample("ok :( ما :) ok", []),
    ScanExample("اتصل (555) 123-4567 الآن", ["number:(555) 123-4567"]),
    ScanExample("قال ((Hello!)) و (a [b!]) أمس", ["parenthetical:Hello!"]),
    ScanExample("a) b) c) مرحبا", []),
    ScanExample("I said (hello!) today", []),
    // The entity before it is a neutral once isolated: the text before that decides.
    ScanExample(
      "how شكرا جزيلا www.example.org «الملف» #swift (المكتب)", ["url:www.example.org", "hashtag:#swift"]),
    ScanExample("قال @alice \"Hello!\" أمس", ["mention:@alice", "quotation:Hello!"]),
    // After text of the other direction, an entity after it, whose isolate is a neutral, or text of
    // its own direction; at the start, text of its own direction after it: the last none.
    ScanExample("شاهد (Breaking Bad!) #netflix", ["parenthetical:Breaking Bad!", "hashtag:#netflix"]),
    ScanExample("قال \"Hello!\" said, \"Hi,\" she said", ["quotation:Hello!"]),
    ScanExample("\"Hello!\" @bob مرحبا", ["quotation:Hello!", "mention:@bob"]),
    // A listing, which may have handed on the entities before the last, reads back past the last
    // alone (isolation passes them all, and isolates this one).
    ScanExample("@dana @noa \"Hi!\" שלום", ["mention:@dana", "mention:@noa"]),
    // Text of its own direction right before it: the two show as one run already.
    ScanExample("شكرا Dana Levi (UK!) على الرد، قال said \"Hello!\" أمس", []),
    ScanExample("قال (hello مرحبا!) أمس", []),
    ScanExample("قال (see @alice!) أمس", ["mention:@alice"]),
    ScanExample("قال (Hello\nworld!) أمس", []),
  ]

  static let emphases: [ScanExample] = [
    ScanExample("قال *Hello!* و **OK?** أمس", ["emphasis:Hello!", "emphasis:OK?"]),
    ScanExample("אמר _hi there!_ ו-~~no.~~ היום", ["emphasis:hi there!", "emphasis:no."]),
    ScanExample("He said *שלום!* today", ["emphasis:שלום!"]),
    // A service code, markers inside a word, a product, a marker with space inside, runs of other
    // lengths, text of its own direction next to it: none.
    ScanExample("اطلب *100# و snake_case_name و 5*3 و * a * و *a** ب", ["number:*100#", "number:5", "number:3"]),
    ScanExample("I said *hello!* today", []),
  ]

  @Test("emphasis", arguments: emphases)
  func emphasis(_ example: ScanExample) { check(example) }

  @Test("parentheticals", arguments: parentheticals)
  func parenthetical(_ example: ScanExample) { check(example) }

  @Test("quotations", arguments: quotations)
  func quotation(_ example: ScanExample) { check(example) }

  @Test("numbers", arguments: numbers)
  func number(_ example: ScanExample) { check(example) }

  @Test("inline code", arguments: code)
  func inlineCode(_ example: ScanExample) { check(example) }

  @Test("terms", arguments: terms)
  func term(_ example: ScanExample) { check(example) }

  @Test("commands", arguments: commands)
  func command(_ example: ScanExample) { check(example) }

  @Test("retweet markers", arguments: retweets)
  func retweet(_ example: ScanExample) { check(example) }

  @Test("paths", arguments: paths)
  func path(_ example: ScanExample) { check(example) }

  @Test("emoticons", arguments: emoticons)
  func emoticon(_ example: ScanExample) { check(example) }

  @Test("service codes", arguments: serviceCodes)
  func serviceCode(_ example: ScanExample) { check(example) }

  private func check(_ example: ScanExample, sourceLocation: SourceLocation = #_sourceLocation) {
    let found = EntityScanner(memberNames: example.members).entities(in: example.text)
    #expect(found.map { "\($0.kind):\($0.text)" } == example.expected, sourceLocation: sourceLocation)
  }

  @Test("positions as String.Index, Unicode scalars, UTF-16 and UTF-8")
  func positions() throws {
    let text = "😀 @علي و https://x.com"
    let entities = EntityScanner().entities(in: text)
    try #require(entities.count == 2)
    // 😀 is one scalar, two UTF-16 units and four bytes; each Arabic letter two bytes.
    #expect(entities[0].scalarRange == 2..<6)
    #expect(entities[0].utf16Range == 3..<7)
    #expect(entities[0].utf8Range == 5..<12)
    #expect(text[entities[0].range] == "@علي")
    #expect(entities[1].scalarRange == 9..<22)
    #expect(entities[1].utf16Range == 10..<23)
    #expect(entities[1].utf8Range == 16..<29)
    #expect(text[entities[1].range] == "https://x.com")
  }

  @Test("each entity's own direction is its first strong character")
  func directions() {
    let entities = EntityScanner().entities(in: "@علي @123 #WWDC $9.99 http://مثال.com #خبر")
    #expect(entities.map(\.direction) == [.rightToLeft, nil, .leftToRight, nil, .leftToRight, .rightToLeft])
  }

  /// The isolator inserts controls at entity boundaries, so a control where a host's label stops must
  /// leave the host as it is without the control.
  @Test(
    "a bidi control where a host's label stops changes no entity",
    arguments: [
      "a@b.com|https://x.org/y", "http://a.com|_x/y", "http://a.com|x/y", "http://xn--p1ai|_x/",
      "http://a.com|-x/", "http://a.com| now", "mail x@y.co|il", "http://x.みんな|です",
    ])
  func controlAtLabelEnd(_ template: String) {
    let plain = template.replacingOccurrences(of: "|", with: "")
    for control in ["\u{200E}", "\u{2066}", "\u{2069}"] {
      let marked = template.replacingOccurrences(of: "|", with: control)
      let found = EntityScanner().entities(in: marked).map { "\($0.kind):\(withoutBidiControls(String($0.text)))" }
      #expect(found == EntityScanner().entities(in: plain).map { "\($0.kind):\($0.text)" }, "\(escaped(marked))")
    }
  }

  @Test("kinds can be switched on and off")
  func kinds() {
    let text = "@alice #tag https://x.com a@b.com $5"
    #expect(EntityScanner(kinds: .mentions).entities(in: text).map(\.text) == ["@alice"])
    #expect(EntityScanner(kinds: [.urls, .numbers]).entities(in: text).map(\.text) == ["https://x.com", "$5"])
    #expect(EntityScanner(kinds: .emails).entities(in: text).map(\.text) == ["a@b.com"])
    #expect(EntityScanner(kinds: []).entities(in: text).isEmpty)
    #expect(EntityScanner(kinds: .hashtags).entities(in: text).map(\.kind) == [.hashtag])
  }

  @Test("empty, control-only and bridged-looking input")
  func edges() {
    #expect(EntityScanner().entities(in: "").isEmpty)
    #expect(EntityScanner().entities(in: "\u{2067}\u{2069}\u{202E}").isEmpty)
    let substringBased = String("xx @bob xx".dropFirst(3))
    #expect(EntityScanner().entities(in: substringBased).map(\.scalarRange) == [0..<4])
  }
  /// Text with nothing to find is skipped sixteen bytes at a time, each byte judged with the one
  /// before it; an entity must be found the same wherever the text before it puts those blocks,
  /// including an Arabic digit whose two bytes fall in two blocks, a word whose start is in the block
  /// before its `.` or `@`, and a message whose last block overlaps the one before.
  @Test("entities after right-to-left, CJK and mixed text, at every alignment", arguments: 0..<16)
  func afterRightToLeftText(shift: Int) {
    let lead = String(repeating: "x", count: shift) + " "
    let entities = [
      "john.smith@example.com", "https://example.com/a", "www.example.org", "@alice", "#خبر_عاجل", "٣٤٥",
      "۱۲۳۴", "+1-555-0100", "50%", "2024-01-15", "£50", "(012) 345 6789", "\u{1FBF1}\u{1FBF2}",
    ]
    // Emoji U+1F300–U+1FAFF are passed by their bytes; the character-at-a-time loop must still see
    // `£` (C2 A3), guillemets (which open quotations, none here: the first holds both directions)
    // and the digits U+1FBF0–U+1FBF9 (F0 9F AF B0–B9).
    let fillers = [
      "مرحبا بك يا صديقي ", "שלום לכם חברים ", "今天天气好吗 ", "سلام, hello! (friend) ", "abc123 x9 ", "پیام ی ",
      "", "؟ ", "«كلمة ok» 👍🏽 🎉 ", "«hello», it's (me) & 😀 ", "🙏«", "(",
    ]
    for entity in entities {
      for filler in fillers {
        for tail in [" thanks everyone, bye", "", " شكرا"] {
          let text = lead + filler + entity + tail
          let start = text.utf8.count - (entity + tail).utf8.count
          let found = EntityScanner().entities(in: text)
          #expect(found.map(\.text) == [entity], "\(text)")
          #expect(found.first?.utf8Range == start..<start + entity.utf8.count, "\(text)")
        }
      }
    }
    // Words with digits inside are passed whole, wherever they end.
    #expect(EntityScanner().entities(in: lead + "h264 WWDC2022 x9 abc123 بسعر ٣٤٥ ok").map(\.text) == ["٣٤٥"])
    // ALM before a number, and Arabic punctuation (U+060C, U+061F) that is nothing to find.
    #expect(EntityScanner().entities(in: lead + "الرقم، \u{061C}٣٤٥؟ نعم").map(\.text) == ["٣٤٥"])
  }

  /// English text is skipped sixteen bytes at a time; an entity that starts with a word (an e-mail
  /// address, a URL, `www.`) must still be found from that word's first letter, wherever the text
  /// before it puts the block boundaries.
  @Test("entities after English text, at every alignment", arguments: 0..<16)
  func afterEnglishText(shift: Int) {
    // `shift` letters and a space, so what follows starts at every offset modulo eight.
    let lead = shift == 0 ? "" : String(repeating: "x", count: shift) + " "
    let entities = [
      "john.smith@example.com", "https://example.com/a", "www.example.org", "example.com/x", "@alice", "#WWDC2022",
      "+1-555-0100", "50%",
    ]
    for entity in entities {
      for filler in ["hello there friend ", "abcdefghijklmnopqrstuvwxyz ", "see ", ""] {
        let text = lead + filler + entity + " thanks everyone, bye"
        let start = text.utf8.count - (entity + " thanks everyone, bye").utf8.count
        let found = EntityScanner().entities(in: text)
        #expect(found.map(\.text) == [entity], "\(text)")
        #expect(found.first?.utf8Range == start..<start + entity.utf8.count, "\(text)")
      }
    }
    // A word glued to what comes before stays part of it: no e-mail starts inside "xjohn".
    #expect(
      EntityScanner().entities(in: lead + "abcdefghxjohn.smith@example.com").map(\.text) == [
        "abcdefghxjohn.smith@example.com"
      ])
  }

  /// Positions come from counts kept per sixteen-byte block and the byte form scans sixteen
  /// entities at a time; the Unicode scalars and UTF-16 code units of the string itself judge them,
  /// on lines with many more entities than that, long stretches between them, and four-byte
  /// characters before, between and inside them.
  @Test("positions in long lines with many entities", arguments: [1, 15, 16, 17, 40, 200])
  func positionsInLongLines(count: Int) {
    let fillers = [" ", " 🎉 ", " سلام 中文 ", " " + String(repeating: "ب😀x", count: 30) + " ", " 👨‍👩‍👧 "]
    let entities = ["@bob", "#话题", "+1-555-0100", "https://例子.cn/路径", "a@b.com", "@يوسف", "#tag"]
    var text = ""
    for index in 0..<count {
      text += fillers[index % fillers.count] + entities[index % entities.count]
    }
    text += " end"
    let scalars = Array(text.unicodeScalars)
    let utf16 = Array(text.utf16)
    let found = EntityScanner().entities(in: text)
    #expect(found.count == count)
    for entity in found {
      #expect(String(String.UnicodeScalarView(scalars[entity.scalarRange])) == entity.text)
      #expect(Array(utf16[entity.utf16Range]) == Array(entity.text.utf16))
    }
    var located: [EntityLocation] = []
    EntityScanner().forEachEntity(in: text.utf8Span) { located.append($0) }
    #expect(located.map(\.scalarRange) == found.map(\.scalarRange))
    #expect(located.map(\.utf16Range) == found.map(\.utf16Range))
    #expect(located.map(\.utf8Range) == found.map(\.utf8Range))
  }

  struct StopAfterTwo: Error {}

  /// The byte form hands entities over as the scan finds them; an error from the caller's body ends
  /// the calls and comes back out, while a body that does not throw sees every entity.
  @Test("an error thrown from the byte form's body stops it and is rethrown")
  func forEachEntityRethrows() {
    let bytes = Array("@a #b c@d.com +1-555-0100 @e".utf8)
    guard let text = try? UTF8Span(validating: bytes.span) else {
      Issue.record("the text is well-formed")
      return
    }
    var seen: [EntityKind] = []
    #expect(throws: StopAfterTwo.self) {
      try EntityScanner().forEachEntity(in: text) { (location) throws(StopAfterTwo) in
        seen.append(location.kind)
        if seen.count == 2 { throw StopAfterTwo() }
      }
    }
    #expect(seen == [.mention, .hashtag])
    var all: [EntityKind] = []
    EntityScanner().forEachEntity(in: text) { all.append($0.kind) }
    #expect(all == [.mention, .hashtag, .email, .number, .mention])
  }
}

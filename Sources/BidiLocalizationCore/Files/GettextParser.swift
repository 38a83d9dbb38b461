/// gettext `.po` files, read as `msgfmt` reads them: entries of comments, flags (`#, c-format`),
/// `msgctxt`, `msgid`, `msgid_plural`, and `msgstr` or `msgstr[N]`, each string a quoted C string that
/// may go on over further quoted lines. Obsolete entries (`#~`) are passed over, untouched.
///
/// Each `msgstr` is a value whose source is its msgid (or, for `msgstr[N]` with N > 0, the
/// msgid_plural). Only entries flagged `c-format`, `php-format`, `python-format` or
/// `python-brace-format` hold placeholders, in that syntax. The header entry (`msgid ""`)
/// is not a translation; its `Language:` is the file's declared language.
struct GettextParser {
  private let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  private struct Entry {
    var flags: Set<String> = []
    var context: DecodedText?
    var id: DecodedText?
    var plural: DecodedText?
    /// Each msgstr, with its plural form's number (`msgstr[N]`) if it has one.
    var translations: [(variant: String?, form: Int?, text: DecodedText, start: Int, end: Int)] = []
    /// The field the last quoted line belongs to.
    var current: Field?
  }

  private enum Field { case context, id, plural, translation(Int) }

  /// The charset a file's header declares in `Content-Type: text/plain; charset=…`, read from the
  /// raw bytes, before they are known to be UTF-8 (msgfmt reads the file in that charset): in the
  /// header entry, from its `msgid ""` to the first blank line, so a message that quotes a charset
  /// is never taken for it.
  ///
  /// - Complexity: O(*n*) in the length of the file's first 16 KB.
  static func declaredCharset(in bytes: [UInt8]) -> String? {
    let lines = bytes.prefix(16 * 1024).split(separator: 0x0A, omittingEmptySubsequences: false)
    guard let header = lines.firstIndex(where: { $0.starts(with: #"msgid """#.utf8) }) else { return nil }
    for line in lines[header...] {
      // A blank line ends the entry.
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { break }
      guard let marker = line.firstRange(of: "charset=".utf8) else { continue }
      let name = line[marker.upperBound...].prefix {
        $0 < 0x80
          && (UInt8(ascii: "A")...UInt8(ascii: "Z") ~= $0 & 0xDF || UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0
            || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_"))
      }
      if !name.isEmpty { return String(decoding: name, as: UTF8.self) }
    }
    return nil
  }

  /// The placeholder syntax an entry's flags name, as `xgettext` writes them: `c-format`,
  /// `python-format`, `python-brace-format`, `php-format`, `javascript-format`, `qt-format`,
  /// `qt-plural-format` or `kde-format` (the first of them, when an entry has several), unless
  /// `no-…` says the string is not one; `nil` for an entry with none.
  static func placeholderSyntax(flags: Set<String>) -> PlaceholderSyntax? {
    guard !flags.isEmpty else { return nil }
    return formatFlags.first { flags.contains($0.flag) && !flags.contains($0.negated) }?.syntax
  }

  /// Each syntax's flag and the flag that says a string is not in it, in the order they are tried.
  private static let formatFlags: [(flag: String, negated: String, syntax: PlaceholderSyntax)] = {
    let named: [(String, PlaceholderSyntax)] = [
      ("c-format", .c), ("python-format", .python), ("python-brace-format", .pythonBrace), ("php-format", .php),
      ("javascript-format", .javascript), ("qt-format", .qt), ("qt-plural-format", .qtPlural), ("kde-format", .kde),
    ]
    return named.map { ($0.0, "no-" + $0.0, $0.1) }
  }()

  /// Whether `charset` names UTF-8, or is the template's placeholder `CHARSET`, which msgfmt reads
  /// as ASCII and which translators' tools replace with UTF-8.
  static func isUTF8(_ charset: String) -> Bool {
    ["utf-8", "utf8", "charset"].contains(charset.lowercased())
  }

  func parse() throws(ParseError) -> (values: [LocalizedValue], language: String?) {
    var values: [LocalizedValue] = []
    var language: String?
    var pluralForms: PluralForms?
    var entry = Entry()
    func finish() {
      defer { entry = Entry() }
      guard let id = entry.id else { return }
      if id.isEmpty && entry.context == nil {
        // The header: `Language: xx` in its msgstr.
        let header = entry.translations.first?.text.string ?? ""
        for line in header.split(separator: "\n") {
          if line.hasPrefix("Language:") {
            let value = line.dropFirst("Language:".count).trimmingSpaces
            if !value.isEmpty { language = value }
          } else if line.hasPrefix("Plural-Forms:") {
            pluralForms = PluralForms(header: line.dropFirst("Plural-Forms:".count))
          }
        }
        return
      }
      let key = (entry.context.map { $0.string + "\u{4}" } ?? "") + id.string
      let syntax = Self.placeholderSyntax(flags: entry.flags)
      for (index, translation) in entry.translations.enumerated() {
        // As msgfmt -c: every form of a plural entry against msgid_plural; each must give every
        // argument when it is the only form, or when it serves many numbers.
        let keepsEveryArgument =
          entry.plural != nil
          && (entry.translations.count == 1 || pluralForms?.isOften(form: translation.form ?? index) == true)
        values.append(
          LocalizedValue(
            key: key, variant: translation.variant, decoded: translation.text,
            source: entry.plural?.string ?? id.string,
            placeholderSyntax: syntax, start: translation.start, end: translation.end,
            keepsEveryArgument: keepsEveryArgument))
      }
    }

    var lineStart = 0
    while lineStart < bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      var first = lineStart
      while first < lineEnd && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
      let line = bytes[first..<lineEnd]
      if line.isEmpty || line.elementsEqual([0x0D]) { continue }
      if line.first == UInt8(ascii: "#") {
        if entry.current != nil, entry.translations.count > 0 { finish() }
        if line.starts(with: Array("#,".utf8)) {
          let flags = String(decoding: line.dropFirst(2), as: UTF8.self).split(separator: ",")
          for flag in flags { entry.flags.insert(flag.trimmingSpaces) }
        }
        continue
      }
      if line.first == UInt8(ascii: "\"") {
        guard let field = entry.current else {
          throw ParseError(offset: first, message: "a string with no keyword before it")
        }
        let (text, start, end) = try Self.string(bytes, from: first, lineEnd: lineEnd)
        switch field {
        case .context: entry.context?.append(text)
        case .id: entry.id?.append(text)
        case .plural: entry.plural?.append(text)
        case .translation(let index):
          entry.translations[index].text.append(text)
          entry.translations[index].end = end
          if entry.translations[index].text.utf8.count == text.utf8.count { entry.translations[index].start = start }
        }
        continue
      }
      let keyword = String(
        decoding: line.prefix { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: "\"") }, as: UTF8.self)
      let afterKeyword = first + keyword.utf8.count
      var quote = afterKeyword
      while quote < lineEnd && (bytes[quote] == 0x20 || bytes[quote] == 0x09) { quote += 1 }
      guard quote < lineEnd, bytes[quote] == UInt8(ascii: "\"") else {
        throw ParseError(
          offset: first, message: "expected a keyword and a quoted string, found \(keyword.debugDescription)")
      }
      let (text, start, end) = try Self.string(bytes, from: quote, lineEnd: lineEnd)
      switch keyword {
      case "msgctxt":
        if entry.id != nil { finish() }
        entry.context = text
        entry.current = .context
      case "msgid":
        if entry.id != nil { finish() }
        entry.id = text
        entry.current = .id
      case "msgid_plural":
        guard entry.id != nil else { throw ParseError(offset: first, message: "msgid_plural before msgid") }
        entry.plural = text
        entry.current = .plural
      default:
        guard entry.id != nil, keyword.hasPrefix("msgstr") else {
          throw ParseError(offset: first, message: "unknown keyword \(keyword.debugDescription)")
        }
        let form: Int?
        if keyword == "msgstr" {
          form = nil
        } else if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
          let number = Int(keyword.dropFirst(7).dropLast())
        {
          form = number
        } else {
          throw ParseError(offset: first, message: "unknown keyword \(keyword.debugDescription)")
        }
        entry.translations.append((form == nil ? nil : keyword, form, text, start, end))
        entry.current = .translation(entry.translations.count - 1)
      }
    }
    finish()
    return (values, language)
  }

  /// The quoted C string from `quote` on the line, decoded, with its content's raw start and end.
  private static let simpleEscapes: [UInt8: UInt32] = [
    UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "a"): 0x07,
    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "v"): 0x0B, UInt8(ascii: "\""): 0x22,
    UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "'"): 0x27, UInt8(ascii: "?"): 0x3F,
  ]

  private static func string(
    _ bytes: [UInt8], from quote: Int, lineEnd: Int
  ) throws(ParseError) -> (DecodedText, Int, Int) {
    var text = DecodedText()
    var offset = quote + 1
    while true {
      guard offset < lineEnd else { throw ParseError(offset: quote, message: "string never closed on its line") }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        // Only space may follow the closing quote.
        var rest = offset + 1
        while rest < lineEnd && (bytes[rest] == 0x20 || bytes[rest] == 0x09 || bytes[rest] == 0x0D) { rest += 1 }
        guard rest == lineEnd else { throw ParseError(offset: rest, message: "text after the closing quote") }
        return (text, quote + 1, offset)
      }
      let start = offset
      guard byte == UInt8(ascii: "\\") else {
        while offset < lineEnd, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
        text.append(verbatim: start..<offset, of: bytes)
        continue
      }
      offset += 1
      guard offset < lineEnd else { throw ParseError(offset: quote, message: "string never closed on its line") }
      let escaped = bytes[offset]
      offset += 1
      var value: UInt32
      if let known = simpleEscapes[escaped] {
        value = known
      } else if escaped >= UInt8(ascii: "0") && escaped <= UInt8(ascii: "7") {
        value = UInt32(escaped - UInt8(ascii: "0"))
        for _ in 0..<2
        where offset < lineEnd && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "7") {
          value = value << 3 | UInt32(bytes[offset] - UInt8(ascii: "0"))
          offset += 1
        }
      } else if escaped == UInt8(ascii: "x") {
        value = 0
        let digitsStart = offset
        while offset < lineEnd, let digit = UInt32(String(Unicode.Scalar(bytes[offset])), radix: 16) {
          value = value << 4 | digit
          offset += 1
        }
        guard offset > digitsStart else { throw ParseError(offset: start, message: "\\x needs hexadecimal digits") }
      } else {
        throw ParseError(offset: start, message: "unknown escape \\\(Unicode.Scalar(escaped))")
      }
      text.append(Unicode.Scalar(value) ?? "\u{FFFD}", raw: start..<offset)
    }
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
  }
}

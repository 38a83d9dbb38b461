import BidiLocalization
import BidiTestSupport
import Foundation
import Testing

/// `LocalizationLocale.isRightToLeft`: CLDR's answer, read from tables generated from CLDR's files
/// (Scripts/gen-locale-direction), judged against ICU's own `uloc_isRightToLeft`
/// (`Tests/Fixtures/icu/locale-direction.c`, Debian's ICU and its copy of CLDR): the locale's script,
/// or else its likely script, the rule Android's layout direction follows. Foundation's
/// `characterDirection` is not the judge: it reads the layout of ICU's locale data, so a language
/// ICU has no data for (Algerian Arabic, `arq`) or a locale naming a script (`en-Arab`) is left to
/// right to it.
@Suite("Which locales are right to left")
struct LocaleDirectionTests {
  /// ISO 15924's variant forms of scripts, and the script each is a form of: Nastaliq (how Urdu is
  /// printed) and three forms of Syriac. ICU 72's script table leaves them left to right; a locale
  /// naming one is asked of ICU with the script it is a form of.
  static let variantScripts = ["aran": "Arab", "syre": "Syrc", "syrj": "Syrc", "syrn": "Syrc"]

  /// `identifier` with a variant script replaced by the script it is a form of, or `nil`.
  static func withBaseScript(_ identifier: String) -> String? {
    let separator: Character = identifier.contains("-") ? "-" : "_"
    var subtags = identifier.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    guard subtags.count > 1, let base = variantScripts[subtags[1].lowercased()] else { return nil }
    subtags[1] = base
    return subtags.joined(separator: String(separator))
  }

  /// Every identifier, and where ICU and this package disagree; prints how many of `what` were
  /// compared.
  static func disagreements(_ identifiers: [String], _ what: String) throws -> [String] {
    let asked = identifiers.map { withBaseScript($0) ?? $0 }
    let icu = try ICULocaleDirection.rightToLeft(asked)
    let variants = zip(identifiers, asked).filter { $0 != $1 }.count
    let wrong = zip(identifiers, icu).compactMap { identifier, expected in
      LocalizationLocale.isRightToLeft(identifier) == expected ? nil : "\(identifier) (ICU: \(expected))"
    }
    let asBase = variants == 0 ? "" : " (\(variants) naming a variant script, asked with its base script)"
    print(
      "locale direction vs ICU's uloc_isRightToLeft, \(what): \(identifiers.count) compared\(asBase), \(wrong.count) differ"
    )
    return wrong
  }

  @Test("Agrees with ICU on every locale Foundation lists, in ICU's and in BCP 47's spelling", .requires(.icu))
  func availableLocales() throws {
    let identifiers = Locale.availableIdentifiers
    // ICU lists about 800: fewer would mean the list is not what this test believes it is.
    #expect(identifiers.count > 500)
    let spellings = identifiers + identifiers.map { $0.replacingOccurrences(of: "_", with: "-") }
    let wrong = try Self.disagreements(spellings, "Foundation's locales")
    #expect(wrong.isEmpty, "\(wrong.count) disagree: \(wrong.prefix(20))")
    #expect(identifiers.filter { LocalizationLocale.isRightToLeft($0) }.count > 20)
  }

  @Test("A locale in Nastaliq is right to left, as Apple's Foundation says of its own")
  func nastaliqAsFoundationSays() {
    let nastaliq = Locale.availableIdentifiers.filter { $0.contains("_Aran") }
    #expect(!nastaliq.isEmpty)
    for identifier in nastaliq {
      #expect(Locale.Language(identifier: identifier).characterDirection == .rightToLeft)
      #expect(LocalizationLocale.isRightToLeft(identifier), "\(identifier)")
    }
  }

  @Test("Agrees with ICU on every ISO 639 language, alone and in every region", .requires(.icu))
  func languagesInRegions() throws {
    let languages = Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
    let regions = Locale.Region.isoRegions.map(\.identifier)
    #expect(languages.count > 150 && regions.count > 200)
    let identifiers = languages + languages.flatMap { language in regions.map { language + "_" + $0 } }
    let wrong = try Self.disagreements(identifiers, "ISO 639 languages in every region")
    #expect(wrong.isEmpty, "\(wrong.count) disagree: \(wrong.prefix(20))")
  }

  @Test("A script the locale names decides, in any case, for every script Unicode encodes", .requires(.icu))
  func explicitScripts() throws {
    // Unicode's script codes.
    let aliases = try unicodeDataFile("PropertyValueAliases.txt")
    let scripts = aliases.split(separator: "\n").compactMap { line -> String? in
      let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      return fields.count >= 3 && fields[0] == "sc" && fields[1].count == 4 ? fields[1] : nil
    }
    #expect(scripts.count > 150)
    let identifiers = (scripts + ["Aran", "Syre", "Syrj", "Syrn"]).flatMap {
      ["und-\($0)", "en-\($0)", "ar-\($0)-EG", "fa_\($0.uppercased())"]
    }
    let wrong = try Self.disagreements(identifiers, "scripts named")
    #expect(wrong.isEmpty, "\(wrong.count) disagree: \(wrong.prefix(20))")
  }

  @Test("Reads a tag by position: extensions, variants, case and an empty language as ICU reads them", .requires(.icu))
  func tagShapes() throws {
    let languages = ["ar", "en", "fa", "he", "pa", "sd", "ur", "uz", "az", "ku", "AR", "und", ""]
    let regions = ["EG", "PK", "IN", "AF", "IR", "US", "001"]
    var identifiers: [String] = []
    for language in languages {
      identifiers += [
        "\(language)-u-nu-latn", "\(language)-u-nu-arab", "\(language)-x-arab", "\(language)-x-latn", "-\(language)",
      ]
      for region in regions {
        identifiers += [
          "\(language)_\(region)_ABCD", "\(language)-\(region)-u-ca-islamic", "\(language)-Arab-\(region)-x-y",
          "\(language)-Latn-\(region)", "\(language)-\(region.lowercased())", "_\(region)", "-\(region)",
        ]
      }
    }
    let wrong = try Self.disagreements(identifiers, "tags with extensions, variants and odd case")
    #expect(wrong.isEmpty, "\(wrong.count) disagree: \(wrong.prefix(20))")
  }

  /// gettext and glibc name locales `language_TERRITORY.codeset@modifier`, and the modifier may
  /// name the script (glibc's `sd_IN@devanagari`, `sr_RS@latin`); ICU reads the modifier as a
  /// keyword and ignores it. Old codes that Android still writes in folder names: `iw`, `ji`.
  /// Deprecated and overlong codes go by what CLDR replaces them with (`prs`, Dari, is `fa_AF`;
  /// `arb` is `ar`), which ICU 72's `uloc_isRightToLeft` does not do: it calls them left to right.
  @Test(
    "gettext's codesets and script modifiers, and Android's old codes",
    arguments: [
      ("ar_EG.UTF-8", true), ("fa_IR.utf8@persian", true), ("sd_IN@devanagari", false), ("sd_IN", false),
      ("sd_PK", true), ("ks_IN@devanagari", false), ("ks_IN", true), ("sr_RS@latin", false),
      ("uz_UZ@cyrillic", false), ("pa_PK", true), ("pa_IN", false), ("iw", true), ("iw_IL", true),
      ("ji", true), ("he_IL", true), ("ckb", true), ("ku", false), ("prs", true), ("arb", true), ("per", true),
      ("pes", true), ("ydd", true), ("urd", true), ("pnb", true), ("", false),
    ])
  func gettextAndAndroid(identifier: String, expected: Bool) {
    #expect(LocalizationLocale.isRightToLeft(identifier) == expected)
  }

  @Test("A locale given as right to left is, whatever CLDR says")
  func additional() {
    #expect(!LocalizationLocale.isRightToLeft("xyz"))
    #expect(LocalizationLocale.isRightToLeft("xyz_EG", additional: ["xyz"]))
    #expect(LocalizationLocale.isRightToLeft("en-XA", additional: ["en-XA"]))
  }
}

/// The ICU program of `Tests/Fixtures/icu/locale-direction.c`, built once for every test here.
enum ICULocaleDirection {
  private static let program = Result { try ICUProgram(fixture: "locale-direction.c") }

  static func rightToLeft(_ identifiers: [String]) throws -> [Bool] {
    let answers = try program.get().run([], lines: identifiers).map { $0 == "1" }
    guard answers.count == identifiers.count else {
      throw CocoaError(
        .executableLoad,
        userInfo: [NSLocalizedDescriptionKey: "locale-direction answered \(answers.count) of \(identifiers.count)"])
    }
    return answers
  }
}

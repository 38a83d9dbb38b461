/// Which language a translation file holds, and which languages are written right to left.
public enum LocalizationLocale {
  /// The locale a file's path names, the way each platform finds it: `ar.lproj/Localizable.strings`
  /// → `ar`; `res/values-ar-rEG/strings.xml` → `ar-EG`; `res/values-b+sr+Latn/strings.xml` →
  /// `sr-Latn`; `po/fa_IR.po` → `fa_IR`; `fa/LC_MESSAGES/app.po` → `fa`. `nil` for a path that
  /// names none (`Localizable.strings` alone, Android's default `values/`).
  ///
  /// ```swift
  /// LocalizationLocale.locale(ofPath: "Resources/he.lproj/Main.strings")   // "he"
  /// LocalizationLocale.locale(ofPath: "res/values-iw/strings.xml")         // "iw"
  /// ```
  public static func locale(ofPath path: String) -> String? {
    let components = path.split(separator: "/").map(String.init)
    for component in components.reversed() {
      if component.hasSuffix(".lproj") {
        let name = String(component.dropLast(".lproj".count))
        return name == "Base" ? nil : name
      }
      if component == "values" { return nil }
      if component.hasPrefix("values-") { return androidLocale(String(component.dropFirst("values-".count))) }
    }
    guard let name = components.last else { return nil }
    if name.hasSuffix(".po") {
      let stem = String(name.dropLast(3))
      if looksLikeLocale(stem) { return stem }
      // `LANG/LC_MESSAGES/domain.po`.
      if components.count >= 3, components[components.count - 2] == "LC_MESSAGES" {
        return components[components.count - 3]
      }
    }
    return nil
  }

  /// The language of an Android resource qualifier list: `ar`, `ar-rEG`, `b+ar+EG`, among other
  /// qualifiers such as `land` or `v21`.
  private static func androidLocale(_ qualifiers: String) -> String? {
    if qualifiers.hasPrefix("b+") {
      let parts = qualifiers.dropFirst(2).split(separator: "-").first?.split(separator: "+") ?? []
      return parts.isEmpty ? nil : parts.joined(separator: "-")
    }
    let parts = qualifiers.split(separator: "-")
    guard let language = parts.first, language.count == 2 || language.count == 3,
      language.allSatisfy({ $0.isLowercase && $0.isLetter })
    else { return nil }
    if parts.count > 1, parts[1].hasPrefix("r"), parts[1].count == 3 { return "\(language)-\(parts[1].dropFirst())" }
    return String(language)
  }

  private static func looksLikeLocale(_ name: String) -> Bool {
    let language = name.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" }).first ?? ""
    return (2...3).contains(language.count) && language.allSatisfy { $0.isASCII && $0.isLetter }
  }

  /// Whether `identifier`'s language is written right to left, by Unicode CLDR's data as ICU reads
  /// it (the script the locale names, or else its language's likely script in its region), or
  /// because it is among `additional` (a gap in that data).
  ///
  /// BCP 47 tags (`pa-Arab`, `ar-EG`), ICU and Android identifiers (`fa_IR`, `iw`) and gettext's
  /// (`sd_IN@devanagari`, `ar_EG.UTF-8`) are understood. A language CLDR does not know is left to
  /// right.
  ///
  /// ```swift
  /// LocalizationLocale.isRightToLeft("fa_IR")                        // true
  /// LocalizationLocale.isRightToLeft("pa-PK")                        // true: Punjabi in Shahmukhi
  /// LocalizationLocale.isRightToLeft("sd_IN@devanagari")             // false
  /// LocalizationLocale.isRightToLeft("xyz", additional: ["xyz"])     // true
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `identifier`.
  public static func isRightToLeft(_ identifier: String, additional: Set<String> = []) -> Bool {
    let normalized = String(identifier.map { $0 == "_" ? "-" : $0 })
    if additional.contains(identifier) || additional.contains(normalized)
      || additional.contains(String(normalized.split(separator: "-").first ?? ""))
    {
      return true
    }
    // gettext's `language_TERRITORY.codeset@modifier`: the modifier may name a script.
    let (tag, modifier) = splitModifier(normalized)
    // By position, as BCP 47 and ICU read a tag: the language (empty is undetermined), then a
    // script, then a region, each optional; variants and `-u-` or `-x-` extensions after them do
    // not change the direction.
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
    let language = subtags[0].isEmpty ? "und" : subtags[0].lowercased()
    var next = 1
    var script: String? = nil
    if next < subtags.count, isASCII(subtags[next], letters: 4) {
      script = String(subtags[next])
      next += 1
    }
    if script == nil, let modifier { script = modifierScripts[modifier] }
    if let script { return rightToLeftScripts.contains(titlecased(script)) }
    let canonical = languageAliases[language] ?? language
    if next < subtags.count, isASCII(subtags[next], letters: 2) || isASCII(subtags[next], digits: 3),
      let direction = regionalDirections[canonical + "_" + subtags[next].uppercased()]
    {
      return direction
    }
    return rightToLeftLanguages.contains(canonical)
  }

  private static func isASCII(_ subtag: Substring, letters count: Int) -> Bool {
    subtag.utf8.count == count
      && subtag.utf8.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
  }

  private static func isASCII(_ subtag: Substring, digits count: Int) -> Bool {
    subtag.utf8.count == count && subtag.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// The tag before gettext's `.codeset` and `@modifier`, and the modifier.
  private static func splitModifier(_ identifier: String) -> (tag: Substring, modifier: String?) {
    let parts = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    let tag = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return (tag, parts.count > 1 ? parts[1].lowercased() : nil)
  }

  /// The script each of glibc's locale modifiers names.
  private static let modifierScripts = [
    "latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "iqtelif": "Latn", "arabic": "Arab",
  ]

  private static func titlecased(_ script: String) -> String {
    script.prefix(1).uppercased() + script.dropFirst().lowercased()
  }
}

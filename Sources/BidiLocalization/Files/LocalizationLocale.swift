import Foundation

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

  /// Whether `identifier`'s language is written right to left, by the locale data of Foundation
  /// (CLDR), or because it is among `additional` (a gap in that data, such as `arz`).
  ///
  /// ```swift
  /// LocalizationLocale.isRightToLeft("fa_IR")                        // true
  /// LocalizationLocale.isRightToLeft("arz", additional: ["arz"])     // true
  /// ```
  public static func isRightToLeft(_ identifier: String, additional: Set<String> = []) -> Bool {
    let normalized = identifier.replacingOccurrences(of: "_", with: "-")
    if additional.contains(identifier) || additional.contains(normalized)
      || additional.contains(String(normalized.split(separator: "-").first ?? ""))
    {
      return true
    }
    return Locale.Language(identifier: normalized).characterDirection == .rightToLeft
  }
}

@_spi(BidiCore) import BidiCore
import BidiIsolator

/// A placeholder of the source that a translation has only broken by right-to-left editing.
///
/// In an editor that lays a line out right to left, a translator who types or moves `%@` next to
/// Arabic or Hebrew text can store `@%`; `%1$d` becomes `d$1%`, and a space or a bidi control
/// ends up inside `%1$s`. The rule, for each placeholder the source has and the translation does
/// not have intact:
/// - its characters in reverse order (`@%`, `d$1%`; a number of several digits either reversed or
///   as written, `d$21%` or `d$12%`), or in order with spaces (Unicode's space separators) or bidi
///   formatting characters (the explicit controls, LRM, RLM, ALM) between them (`%1$ s`,
///   `%\u{200F}@`); either form may hold such characters between any two of its own;
/// - standing on its own: no Latin letter or digit, and no `%` (for a `str.format` field, no
///   brace), right before or after it (so `Android%`, `user@%x`, `50%d…` and the `}\u{200F}{`
///   of `}}\u{200F}{{` are not placeholders turned around), and, written in order, not after a number
///   (`100 % d…` is a percent sign);
/// - not overlapping a placeholder the translation has intact, or a `%%`.
///
/// A broken placeholder can be restored when the source leaves one reading: it stands for one
/// placeholder of the source only, no more places in the translation look like that placeholder
/// than the translation lacks, and none of its signs (`%`, `@`, `$`) could be one the source
/// writes as text (a `%%`, or an `@` or `$` outside its placeholders), and taking out the bidi
/// controls inside it leaves the others paired as they were (a PDI inside it that closes an FSI
/// before it stays).
struct BrokenPlaceholder: Equatable {
  /// Where it is in the translation's text.
  let range: Range<String.Index>
  /// The source's placeholder it stands for, as written there.
  let intact: String
  /// Whether its characters are in reverse order; otherwise they are in order, split.
  let isReversed: Bool
  /// The spaces and bidi controls inside it.
  let inserted: [Unicode.Scalar]
  /// Whether `strings fix` may write ``intact`` in its place.
  var isRestorable: Bool

  /// What the finding says.
  func message(in text: String) -> String {
    let written = String(text.unicodeScalars[range])
    let shown = written.unicodeScalars.contains(where: Self.isInserted) ? written.debugDescription : written
    var how = isReversed ? "turned around" : "split"
    if !inserted.isEmpty {
      let names = Set(inserted.map(Self.name)).sorted()
      how += (isReversed ? ", with " : " by ") + names.joined(separator: " and ") + " inside"
    }
    let fix = isRestorable ? "fix: \(intact)" : "not fixed automatically: the text could be read otherwise"
    return
      "\(shown) is the source's \(intact) \(how), as right-to-left editing leaves it: at run time the argument goes missing or the app crashes (\(fix))"
  }

  private static func name(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x20: "a space"
    case 0x200E: "LRM (U+200E)"
    case 0x200F: "RLM (U+200F)"
    case 0x061C: "ALM (U+061C)"
    case 0x202A: "LRE (U+202A)"
    case 0x202B: "RLE (U+202B)"
    case 0x202C: "PDF (U+202C)"
    case 0x202D: "LRO (U+202D)"
    case 0x202E: "RLO (U+202E)"
    case 0x2066: "LRI (U+2066)"
    case 0x2067: "RLI (U+2067)"
    case 0x2068: "FSI (U+2068)"
    case 0x2069: "PDI (U+2069)"
    default: "a space (U+\(ValueCheck.hex(scalar.value)))"
    }
  }

  /// The characters right-to-left editing leaves inside a placeholder: spaces and bidi formatting
  /// characters.
  static func isInserted(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
    default: scalar.properties.generalCategory == .spaceSeparator
    }
  }

  /// The broken placeholders of a translation.
  ///
  /// - Parameters:
  ///   - text: the translation.
  ///   - placeholders: the translation's placeholders, as its syntax reads them.
  ///   - source: the source's placeholders, found in `sourceText`.
  /// - Complexity: O(*n* · *p*) for a translation of *n* scalars and *p* placeholders the
  ///   translation lacks.
  static func find(
    in text: String, placeholders: [FormatPlaceholder], source: [FormatPlaceholder], sourceText: String
  ) -> [BrokenPlaceholder] {
    // The source's placeholders the translation does not have intact, by text, and how many.
    var wanted: [String: Int] = [:]
    for placeholder in source where placeholder.takesArgument && placeholder.kind != .variable {
      wanted[placeholder.text, default: 0] += 1
    }
    var extra: [FormatPlaceholder] = []
    for placeholder in placeholders where placeholder.takesArgument || placeholder.kind == .percent {
      if let count = wanted[placeholder.text], count > 0 {
        wanted[placeholder.text] = count - 1
      } else {
        extra.append(placeholder)
      }
    }
    wanted = wanted.filter { $0.value > 0 }
    guard !wanted.isEmpty else { return [] }

    let scalars = Array(text.unicodeScalars)
    let indices = Array(text.unicodeScalars.indices) + [text.endIndex]
    func offset(_ index: String.Index) -> Int { text.unicodeScalars.distance(from: text.startIndex, to: index) }
    // Where the translation's own placeholders are: a broken one may not overlap them, but for an
    // extra one it is (`%1$ s`, which printf reads with a space flag).
    let intact = placeholders.filter { $0.takesArgument || $0.kind == .percent }.map {
      offset($0.range.lowerBound)..<offset($0.range.upperBound)
    }
    let extraRanges = Set(extra.map { offset($0.range.lowerBound)..<offset($0.range.upperBound) })

    var matches: [(range: Range<Int>, intact: String, reversed: Bool)] = []
    for (placeholder, _) in wanted.sorted(by: { $0.key < $1.key }) {
      for (pattern, reversed) in patterns(of: placeholder) {
        for start in scalars.indices {
          guard let end = match(pattern, in: scalars, at: start) else { continue }
          let range = start..<end
          let hasInserted = scalars[range].contains(where: isInserted)
          guard reversed || hasInserted, standsAlone(range, in: scalars, braces: placeholder.hasPrefix("{")),
            reversed || !followsNumber(start, in: scalars),
            extraRanges.contains(range) || !intact.contains(where: { $0.overlaps(range) })
          else { continue }
          if !matches.contains(where: { $0.range == range && $0.intact == placeholder }) {
            matches.append((range, placeholder, reversed))
          }
        }
      }
    }
    // A match inside a longer one is part of it.
    let found = matches
    matches.removeAll { match in
      found.contains {
        $0.range != match.range && $0.range.contains(match.range.lowerBound)
          && $0.range.upperBound >= match.range.upperBound
      }
    }

    // Restoring takes out the controls inside a match, which must leave the others paired as they
    // were: each is one that pairs with nothing, or they pair among themselves.
    func isExplicit(_ scalar: Unicode.Scalar) -> Bool {
      (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
    let unpaired: Set<Int> =
      matches.contains { scalars[$0.range].contains(where: isExplicit) }
      ? Set(
        BidiControlAudit(text).issues.filter { $0.kind == .unmatchedTerminator || $0.kind == .unclosedInitiator }
          .map(\.scalarOffset)) : []
    func keepsPairing(_ range: Range<Int>) -> Bool {
      var open = 0
      var balanced = true
      for offset in range where isExplicit(scalars[offset]) && !unpaired.contains(offset) {
        switch scalars[offset].value {
        case 0x202C, 0x2069:
          if open == 0 { balanced = false } else { open -= 1 }
        default: open += 1
        }
      }
      return balanced && open == 0
    }
    let literalSigns = literalSigns(of: sourceText, placeholders: source)
    let translationPercents = placeholders.filter { $0.kind == .percent }.count
    return matches.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { match in
      let places = Set(matches.filter { $0.intact == match.intact }.map(\.range)).count
      // Characters two matches share, neither holding the other (`@%\u{200F}@`: `@%` turned around,
      // or `%\u{200F}@` split), are read two ways too.
      let readings = matches.filter { $0.range == match.range || $0.range.overlaps(match.range) }.count
      let signs = scalars[match.range].filter { "%@$".unicodeScalars.contains($0) }
      let couldBeText =
        signs.contains { literalSigns.contains($0) && $0 != "%" }
        || (signs.contains("%") && literalSigns.filter { $0 == "%" }.count > translationPercents)
      return BrokenPlaceholder(
        range: indices[match.range.lowerBound]..<indices[match.range.upperBound], intact: match.intact,
        isReversed: match.reversed, inserted: scalars[match.range].filter(isInserted),
        isRestorable: readings == 1 && places <= wanted[match.intact, default: 0] && !couldBeText
          && keepsPairing(match.range))
    }
  }

  /// The forms of `placeholder` to look for, each with whether it is reversed: as written (found
  /// only with something inserted), reversed, and reversed with its number as written.
  private static func patterns(of placeholder: String) -> [([Unicode.Scalar], Bool)] {
    let forward = Array(placeholder.unicodeScalars)
    var forms = [(forward, false), (Array(forward.reversed()), true)]
    // `%12$d` turned around as `d$12%`: the digits' run keeps its order.
    var runs: [[Unicode.Scalar]] = []
    for scalar in forward {
      if let last = runs.last?.last, last.properties.numericType != nil, scalar.properties.numericType != nil {
        runs[runs.count - 1].append(scalar)
      } else {
        runs.append([scalar])
      }
    }
    let keepingNumbers = Array(runs.reversed().joined())
    if keepingNumbers != forms[1].0 { forms.append((keepingNumbers, true)) }
    return forms
  }

  /// The end of `pattern` matched at `start`, with inserted characters allowed between two of its
  /// characters.
  private static func match(_ pattern: [Unicode.Scalar], in scalars: [Unicode.Scalar], at start: Int) -> Int? {
    var position = start
    for (index, expected) in pattern.enumerated() {
      if index > 0 {
        while position < scalars.count && isInserted(scalars[position]) && scalars[position] != expected {
          position += 1
        }
      }
      guard position < scalars.count, scalars[position] == expected else { return nil }
      position += 1
    }
    return position
  }

  /// Whether nothing right before or after `range` joins it: a Latin letter or digit, or a `%`.
  private static func standsAlone(_ range: Range<Int>, in scalars: [Unicode.Scalar], braces: Bool) -> Bool {
    func joins(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "%" || (braces && (scalar == "{" || scalar == "}"))
        || (scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil))
    }
    // Through the bidi controls next to it (an isolate a fix put around a neighbour), so that
    // fixing again reads it as the first fix did.
    var before = range.lowerBound - 1
    while before >= 0 && BidiControl(value: scalars[before].value) != nil { before -= 1 }
    var after = range.upperBound
    while after < scalars.count && BidiControl(value: scalars[after].value) != nil { after += 1 }
    if before >= 0 && joins(scalars[before]) { return false }
    if after < scalars.count && joins(scalars[after]) { return false }
    return true
  }

  /// Whether a number comes right before `offset`, or before the spaces and bidi controls there
  /// (an isolate `fix` put around it): a `%` after it is a percent sign, as in `100 %`.
  private static func followsNumber(_ offset: Int, in scalars: [Unicode.Scalar]) -> Bool {
    var before = offset - 1
    while before >= 0 && isInserted(scalars[before]) { before -= 1 }
    return before >= 0 && scalars[before].properties.numericType != nil
  }

  /// The signs `%`, `@` and `$` the source writes as text: each `%%` as one `%`, and the others
  /// outside its placeholders.
  private static func literalSigns(of text: String, placeholders: [FormatPlaceholder]) -> [Unicode.Scalar] {
    var signs: [Unicode.Scalar] = placeholders.filter { $0.kind == .percent }.map { _ in "%" }
    var index = text.startIndex
    for placeholder in placeholders {
      signs += text.unicodeScalars[index..<placeholder.range.lowerBound].filter { $0 == "@" || $0 == "$" }
      index = placeholder.range.upperBound
    }
    signs += text.unicodeScalars[index...].filter { $0 == "@" || $0 == "$" }
    return signs
  }
}

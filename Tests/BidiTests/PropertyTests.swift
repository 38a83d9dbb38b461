import Bidi
import BidiTestSupport
import Foundation
import Testing

/// Random text for the engine, drawn mostly from what makes the algorithm work hard: explicit
/// controls, brackets, digits of three kinds with their separators, combining marks, letters of
/// four scripts (lam and alef side by side, for ligatures), white space, boundary neutrals and
/// paragraph separators.
enum BidiStringGenerator {
  /// Pools of pieces, each drawn with its weight.
  static let pools: [(weight: Int, pieces: [String])] = [
    (
      6,
      [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
      ]
    ),
    (3, ["(", ")", "[", "]", "{", "}"]),
    (3, ["0", "5", "9", "\u{0660}", "\u{0663}", "\u{0669}", "\u{06F4}", "\u{06F9}"]),
    (2, ["+", "-", ",", ".", ":", "/", "%", "$", "#", "!"]),
    (2, ["\u{0300}", "\u{0301}", "\u{064B}", "\u{0651}", "\u{05B8}", "\u{0670}"]),
    (
      3,
      [
        "\u{0627}", "\u{0644}", "\u{0628}", "\u{0639}", "\u{0645}", "\u{0644}\u{0627}", "\u{0644}\u{0623}",
        "\u{0644}\u{0622}",
      ]
    ),
    (2, ["\u{05D0}", "\u{05D1}", "\u{05E9}", "\u{05DD}"]),
    (2, ["a", "b", "Z"]),
    (1, ["我", "天", "さ"]),
    (2, [" ", " ", "\u{2005}", "\t"]),
    (1, ["\u{200D}", "\u{200C}", "\u{00AD}", "\u{FEFF}"]),
    (1, ["\n", "\r", "\r\n", "\u{2029}", "\u{1C}", "\u{85}"]),
  ]
  static let totalWeight = pools.reduce(0) { $0 + $1.weight }

  static func string(_ random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...40, using: &random) {
      var pick = Int.random(in: 0..<totalWeight, using: &random)
      for pool in pools {
        if pick < pool.weight {
          text += pool.pieces.randomElement(using: &random)!
          break
        }
        pick -= pool.weight
      }
    }
    return text
  }
}

/// Properties of line layout that hold for any text, checked over random strings through the
/// public API only.
@Suite("Engine properties over random strings")
struct EnginePropertyTests {
  /// Four seeds by default; `BIDI_ENGINE_SEEDS=100` runs a hundred for a longer soak.
  static let seeds = SplitMix64.seeds("BIDI_ENGINE_SEEDS")
  static let stringsPerSeed = 200

  /// The options every line is laid out with: with and without removing controls (the display's
  /// set, or everything rule X9 removes), with and without shaping; one more combination is drawn
  /// at random per line so that all 32 come up.
  static let fixedOptions: [ReorderingOptions] = [
    [], .removeBidiControls, .removeX9Characters, .shapeArabic, [.shapeArabic, .removeBidiControls],
    [.shapeArabic, .removeX9Characters, .mirror], .display,
  ]

  /// For every paragraph of a random string in each base direction, and for random sub-ranges of it
  /// laid out as lines:
  /// - the visual order is a permutation of the line's characters the options keep (with shaping, a
  ///   lam-alef ligature shows its two characters once, and maps back to the lam);
  /// - `logicalToVisual` and `visualToLogical` invert each other;
  /// - the levels are the paragraph's with rule L1 applied to the line;
  /// - without L3, the characters X9 does not remove come in the order rule L2 gives, done
  ///   literally, on those levels;
  /// - without shaping, each visual character is its logical one, mirrored exactly when rule L4
  ///   says.
  @Test("visual order is a permutation of the kept characters, and the maps invert each other", arguments: seeds)
  func lineLayout(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var failures = 0
    for index in 0..<Self.stringsPerSeed {
      let string = BidiStringGenerator.string(&random)
      for direction in [BaseDirection.leftToRight, .rightToLeft, .auto] {
        let text = try BidiText(string, direction: direction)
        var problems = checkParagraphs(text)
        for paragraph in text.paragraphs {
          var ranges = [paragraph.range]
          for _ in 0..<2 {
            let lower = Int.random(in: paragraph.range.lowerBound...paragraph.range.upperBound, using: &random)
            ranges.append(lower..<Int.random(in: lower...paragraph.range.upperBound, using: &random))
          }
          for range in ranges {
            let drawn = ReorderingOptions(rawValue: UInt8.random(in: 0..<32, using: &random))
            for options in Self.fixedOptions + [drawn] {
              let line = paragraph.line(range, options: options)
              problems += checkLine(line, of: paragraph, in: text, range: range, options: options)
                .map { "line \(range), options \(options.rawValue): \($0)" }
            }
          }
        }
        if !problems.isEmpty {
          Issue.record(
            "seed \(seed) #\(index), \(direction): \(escaped(string))\n  \(problems.prefix(5).joined(separator: "\n  "))"
          )
          failures += 1
        }
      }
      if failures >= 5 { break }
    }
  }

  /// The paragraphs tile the text, each ending at its paragraph separator (rule P1).
  private func checkParagraphs(_ text: BidiText) -> [String] {
    var problems: [String] = []
    var next = 0
    for (number, paragraph) in text.paragraphs.enumerated() {
      if paragraph.range.lowerBound != next { problems.append("paragraph \(number) starts at \(paragraph.range)") }
      next = paragraph.range.upperBound
      let separators = paragraph.range.filter { text.classes[$0] == .paragraphSeparator }
      let isLast = number == text.paragraphs.count - 1
      // CR LF is one separator, its LF the paragraph's last character.
      let expected = paragraph.range.last.map { last in
        text.scalars[last] == "\n" && last > paragraph.range.lowerBound && text.scalars[last - 1] == "\r"
          ? [last - 1, last] : [last]
      }
      if !(separators.isEmpty && isLast) && separators != expected {
        problems.append("paragraph \(number) \(paragraph.range) holds separators at \(separators)")
      }
    }
    if next != text.scalars.count { problems.append("paragraphs end at \(next) of \(text.scalars.count)") }
    return problems
  }

  private func checkLine(
    _ line: BidiLine, of paragraph: BidiParagraph, in text: BidiText, range: Range<Int>, options: ReorderingOptions
  ) -> [String] {
    let scalars = text.scalars
    let classes = text.classes
    let start = range.lowerBound
    guard line.range == range, line.levels.count == range.count, line.logicalToVisual.count == range.count,
      line.visualScalars.count == line.visualToLogical.count
    else {
      return [
        "sizes: range \(line.range), \(line.levels.count) levels, \(line.logicalToVisual.count) logical, \(line.visualScalars.count) scalars for \(line.visualToLogical.count) visual"
      ]
    }
    var problems: [String] = []

    // Rule L1, against the paragraph's levels.
    let expectedLevels = levelsAfterL1(
      Array(paragraph.levels[(start - paragraph.range.lowerBound)...].prefix(range.count)),
      classes: Array(classes[range]), paragraphLevel: paragraph.baseLevel)
    if line.levels != expectedLevels {
      problems.append(
        "levels \(line.levels.map { $0?.rawValue }) after L1 should be \(expectedLevels.map { $0?.rawValue })")
    }

    // The permutation, with what the options leave out, and lam-alef ligatures.
    let kept = range.filter { i in
      !(options.contains(.removeX9Characters) && classes[i].isRemovedByX9)
        && !(options.contains(.removeBidiControls) && scalars[i].isBidiControl)
    }
    let shown = line.visualToLogical
    if Set(shown).count != shown.count { problems.append("a character shows twice: \(shown)") }
    let absorbed = Set(kept).subtracting(shown)
    if !Set(shown).isSubset(of: kept) { problems.append("shows \(shown), only \(kept) are kept") }
    for alef in absorbed {
      let ligature = alef > start ? line.logicalToVisual[alef - 1 - start] : nil
      let isLigature =
        options.contains(.shapeArabic) && alef > start && scalars[alef - 1] == "\u{0644}"
        && ["\u{0622}", "\u{0623}", "\u{0625}", "\u{0627}"].contains(scalars[alef])
        && ligature != nil && line.logicalToVisual[alef - start] == ligature
        && (0xFEF5...0xFEFC).contains(line.visualScalars[ligature!].value)
      if !isLigature { problems.append("\(alef) is kept but not shown") }
    }

    // The maps.
    for (visual, logical) in shown.enumerated() where range.contains(logical) {
      if line.logicalToVisual[logical - start] != visual {
        problems.append(
          "visual \(visual) shows \(logical), which maps to \(String(describing: line.logicalToVisual[logical - start]))"
        )
      }
    }
    for (offset, visual) in line.logicalToVisual.enumerated() {
      let logical = start + offset
      guard let visual else {
        if kept.contains(logical) { problems.append("kept \(logical) maps to nothing") }
        continue
      }
      if !kept.contains(logical) { problems.append("left out \(logical) maps to \(visual)") }
      if !shown.indices.contains(visual) {
        problems.append("\(logical) maps to \(visual) of \(shown.count)")
      } else if shown[visual] != logical && !absorbed.contains(logical) {
        problems.append("\(logical) maps to \(visual), which shows \(shown[visual])")
      }
    }

    // Rule L2, done literally on the characters X9 keeps, which also checks L4 alongside.
    if !options.contains(.keepMarksAfterBase) {
      let levelled = range.compactMap { i in line.levels[i - start].map { (offset: i, level: $0.rawValue) } }
      let reference = reorderedByL2(levelled).filter(Set(shown).contains)
      let actual = shown.filter { line.levels[$0 - start] != nil }
      if actual != reference { problems.append("order \(actual), rule L2 gives \(reference)") }
    }
    if !options.contains(.shapeArabic) {
      for (visual, logical) in shown.enumerated() {
        var expected = scalars[logical]
        if options.contains(.mirror), classes[logical] == .otherNeutral,
          let level = line.levels[logical - start], level.rawValue % 2 == 1, let mirrored = expected.bidiMirror
        {
          expected = mirrored
        }
        if line.visualScalars[visual] != expected {
          problems.append("visual \(visual) is \(escaped(String(line.visualScalars[visual]))) for \(logical)")
        }
      }
    }
    return problems
  }
}

/// Rule L1 written out: separators, and white space, isolate controls and characters X9 removes
/// that come before a separator or at the end of the line, take the paragraph level.
func levelsAfterL1(_ levels: [BidiLevel?], classes: [BidiClass], paragraphLevel: BidiLevel) -> [BidiLevel?] {
  var result = levels
  var trailing = true
  for j in levels.indices.reversed() {
    switch classes[j] {
    case .segmentSeparator, .paragraphSeparator:
      result[j] = paragraphLevel
      trailing = true
    case .whiteSpace, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
      if trailing { result[j] = paragraphLevel }
    case _ where classes[j].isRemovedByX9:
      break
    default:
      trailing = false
    }
  }
  return result
}

/// Rule L2 done literally: from the highest level down to the lowest odd one, reverse every maximal
/// stretch of characters at that level or above. Quadratic, and obviously right.
func reorderedByL2(_ characters: [(offset: Int, level: UInt8)]) -> [Int] {
  guard let highest = characters.map(\.level).max(), let lowest = characters.map(\.level).min() else { return [] }
  var order = characters
  var level = highest
  while level >= lowest | 1 {
    var i = 0
    while i < order.count {
      guard order[i].level >= level else {
        i += 1
        continue
      }
      var end = i
      while end < order.count && order[end].level >= level { end += 1 }
      order[i..<end].reverse()
      i = end
    }
    level -= 1
  }
  return order.map(\.offset)
}

extension BidiClass {
  /// The classes rule X9 removes, listed here apart from the engine's own test.
  var isRemovedByX9: Bool {
    [
      .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
      .popDirectionalFormat, .boundaryNeutral,
    ].contains(self)
  }
}

extension Unicode.Scalar {
  /// The twelve controls `ReorderingOptions.removeBidiControls` leaves out.
  fileprivate var isBidiControl: Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
      || [0x200E, 0x200F, 0x061C].contains(value)
  }
}

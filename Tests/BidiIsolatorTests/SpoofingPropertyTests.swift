import Bidi
import BidiIsolator
import BidiTestSupport
import Foundation
import Testing

/// A chat client shows a message inside text of its own, `A: ⁨` + isolate(m) + `⁩ :B`: the name of
/// the sender, the message in an FSI…PDI, whatever follows. Whatever the message holds, the client's
/// text must stay where it is.
///
/// The property, checked with the engine: for a template whose own letters read left to right
/// (`A: ⁨…⁩ :B`), in a left-to-right and in a right-to-left paragraph, the line's three leftmost
/// visual characters are `A`, `:`, ` ` (logical offsets 0, 1, 2) and its three rightmost are ` `,
/// `:`, `B` (the last three offsets), just as for the harmless message `x`. For a template whose
/// letters read right to left (`א: ⁨…⁩ :ב`) it is the mirror image in both paragraph directions:
/// `א: ` at the right end (offsets 2, 1, 0 from left to right) and ` :ב` at the left end. So the
/// prefix is at the right end of an RTL paragraph only when the template itself is right to left:
/// the Latin template forms one left-to-right run at level 2 there, and reads `A: x :B` from the left.
///
/// Why it holds: the isolate is opaque to the text around it (BD13, X5a–X5c), so the template's
/// characters and its FSI and PDI resolve the same for every message, all taking the direction of
/// the two strong letters around them; and no level inside the isolate can be lower than theirs, so
/// rule L2 moves the isolate as one block and never the template. It needs the message to be
/// balanced, which the isolator's default `close` policy guarantees, and it holds only for messages
/// with no paragraph separator (Bidi_Class B, which ends the paragraph inside the isolate, rule P1)
/// and no segment separator (class S, such as a tab, which rule L1 puts back at the paragraph
/// level whatever isolate holds it). No control can stop either, so the isolator cannot; the random
/// messages leave them out and ``separatorsMoveTheTemplate(message:template:direction:)`` keeps
/// minimal counterexamples as known issues.
@Suite("No spoofing around an isolated message")
struct SpoofingPropertyTests {
  struct Template: Sendable, CustomStringConvertible {
    var prefix: String
    var suffix: String
    var readsLeftToRight: Bool

    func around(_ message: String) -> String { prefix + fsi + message + pdi + suffix }
    var description: String { "\(prefix)⁨…⁩\(suffix)" }
  }

  static let latin = Template(prefix: "A: ", suffix: " :B", readsLeftToRight: true)
  static let hebrew = Template(prefix: "א: ", suffix: " :ב", readsLeftToRight: false)
  static let templates = [latin, hebrew]
  static let directions: [BaseDirection] = [.leftToRight, .rightToLeft]

  static let seeds = SplitMix64.seeds("BIDI_ISOLATOR_SEEDS")
  static let messagesPerSeed = 250

  /// How the template's characters are misplaced in `text` laid out in `direction`, or `nil` when
  /// they are where they belong. The prefix is looked for on the first line of the first paragraph,
  /// the suffix on the last, with controls shown, left out, and as `display` lays them out.
  static func misplacement(of template: Template, in text: String, direction: BaseDirection) throws -> String? {
    let resolved = try BidiText(text, direction: direction)
    let count = resolved.scalars.count
    let prefix = [0, 1, 2]
    let suffix = [count - 3, count - 2, count - 1]
    for options in [[], .removeBidiControls, .display] as [ReorderingOptions] {
      let first = resolved.paragraphs[0].line(options: options).visualToLogical
      let last = resolved.paragraphs[resolved.paragraphs.count - 1].line(options: options).visualToLogical
      let inPlace =
        template.readsLeftToRight
        ? Array(first.prefix(3)) == prefix && Array(last.suffix(3)) == suffix
        : Array(first.suffix(3)) == prefix.reversed() && Array(last.prefix(3)) == suffix.reversed()
      if !inPlace {
        return "options \(options.rawValue): visual order \(first)"
          + (resolved.paragraphs.count > 1 ? " … \(last)" : "")
      }
    }
    return nil
  }

  /// Messages the property covers: no paragraph or segment separator (see the suite's comment).
  static func withoutSeparators(_ message: String) -> String {
    String(String.UnicodeScalarView(message.unicodeScalars.filter { !isSeparator($0) }))
  }

  static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0B, 0x0D, 0x1C...0x1F, 0x85, 0x2029: true
    default: false
    }
  }

  @Test("a harmless message leaves the template as worked out by hand", arguments: templates, directions)
  func harmless(template: Template, direction: BaseDirection) throws {
    #expect(
      try Self.misplacement(of: template, in: template.around(BidiIsolator().isolate("x")), direction: direction) == nil
    )
  }

  @Test("the check catches a spoof: an unisolated PDI and override move the template", arguments: templates, directions)
  func spoofIsCaught(template: Template, direction: BaseDirection) throws {
    // The PDI closes the client's FSI early, and an override and embedding against the template's
    // direction then take the client's suffix.
    let hostile = pdi + (template.readsLeftToRight ? rlo + "x" + rle : lro + "x" + lre)
    #expect(try Self.misplacement(of: template, in: template.around(hostile), direction: direction) != nil)
    #expect(
      try Self.misplacement(of: template, in: template.around(BidiIsolator().isolate(hostile)), direction: direction)
        == nil)
  }

  @Test("no message moves the template once isolated", arguments: seeds)
  func randomMessages(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var messages = (0..<Self.messagesPerSeed).map { _ in Self.withoutSeparators(MessageGenerator.message(&random)) }
    // Nesting near and past the depth limit, where the client's FSI takes one of the 125 levels.
    let initiators = [lre, rle, lro, rlo, lri, rli, fsi]
    for _ in 0..<20 {
      var message = ""
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let depth = [1, 61, 62, 63, 117, 118, 119, 124, 125, 126, 200].randomElement(using: &random)!
        message += String(repeating: initiators.randomElement(using: &random)!, count: depth)
        message += Self.withoutSeparators(MessageGenerator.message(&random))
      }
      messages.append(message)
    }
    var failures = 0
    for (index, message) in messages.enumerated() {
      // The default isolator, which the property is about, and one with random options that still
      // balances the message.
      var other = MessageGenerator.isolator(&random)
      if other.options.existingControls == .keep { other.options.existingControls = .close }
      for isolator in [BidiIsolator(), other] {
        let isolated = isolator.isolate(message)
        for template in Self.templates {
          for direction in Self.directions {
            guard let problem = try Self.misplacement(of: template, in: template.around(isolated), direction: direction)
            else { continue }
            Issue.record(
              """
              seed \(seed) #\(index), \(template) in \(direction), \(isolator.options.strategy)/\
              \(isolator.options.existingControls): \(escaped(message)) → \(escaped(isolated)): \(problem)
              """)
            failures += 1
          }
        }
      }
      if failures >= 5 { break }
    }
  }

  /// Minimal counterexamples outside the property: a tab in the message goes back to the paragraph
  /// level (rule L1), splitting the template's run in two, and a line feed ends the paragraph, so
  /// the client's suffix is resolved with the message's last line. Nothing the isolator can insert
  /// prevents either.
  @Test(
    "a separator in the message moves the template (no bidi control can prevent it)",
    arguments: [
      ("\t", latin, BaseDirection.rightToLeft), ("\t", hebrew, .leftToRight), ("\n", latin, .rightToLeft),
      ("\n", hebrew, .leftToRight),
    ])
  func separatorsMoveTheTemplate(message: String, template: Template, direction: BaseDirection) throws {
    let isolated = BidiIsolator().isolate(message)
    let problem = try Self.misplacement(of: template, in: template.around(isolated), direction: direction)
    withKnownIssue("UAX #9 resets separators whatever isolate holds them") {
      #expect(problem == nil, "\(escaped(message)) in \(template), \(direction)")
    }
  }
}

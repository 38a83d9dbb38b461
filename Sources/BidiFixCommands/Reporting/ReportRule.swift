import BidiIsolator
import BidiLocalizationCore

/// A kind of finding, as the reports name and describe it: the `[KIND]` of Xcode's lines, the
/// `title` of a GitHub annotation, a SARIF rule. Its `id` never changes, so code scanning can
/// follow a finding from one run to the next.
@available(SwiftStdlib 6.2, *)
struct ReportRule: Sendable, Hashable {
  /// The kind's name on the command line and in the configuration file, such as
  /// `placeholder-mismatch`.
  let id: String
  /// One sentence: what is wrong.
  let summary: String
  /// What it does to the text, and what to do.
  let explanation: String
  let defaultSeverity: FindingSeverity
}

@available(SwiftStdlib 6.2, *)
extension ReportRule {
  /// The kinds of `strings check`: a crash or the wrong text is an error, the rest warnings.
  static let translationRules: [ReportRule] = LocalizationFinding.Kind.allCases.map(translationRule)

  static func translationRule(_ kind: LocalizationFinding.Kind) -> ReportRule {
    switch kind {
    case .unisolatedPlaceholder:
      ReportRule(
        id: kind.rawValue, summary: "A placeholder of a right-to-left translation is not isolated.",
        explanation:
          """
          An argument with a Latin name, a domain or -5 in it displays torn apart, and an argument that comes \
          first decides the direction of the whole line. `bidi-fix strings fix` wraps the placeholder in FSI … \
          PDI.
          """,
        defaultSeverity: .warning)
    case .placeholderMismatch:
      ReportRule(
        id: kind.rawValue, summary: "The translation's placeholders differ from the source's.",
        explanation:
          """
          A placeholder missing, extra, of another type or position, numbered and unnumbered ones mixed, or \
          one typed with a look-alike percent sign (٪@): at run time a crash, or the wrong text.
          """,
        defaultSeverity: .error)
    case .reversedPlaceholder:
      ReportRule(
        id: kind.rawValue,
        summary: "A placeholder of the source was turned around or split by right-to-left editing.",
        explanation:
          """
          The translation has the source's placeholder with its characters in reverse order (@% for %@, d$1% \
          for %1$d) or with a space or a bidi control inside (%1$ s): the argument goes missing or the app \
          crashes. `bidi-fix strings fix` restores it where the source leaves one way to read it.
          """,
        defaultSeverity: .error)
    case .unbalancedControls:
      ReportRule(
        id: kind.rawValue, summary: "Bidi controls in the translation are unmatched or left open.",
        explanation:
          """
          A PDF or PDI that closes nothing, or an embedding, override or isolate still open at the string's \
          end, reaches the text around the string.
          """,
        defaultSeverity: .warning)
    case .markupMismatch:
      ReportRule(
        id: kind.rawValue, summary: "The translation's markup differs from the source's.",
        explanation: "`**`, `*` or HTML tags (<b>, <i>) unbalanced in the translation, or different from the source's.",
        defaultSeverity: .warning)
    }
  }

  /// The kinds of `check`: bidi controls that reorder what a reader sees (CVE-2021-42574).
  static let controlRules: [ReportRule] =
    BidiControlAudit.IssueKind.allCases.map(controlRule) + [hiddenInLink, hiddenInIdentifier]

  static func controlRule(_ kind: BidiControlAudit.IssueKind) -> ReportRule {
    switch kind {
    case .unmatchedTerminator:
      ReportRule(
        id: "unmatched-terminator", summary: "A PDF or PDI closes nothing.",
        explanation: "The bidi algorithm ignores it; it is usually what is left of an edit, or a sign of tampering.",
        defaultSeverity: .warning)
    case .unclosedInitiator:
      ReportRule(
        id: "unclosed-initiator", summary: "An embedding, override or isolate is never closed.",
        explanation:
          "It reaches to the end of the line, over every character after it, including text a program appends.",
        defaultSeverity: .warning)
    case .closedByIsolate:
      ReportRule(
        id: "closed-by-isolate", summary: "An embedding or override is closed by a PDI instead of its own PDF.",
        explanation: "Legal, but not nested as written: what it covers is not what it seems to cover.",
        defaultSeverity: .warning)
    case .excessiveDepth:
      ReportRule(
        id: "excessive-depth", summary: "A control is nested past the depth limit of 125.",
        explanation: "The bidi algorithm ignores it, so the text displays otherwise than its controls say.",
        defaultSeverity: .warning)
    case .override:
      ReportRule(
        id: "override", summary: "An LRO or RLO forces the direction of the text it covers.",
        explanation: "The classic way to disguise a file name or reverse a word (Trojan Source, CVE-2021-42574).",
        defaultSeverity: .warning)
    }
  }

  static let hiddenInLink = ReportRule(
    id: "control-in-link", summary: "A bidi control inside a URL or an e-mail address.",
    explanation: "The address displays otherwise than a browser reads it (Trojan Source, CVE-2021-42574).",
    defaultSeverity: .warning)

  static let hiddenInIdentifier = ReportRule(
    id: "control-in-identifier", summary: "A bidi control inside an identifier.",
    explanation: "The code displays in another order than the compiler reads it (Trojan Source, CVE-2021-42574).",
    defaultSeverity: .warning)
}

import ArgumentParser
import BidiIsolator

@available(SwiftStdlib 6.2, *)
struct IsolateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "isolate",
    abstract:
      "Wrap the entities of each message (mentions, hashtags, URLs, e-mails, numbers, inline code, terms like C++, commands, emoticons, quotations, parentheticals, emphasis) in bidi controls so each displays as a unit (the default command).",
    discussion: """
      Each message comes out with its entities isolated and its own bidi controls neutralised \
      (--sanitize close balances them so nothing spills past the message). Isolating twice equals \
      isolating once; `bidi-fix strip` undoes it.
      """)

  @OptionGroup var input: InputOptions
  @OptionGroup var entities: EntityArguments
  @OptionGroup var isolation: IsolationArguments

  func run() throws {
    let isolator = BidiIsolator(try isolation.options(entities: entities))
    let command = MessageRewriter(
      layout: input.layout, strict: input.strict, workspace: { BidiIsolator.Workspace() }
    ) { message, _, output, workspace in
      isolator.isolate(validUTF8: message, appendingTo: &output, workspace: &workspace)
    }
    let status = input.driver.run(command, inputs: input.files)
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

@available(SwiftStdlib 6.2, *)
struct StripCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strip",
    abstract: "Remove the controls `bidi-fix isolate` inserted (with --all: every bidi control).",
    discussion: """
      Without --all, only controls standing where the isolator puts them (around entities found with \
      the same --kinds and --members, and at the start of a message) are removed: for a message that \
      had no controls of its own, strip gives back exactly what isolate was given.
      """)

  @OptionGroup var input: InputOptions
  @OptionGroup var entities: EntityArguments

  @Flag(help: "Remove every bidi control: LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI, LRM, RLM, ALM.")
  var all = false

  func run() throws {
    let isolator = BidiIsolator(
      IsolationOptions(kinds: try entities.entityKinds(), memberNames: try entities.memberNames()))
    let all = self.all
    let command = MessageRewriter(layout: input.layout, strict: input.strict) { message, _ in
      all ? BidiIsolator.removeBidiControls(from: message) : isolator.removeIsolation(from: message)
    }
    let status = input.driver.run(command, inputs: input.files)
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

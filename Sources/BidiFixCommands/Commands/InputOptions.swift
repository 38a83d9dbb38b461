import ArgumentParser

/// Where messages come from and how they are read; shared by every command.
@available(SwiftStdlib 6.2, *)
struct InputOptions: ParsableArguments {
  @Argument(help: "Files to read, one message per line; `-` or none for standard input.")
  var files: [String] = []

  @Flag(help: "Read JSON Lines records and treat the string values at --field paths as the messages.")
  var jsonl = false

  @Option(
    name: .customLong("field"),
    help: ArgumentHelp(
      "With --jsonl: a dotted path to a string field, such as `text` or `author.name`. Repeatable.", valueName: "path"))
  var fields: [String] = []

  @Flag(help: "Treat invalid UTF-8 and non-string JSON fields as errors (exit 2) instead of warnings.")
  var strict = false

  @Option(help: "Lines processed at once on this many cores; output order and bytes never change.")
  var jobs: Int = InputOptions.coreCount

  @Flag(name: .customLong("no-progress"), help: "Never draw a progress bar on stderr.")
  var noProgress = false

  func validate() throws {
    if jsonl && fields.isEmpty { throw ValidationError("--jsonl needs at least one --field PATH") }
    if !jsonl && !fields.isEmpty { throw ValidationError("--field only applies with --jsonl") }
    if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
  }

  var layout: MessageLayout {
    jsonl ? .jsonLines(JSONFieldLocator(paths: fields)) : .lines
  }

  var driver: LineDriver {
    LineDriver(jobs: jobs, showsProgress: !noProgress && Standard.isTerminal(.standardError))
  }

  static var coreCount: Int { max(1, SystemCores.active) }
}

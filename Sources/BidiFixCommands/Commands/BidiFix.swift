import ArgumentParser

/// The `bidi-fix` command: chat messages that display right in any direction.
///
/// The executable target only calls `BidiFix.main()`; every command lives here so tests can reach it.
@available(SwiftStdlib 6.2, *)
public struct BidiFix: ParsableCommand {
  /// The command's name, abstract and subcommands; `isolate` runs when none is named.
  public static let configuration = CommandConfiguration(
    commandName: "bidi-fix",
    abstract:
      "Make mixed-direction chat messages display right: isolate mentions, hashtags, URLs and numbers, neutralise hostile controls, and show messages in a terminal.",
    discussion: """
      Messages are read one per line (or from JSON Lines fields with --jsonl --field PATH) from the \
      FILEs, or standard input when none or `-` is given. Every byte a command does not mean to change \
      is written unchanged: line endings, blank lines, invalid UTF-8 and NUL bytes included.

      Exit status: 0 success; 1 `check` found a problem; 2 some input was bad (a missing, unreadable \
      or directory FILE, invalid UTF-8 with --strict, a broken JSON record); 3 the output could not be \
      written (a full disk, an I/O error); 64 bad usage. A reader that closes the pipe (`| head`) ends \
      the run at once and quietly, as it ends cat: killed by SIGPIPE, status 141 in a shell.
      """,
    version: BidiFixVersion.current,
    subcommands: [
      IsolateCommand.self, ScanCommand.self, InspectCommand.self, CheckCommand.self, StripCommand.self,
      DisplayCommand.self, StringsCommand.self,
    ],
    defaultSubcommand: IsolateCommand.self
  )

  /// The root command, for the argument parser to fill.
  public init() {}
}

/// The tool's version, shown by `--version`.
@available(SwiftStdlib 6.2, *)
public enum BidiFixVersion {
  /// The release `bidi-fix --version` prints: the newest in CHANGELOG.md.
  public static let current = "0.1.0"
}

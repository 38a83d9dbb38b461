import Foundation
import Testing

/// Something a test needs that the package cannot bring along: another program whose answer the
/// test compares with, a library's headers, a data file, or a part of Linux.
///
/// A test that needs one says so with ``Testing/Trait/requires(_:sourceLocation:)``, and where it is
/// missing the test is skipped with the reason, which says what to install on Debian and with
/// Homebrew. With `BIDI_FIX_REQUIRE_ALL_TESTS=1` in the environment (as `Scripts/test`, which
/// installs everything, sets it) no test is skipped: a missing tool fails its test instead.
public struct TestRequirement: Sendable {
  /// What is needed, as a sentence names it: "tmux", "gettext's msgfmt".
  public let name: String
  /// How to get it on Debian or Ubuntu: a command, or what to do, in Markdown.
  public let debian: String
  /// How to get it on a Mac with Homebrew, in Markdown, or `nil` when only Linux has it.
  public let homebrew: String?
  private let check: @Sendable () -> Bool

  /// Whether this machine has it.
  public var isPresent: Bool { check() }

  /// Whether a test that needs it runs: it is here, or every test must run.
  public var isMet: Bool { Self.everyTestMustRun || isPresent }

  /// Why a test that needs it is skipped, and how to install it.
  public var reason: String {
    if let homebrew {
      "needs \(name): on Debian \(debian); on a Mac \(homebrew)"
    } else {
      "needs \(name), which only Linux has (on Debian \(debian))"
    }
  }

  /// `BIDI_FIX_REQUIRE_ALL_TESTS=1`: every gated test runs, and fails where its need is missing.
  public static var everyTestMustRun: Bool {
    ProcessInfo.processInfo.environment["BIDI_FIX_REQUIRE_ALL_TESTS"] == "1"
  }

  /// A requirement that `isPresent` checks for, when a test that needs it is about to run.
  public init(name: String, debian: String, homebrew: String?, isPresent: @escaping @Sendable () -> Bool) {
    self.name = name
    self.debian = debian
    self.homebrew = homebrew
    self.check = isPresent
  }
}

extension TestRequirement {
  /// A real terminal whose screen the display tests read.
  public static let tmux = TestRequirement(
    name: "tmux", debian: "`apt-get install tmux`", homebrew: "`brew install tmux`"
  ) { Program.path(of: "tmux") != nil }

  /// FriBidi's own command line tool, which the display tests compare with.
  public static let fribidiTool = TestRequirement(
    name: "FriBidi's fribidi tool", debian: "`apt-get install libfribidi-bin`", homebrew: "`brew install fribidi`"
  ) { Program.path(of: "fribidi") != nil }

  /// A JDK, whose `java.util.Formatter` judges the Java placeholder rules.
  public static let jdk = TestRequirement(
    name: "a JDK (javac and java)", debian: "`apt-get install openjdk-17-jdk-headless`",
    homebrew: "`brew install openjdk`, with `$(brew --prefix openjdk)/bin` on PATH"
  ) { jdkAnswers }

  /// gettext's `msgfmt -c`, which judges `.po` files and the C placeholder rules.
  public static let msgfmt = TestRequirement(
    name: "gettext's msgfmt", debian: "`apt-get install gettext`", homebrew: "`brew install gettext`"
  ) { Program.path(of: "msgfmt") != nil }

  /// Python 3, whose `%` operator and `str.format` judge the Python placeholder rules.
  public static let python = TestRequirement(
    name: "Python 3", debian: "`apt-get install python3`", homebrew: "`brew install python`"
  ) { Program.path(of: "python3") != nil }

  /// ICU's headers and library, found through pkg-config, and a C compiler: the ICU programs of
  /// `Tests/Fixtures/icu` are built from source.
  public static let icu = TestRequirement(
    name: "ICU's headers and a C compiler", debian: "`apt-get install libicu-dev gcc pkg-config`",
    homebrew: """
      `brew install icu4c pkg-config` and `export PKG_CONFIG_PATH=$(brew --prefix icu4c)/lib/pkgconfig` \
      (the compiler comes with Xcode's command line tools)
      """
  ) { icuBuilds }

  /// The Public Suffix List the top-level domain table was generated from (Debian 12's), or the
  /// copy `PUBLIC_SUFFIX_LIST` names.
  public static let publicSuffixList = TestRequirement(
    name: "the Public Suffix List", debian: "`apt-get install publicsuffix`",
    homebrew: "set PUBLIC_SUFFIX_LIST to a copy of Debian 12's `/usr/share/publicsuffix/public_suffix_list.dat`"
  ) { FileManager.default.isReadableFile(atPath: publicSuffixListPath) }

  /// glibc's `wcwidth`, which the cell width table is compared with.
  public static let glibc = TestRequirement(
    name: "glibc's wcwidth", debian: "`apt-get install libc-bin`", homebrew: nil
  ) {
    #if canImport(Glibc)
      true
    #else
      false
    #endif
  }

  /// `/proc/PID/status`, where the huge-input tests read a child's peak memory.
  public static let procFileSystem = TestRequirement(
    name: "Linux's /proc", debian: "`mount -t proc proc /proc`", homebrew: nil
  ) { FileManager.default.fileExists(atPath: "/proc/self/status") }

  /// `/dev/full`, the device on which every write fails for want of room.
  public static let devFull = TestRequirement(
    name: "Linux's /dev/full", debian: "`mknod -m 666 /dev/full c 1 7`", homebrew: nil
  ) { FileManager.default.fileExists(atPath: "/dev/full") }

  /// Where ``publicSuffixList`` is read from.
  public static var publicSuffixListPath: String {
    ProcessInfo.processInfo.environment["PUBLIC_SUFFIX_LIST"] ?? "/usr/share/publicsuffix/public_suffix_list.dat"
  }

  /// macOS has `javac` and `java` in /usr/bin even without a JDK, as stubs that fail: so the JDK is
  /// asked for its version.
  private static let jdkAnswers: Bool = {
    guard Program.path(of: "javac") != nil, Program.path(of: "java") != nil else { return false }
    return (try? Program.run("javac", ["-version"]).status) == 0
  }()

  /// Whether a C program that includes ICU's headers builds: pkg-config may know ICU while its
  /// headers are missing.
  private static let icuBuilds: Bool = {
    guard Program.path(of: "cc") != nil,
      let flags = try? Program.run("pkg-config", ["--cflags", "--libs", "icu-uc"]), flags.status == 0,
      let folder = try? TemporaryFolder(),
      let source = try? folder.file("icu.c", text: "#include <unicode/ubidi.h>\nint main(void) { return 0; }\n")
    else { return false }
    let output = folder.url.appendingPathComponent("icu").path
    let arguments = [source.path, "-o", output] + flags.text.split(whereSeparator: \.isWhitespace).map(String.init)
    return (try? Program.run("cc", arguments).status) == 0
  }()
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where `requirement` is met, and otherwise skips it with the reason, which
  /// names what to install: `.enabled(if:_:)` with the condition and comment every such test shares.
  ///
  /// ```swift
  /// @Test("The sample chat reads right in a real terminal", .requires(.tmux))
  /// ```
  ///
  /// - Complexity: O(1) to make; the check runs when the test is about to.
  public static func requires(
    _ requirement: TestRequirement, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    .enabled(if: requirement.isMet, Comment(rawValue: requirement.reason), sourceLocation: sourceLocation)
  }
}

// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "bidi-fix",
  // The pure-Swift modules (BidiIsolator) build for the systems apps ship on; what the standard
  // library has only from the 26 releases is behind `@available` (checked by AvailabilityTests).
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Bidi", targets: ["Bidi"]),
    .library(name: "BidiIsolator", targets: ["BidiIsolator"]),
    .library(name: "BidiTerminal", targets: ["BidiTerminal"]),
    .library(name: "BidiLocalization", targets: ["BidiLocalization"]),
    .library(name: "BidiLocalizationCore", targets: ["BidiLocalizationCore"]),
    .library(name: "BidiAttributedText", targets: ["BidiAttributedText"]),
    .library(name: "BidiFixCommands", targets: ["BidiFixCommands"]),
    .executable(name: "bidi-fix", targets: ["bidi-fix"]),
    // `strings check` over a target's translation files on every build that changes them.
    .plugin(name: "BidiStringsCheck", targets: ["BidiStringsCheck"]),
    // `swift package bidi-strings check|fix` over the package's translation files.
    .plugin(name: "BidiStrings", targets: ["BidiStrings"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.7.0"),
  ],
  targets: [
    // GNU FriBidi, found through pkg-config. Only the engine's internal layer imports it.
    .systemLibrary(
      name: "CFriBidi",
      path: "CFriBidi",
      pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]
    ),
    // What every module shares: the Bidi_Class and direction values, the bidi controls, the
    // package's Unicode table, and reading and writing bytes in blocks. Pure Swift, no C; the
    // engine and the isolator re-export its public types.
    .target(name: "BidiCore"),
    // The bidi engine: FriBidi wrapped in Sendable Swift values, with the 1.0.8 bugs corrected.
    .target(name: "Bidi", dependencies: ["CFriBidi", "BidiCore"]),
    // The isolator: finds mentions, hashtags, URLs, e-mails and numbers and wraps them in bidi
    // controls. Pure Swift, no C, so apps can call it right before rendering on any platform.
    .target(name: "BidiIsolator", dependencies: ["BidiCore"]),
    // Localized strings that display right: isolated format arguments, digit shaping, placeholder
    // syntaxes, and the translation files of Apple, Android and gettext. Pure Swift, without
    // Foundation, so bidi-fix does not pay Foundation's start-up for its chat commands.
    .target(name: "BidiLocalizationCore", dependencies: ["BidiIsolator"]),
    // All of the above, re-exported, and `String(bidiFormat:)`: String(format:) with every argument
    // isolated, throwing instead of crashing. It needs Foundation, as BidiAttributedText does.
    .target(name: "BidiLocalization", dependencies: ["BidiLocalizationCore", "BidiIsolator"]),
    // Attributed text isolated with every attribute kept: `AttributedString` and
    // `NSAttributedString`, with runs the caller names (a link, a mention) isolated as units.
    .target(name: "BidiAttributedText", dependencies: ["BidiIsolator"]),
    // Text for terminals that do no bidi of their own: cell widths, wrapping before reordering,
    // alignment, and the escape sequences that keep bidi-aware terminals from reordering again.
    .target(name: "BidiTerminal", dependencies: ["Bidi", "BidiIsolator"]),
    // Every bidi-fix command, as a library so tests can reach them.
    .target(
      name: "BidiFixCommands",
      dependencies: [
        "Bidi", "BidiIsolator", "BidiTerminal", "BidiLocalizationCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    // The executable only parses and hands over to BidiFixCommands.
    .executableTarget(
      name: "bidi-fix",
      dependencies: ["BidiFixCommands", .product(name: "SystemPackage", package: "swift-system")]),
    // A build tool plugin: `bidi-fix strings check --format xcode` as a build command, so Xcode and
    // `swift build` show each finding inline and an error fails the build.
    .plugin(name: "BidiStringsCheck", capability: .buildTool(), dependencies: ["bidi-fix"]),
    // A command plugin: `swift package bidi-strings check`, and `fix` with
    // `--allow-writing-to-package-directory`. It declares no permission: one declared is asked for
    // on every verb, `check` too, while the flag alone lets `fix` write.
    .plugin(
      name: "BidiStrings",
      capability: .command(
        intent: .custom(
          verb: "bidi-strings", description: "Check or fix the package's translation files for right-to-left languages."
        )),
      dependencies: ["bidi-fix"]),
    // libFuzzer targets (Scripts/fuzz); built normally, a reproducer for saved inputs.
    .executableTarget(
      name: "bidi-fuzz",
      dependencies: ["Bidi", "BidiIsolator", "BidiTerminal", "BidiFixCommands", "BidiLocalizationCore"],
      path: "Fuzz/BidiFuzz"),
    // Release-build throughput of the isolator library (Scripts/bench).
    .executableTarget(
      name: "bidi-isolator-bench", dependencies: ["BidiIsolator"], path: "Benchmarks/IsolatorThroughput"),
    // Release-build cost of isolating an attributed chat message against building it.
    .executableTarget(
      name: "bidi-attributed-bench", dependencies: ["BidiAttributedText"], path: "Benchmarks/AttributedText"),
    // Release-build timing of the engine on hostile paragraphs (Scripts/bench-hostile).
    .executableTarget(name: "bidi-hostile-bench", dependencies: ["Bidi"], path: "Benchmarks/HostileInput"),
    // What the test targets share: the repository's fixtures, running other programs, the gates of
    // tests that need a tool from outside the package, the seeded random generator, the checks of
    // an isolation's offsets.
    .target(name: "BidiTestSupport", dependencies: ["Bidi", "BidiIsolator"], path: "Tests/Support"),
    .testTarget(name: "BidiTests", dependencies: ["Bidi", "BidiTestSupport"]),
    // Type-checks every library module with the build's own flags and reads the typed AST for uses
    // of what Apple's systems have only from the 26 releases.
    .testTarget(name: "AvailabilityTests"),
    .testTarget(name: "BidiIsolatorTests", dependencies: ["BidiIsolator", "Bidi", "BidiTestSupport"]),
    .testTarget(name: "BidiTerminalTests", dependencies: ["BidiTerminal", "Bidi", "BidiTestSupport"]),
    .testTarget(
      name: "BidiAttributedTextTests", dependencies: ["BidiAttributedText", "BidiIsolator", "Bidi", "BidiTestSupport"]),
    .testTarget(
      name: "BidiLocalizationTests",
      dependencies: ["BidiLocalization", "BidiIsolator", "Bidi", "BidiTestSupport"]),
    .testTarget(
      name: "BidiFixCommandsTests",
      dependencies: [
        "BidiFixCommands", "bidi-fix", "bidi-fuzz", "Bidi", "BidiIsolator", "BidiTerminal", "BidiTestSupport",
      ]),
  ]
)

// What the standard library has only from Swift 6.2 on (`UTF8Span`, `InlineArray`, spans of
// arrays) ships with the 26 releases of Apple's systems. Code that needs it is marked
// `@available(SwiftStdlib 6.2, *)`, named once here, in the manner of swift-system's availability
// macros.
let availabilityMacros: [SwiftSetting] = [
  "SwiftStdlib 6.2:macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26"
].map { .enableExperimentalFeature("AvailabilityMacro=\($0)") }

// Every target is checked for memory safety (SE-0458), and what the check finds is an error: the
// pointer code that remains is marked `unsafe` where it is used, in the few files the README names.
for target in package.targets where target.type != .system && target.type != .plugin {
  target.swiftSettings =
    (target.swiftSettings ?? []) + availabilityMacros + [
      .strictMemorySafety(), .treatWarning("StrictMemorySafety", as: .error),
    ]
}

// The tests run on the machine that builds them, which for the engine is macOS 26 or later on a Mac;
// the package's deployment target (macOS 13) is for the libraries, whose availability the compiler
// checks as usual. So the test code is not held to it, and calls the engine without marking each
// test for the 26 releases (Swift Testing's @Suite does not accept that marking).
for target in package.targets where target.type == .test || target.name == "BidiTestSupport" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-Xfrontend", "-disable-availability-checking"], .when(platforms: [.macOS]))
    ]
}

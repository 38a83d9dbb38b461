// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "bidi-fix",
  products: [
    .library(name: "Bidi", targets: ["Bidi"]),
    .library(name: "BidiIsolator", targets: ["BidiIsolator"]),
  ],
  targets: [
    // GNU FriBidi, found through pkg-config. Only the engine's internal layer imports it.
    .systemLibrary(
      name: "CFriBidi",
      path: "CFriBidi",
      pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]
    ),
    // The bidi engine: FriBidi wrapped in Sendable Swift values, with the 1.0.8 bugs corrected.
    .target(name: "Bidi", dependencies: ["CFriBidi"]),
    // The isolator: finds mentions, hashtags, URLs, e-mails and numbers and wraps them in bidi
    // controls. Pure Swift, no C, so apps can call it right before rendering on any platform.
    .target(name: "BidiIsolator"),
    // Release-build timing of the engine on hostile paragraphs (Scripts/bench-hostile).
    .executableTarget(name: "bidi-hostile-bench", dependencies: ["Bidi"], path: "Benchmarks/HostileInput"),
    .testTarget(name: "BidiTests", dependencies: ["Bidi"]),
    .testTarget(name: "BidiIsolatorTests", dependencies: ["BidiIsolator", "Bidi"]),
  ]
)

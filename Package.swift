// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "bidi-fix",
  products: [
    .library(name: "Bidi", targets: ["Bidi"]),
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
    .testTarget(name: "BidiTests", dependencies: ["Bidi"]),
  ]
)

// swift-tools-version:6.2
import PackageDescription

// A package that uses bidi-fix's build tool plugin, as an app's package would, with translations
// that have known defects. The tests copy it away from the repository and name bidi-fix's folder
// in BIDI_FIX_PACKAGE; in place, it is three folders up.
let bidiFix = Context.environment["BIDI_FIX_PACKAGE"] ?? "../../.."
// Scripts/bench-plugin builds it without the plugin too.
let withPlugin = Context.environment["BIDI_FIX_FIXTURE_WITHOUT_PLUGIN"] == nil

let package = Package(
  name: "PluginFixture",
  defaultLocalization: "en",
  dependencies: [.package(name: "bidi-fix", path: bidiFix)],
  targets: [
    .target(
      name: "Greeter",
      resources: [.process("Resources")],
      plugins: withPlugin ? [.plugin(name: "BidiStringsCheck", package: "bidi-fix")] : [])
  ]
)

import SystemPackage

/// Facts about paths that decide how a command reads its arguments.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
enum FileCheck {
  static func exists(_ path: String) -> Bool {
    (try? FilePath(path).stat()) != nil
  }
}

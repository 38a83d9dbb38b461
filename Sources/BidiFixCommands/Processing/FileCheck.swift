import SystemPackage

/// Facts about paths that decide how a command reads its arguments.
@available(SwiftStdlib 6.2, *)
enum FileCheck {
  static func exists(_ path: String) -> Bool {
    (try? FilePath(path).stat()) != nil
  }
}

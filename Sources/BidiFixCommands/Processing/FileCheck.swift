import SystemPackage

/// Facts about paths that decide how a command reads its arguments.
enum FileCheck {
  static func exists(_ path: String) -> Bool {
    (try? FilePath(path).stat()) != nil
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Facts about paths and the environment that decide how a command reads its arguments.
enum FileCheck {
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}

enum TerminalEnvironment {
  /// `NO_COLOR` set to anything non-empty turns colour off (no-color.org).
  static var noColor: Bool {
    guard let value = getenv("NO_COLOR") else { return false }
    return value.pointee != 0
  }

  static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

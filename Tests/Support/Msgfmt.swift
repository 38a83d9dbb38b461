import Foundation

/// GNU gettext's `msgfmt -c`, the judge of `.po` files and their C placeholders.
public enum Msgfmt {
  /// Whether `/usr/bin/msgfmt` is there (Debian's `gettext`).
  public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt") }

  /// Whether `msgfmt -c` accepts the file at `url`.
  public static func accepts(_ url: URL) throws -> Bool {
    let msgfmt = Process()
    msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
    msgfmt.arguments = ["-c", "-o", "/dev/null", url.path]
    msgfmt.standardError = FileHandle.nullDevice
    try msgfmt.run()
    msgfmt.waitUntilExit()
    return msgfmt.terminationStatus == 0
  }
}

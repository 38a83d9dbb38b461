import Foundation

/// gettext's own checker, the judge of `.po` files: `msgfmt -c` checks the header, the plural forms
/// and that every c-format translation takes the arguments its msgid takes.
public enum Msgfmt {
  /// Whether `msgfmt -c` accepts `file`. Tests that call it need ``TestRequirement/msgfmt``.
  ///
  /// - Throws: ``ProgramError`` when msgfmt is not installed.
  /// - Complexity: one run of msgfmt.
  public static func accepts(_ file: URL) throws -> Bool {
    try Program.run("msgfmt", ["-c", "-o", "/dev/null", file.path]).status == 0
  }
}

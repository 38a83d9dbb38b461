import Foundation

/// A folder of its own for one test, removed with everything in it when the value goes away.
public final class TemporaryFolder: Sendable {
  /// Where the folder is.
  public let url: URL

  /// Makes a new, empty folder under the system's temporary folder.
  ///
  /// - Complexity: O(1).
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("bidi-fix-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `contents` to the file `name` in the folder and returns its URL.
  ///
  /// - Complexity: O(*n*) in the size of `contents`.
  @discardableResult
  public func file(_ name: String, contents: Data) throws -> URL {
    let file = url.appendingPathComponent(name)
    try contents.write(to: file)
    return file
  }

  /// Writes `text` as UTF-8 to the file `name` in the folder and returns its URL.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  @discardableResult
  public func file(_ name: String, text: String) throws -> URL {
    try file(name, contents: Data(text.utf8))
  }

  deinit {
    // Files a test made unreadable must be removable again.
    if let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) {
      for name in names {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o700], ofItemAtPath: url.appendingPathComponent(name).path)
      }
    }
    try? FileManager.default.removeItem(at: url)
  }
}

import Foundation

/// The repository's root folder, found from this file's path, so the tests read the project's own
/// files wherever the clone is.
public let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `Tests/Fixtures`, the data the tests read.
public let fixturesDirectory = repositoryRoot.appendingPathComponent("Tests/Fixtures")

/// `Tests/Fixtures/unicode`: the files of the Unicode Character Database 15.0.0 the tests read (the
/// conformance suites among them), kept in the repository so they run in full on any machine.
public let unicodeDataDirectory = fixturesDirectory.appendingPathComponent("unicode")

/// A file of ``unicodeDataDirectory``, such as `"BidiTest.txt"` or `"extracted/DerivedAge.txt"`.
///
/// - Throws: ``FixtureError`` naming the file when it cannot be read: a missing fixture fails the
///   test, it never skips it.
/// - Complexity: O(*n*) in the file's size.
public func unicodeDataFile(_ name: String) throws -> String {
  try fixtureText(unicodeDataDirectory.appendingPathComponent(name))
}

/// The UTF-8 text of a file the tests need.
///
/// - Throws: ``FixtureError`` naming the file when it cannot be read.
/// - Complexity: O(*n*) in the file's size.
public func fixtureText(_ url: URL) throws -> String {
  do {
    return try String(contentsOf: url, encoding: .utf8)
  } catch {
    throw FixtureError(description: "\(url.path) cannot be read (\(error)); it is part of the repository")
  }
}

/// A fixture that is missing or unreadable.
public struct FixtureError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, naming the file.
  public let description: String
}

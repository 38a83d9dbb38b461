import SystemPackage

/// Paths as CI tools want them: relative to the working directory (a workflow's checkout), and as
/// URIs in SARIF.
@available(SwiftStdlib 6.2, *)
struct ReportPaths: Sendable {
  /// The working directory, when it is known: `$PWD`, if it names the directory the process is in
  /// (the same device and inode as `.`). Without it, paths given absolute stay absolute.
  let workingDirectory: FilePath?

  init(workingDirectory: FilePath?) {
    self.workingDirectory = workingDirectory
  }

  /// The process's own working directory, as far as it can be known without asking the C library.
  static func current() -> ReportPaths {
    guard let pwd = Environment.variable("PWD"), pwd.hasPrefix("/"),
      let named = try? FilePath(pwd).stat(), let actual = try? FilePath(".").stat(),
      named.deviceID == actual.deviceID, named.inode == actual.inode
    else { return ReportPaths(workingDirectory: nil) }
    return ReportPaths(workingDirectory: FilePath(pwd).lexicallyNormalized())
  }

  /// The working directory as a `file:` URI ending in `/`.
  var workingDirectoryURI: String? {
    workingDirectory.map { directory in
      let path = directory.string
      return "file://" + Self.uriEscaped(path.hasSuffix("/") ? path : path + "/")
    }
  }

  /// `path` relative to the working directory when it lies inside it, without `./` and `..`
  /// segments that lead nowhere; absolute when it lies outside.
  func relative(_ path: String) -> String {
    let file = FilePath(path).lexicallyNormalized()
    if file.isAbsolute {
      guard let workingDirectory, let inside = Self.components(of: file, under: workingDirectory) else {
        return file.string
      }
      return inside.joined(separator: "/")
    }
    guard !file.components.contains(where: { $0.kind == .parentDirectory }) else {
      // `../x` lies outside: absolute, when the working directory is known.
      guard let workingDirectory else { return file.string }
      return workingDirectory.pushing(file).lexicallyNormalized().string
    }
    return file.string
  }

  /// The components of `path` below `folder` (both lexically normalized, both absolute or both
  /// relative), or `nil` when it does not lie below it.
  static func components(of path: FilePath, under folder: FilePath) -> [String]? {
    let (path, folder) = (path.lexicallyNormalized(), folder.lexicallyNormalized())
    let base = folder.components.filter { $0.kind != .currentDirectory }
    let components = Array(path.components.filter { $0.kind != .currentDirectory })
    guard path.isAbsolute == folder.isAbsolute, components.starts(with: base),
      !components.contains(where: { $0.kind == .parentDirectory })
    else { return nil }
    return components.dropFirst(base.count).map(\.string)
  }

  /// A path as a URI reference: every byte of its UTF-8 percent-encoded but the unreserved
  /// characters of RFC 3986 and `/`. (`:` is encoded too: a relative reference whose first
  /// segment holds one would read as a scheme.)
  static func uriEscaped(_ path: String) -> String {
    var escaped = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        escaped += "%" + hex(byte)
      }
    }
    return escaped
  }

  /// Two uppercase hexadecimal digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    return String(String.UnicodeScalarView([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]))
  }
}

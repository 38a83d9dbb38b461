@available(SwiftStdlib 6.2, *)
extension WholeFile {
  /// The bytes of the file at `path` (a path, even `-`), or `nil` with the reason on stderr.
  static func read(path: String) -> [UInt8]? {
    switch InputFile.open(path == "-" ? "./-" : path) {
    case .failure(let error):
      Standard.error("bidi-fix: \(path): \(error.message)")
      return nil
    case .success((let descriptor, let size)):
      do {
        return try descriptor.closeAfter { try read(descriptor, size: size) }
      } catch {
        Standard.error("bidi-fix: \(path): cannot read: \(error)")
        return nil
      }
    }
  }
}

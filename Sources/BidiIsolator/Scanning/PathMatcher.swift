@_spi(BidiCore) import BidiCore

extension EntityFinder {
  /// Matches a file path at the `/` at `slash`: `/`, then names joined by `/` (`/usr/local/bin`),
  /// or after `~`, `.` or `..` and `/` one name or more (`~/Documents`, `./build.sh`,
  /// `../a/b.txt`), at the start of the text or after white space, an opening bracket or quote, or
  /// a Hebrew prefix letter and its hyphen. A name is letters, marks and digits of any script and
  /// `. _ - + ~ @ % = ,`; a path has two names or more, counting `~`, `.` and `..`, and a letter
  /// in one of them (`/10/7/2026` is a date), and may end in `/`, but not in the `.` or `,` of the
  /// sentence around it.
  ///
  /// The slashes are neutrals, and right-to-left text takes them, and any right-to-left name
  /// between them, to its own side: `في /home/user/مستندات/a.txt` shows
  /// `a.txt/مستندات/home/user/`. Isolated left to right, the path reads as typed.
  ///
  /// A single name after `/` is a command (`/start`) or nothing; a path does not start after a
  /// letter, digit or sign (`and/or`, `1/2`, `km/h`), nor before `entityEnd`.
  ///
  /// - Complexity: O(*k*) in the path's length.
  func matchPath(slashAt slash: Int, notBefore entityEnd: Int) -> RawEntity? {
    var start = slash
    var names = 0
    // A prefix that names a directory: `~`, `.`, `..`.
    if slash > 0 && text[slash - 1] == UInt8(ascii: "~") {
      start = slash - 1
    } else if slash > 0 && text[slash - 1] == UInt8(ascii: ".") {
      start = slash > 1 && text[slash - 2] == UInt8(ascii: ".") ? slash - 2 : slash - 1
    }
    if start < slash { names = 1 }
    guard start >= entityEnd else { return nil }
    if let previous = text.scalarSkippingControls(before: start), !mayPrecedeSignedWord(previous) { return nil }
    var hasLetter = false
    let end = pathNamesEnd(from: slash, separator: UInt8(ascii: "/"), names: &names, hasLetter: &hasLetter)
    guard names >= 2 && hasLetter else { return nil }
    return entity(.path, start, end)
  }

  /// Matches a Windows path at `start`: a drive letter, `:\`, then one name or more joined by
  /// `\` (`C:\Users\أحمد\Desktop`), after what may come before a Unix path
  /// (``matchPath(slashAt:notBefore:)``).
  ///
  /// - Complexity: O(*k*) in the path's length.
  func matchWindowsPath(at start: Int) -> RawEntity? {
    guard text[start].isASCIILetter, text.byte(at: start + 1) == UInt8(ascii: ":"),
      text.byte(at: start + 2) == UInt8(ascii: "\\")
    else { return nil }
    if let previous = text.scalarSkippingControls(before: start), !mayPrecedeSignedWord(previous) { return nil }
    var names = 1
    var hasLetter = true
    let end = pathNamesEnd(from: start + 2, separator: UInt8(ascii: "\\"), names: &names, hasLetter: &hasLetter)
    guard names >= 2 else { return nil }
    return entity(.path, start, end)
  }

  /// The end of the names from the `separator` at `offset`, each after one separator, counted into
  /// `names`, and whether any holds a letter into `hasLetter`; a separator after the last name is
  /// kept, and a `.` or `,` that ends the last one is not.
  private func pathNamesEnd(from offset: Int, separator: UInt8, names: inout Int, hasLetter: inout Bool) -> Int {
    var end = offset
    while text.byte(at: end) == separator {
      var nameEnd = end + 1
      while nameEnd < text.count {
        let (value, length) = text.scalar(at: nameEnd)
        guard let isLetter = pathNameCharacter(value) else { break }
        hasLetter = hasLetter || isLetter
        nameEnd += length
      }
      // The sentence's own `.` or `,` after the last name (`..` between names is one).
      while text.byte(at: nameEnd) != separator && nameEnd > end + 1
        && (text[nameEnd - 1] == UInt8(ascii: ".") || text[nameEnd - 1] == UInt8(ascii: ","))
      {
        nameEnd -= 1
      }
      if nameEnd == end + 1 {
        // A separator after the last name ends the path with it, before white space or its end
        // (bidi controls aside).
        let endsText = text.scalarSkippingControls(at: nameEnd).map { isSpace($0) } ?? true
        if names > 0 && endsText { end = nameEnd }
        break
      }
      names += 1
      end = nameEnd
    }
    return end
  }

  /// Whether `value` is a letter, when it may be part of a name in a path (a letter, mark or digit
  /// of any script, a joiner, or `. _ - + ~ @ % = ,`); `nil` when it may not.
  private func pathNameCharacter(_ value: UInt32) -> Bool? {
    if value < 0x80 {
      let byte = UInt8(value)
      if byte.isASCIILetter { return true }
      return byte.isASCIIDigit || ".-_+~@%=,".utf8.contains(byte) ? false : nil
    }
    switch table.kind(of: value) {
    case .letter: return true
    case .mark, .digit, .joiner: return false
    default: return nil
    }
  }
}

import Foundation

/// A version of the Unicode Standard as the UCD's files write it (`"10.0"`, `"15.0.0"`), compared
/// by its major and minor numbers.
public struct UnicodeVersion: Comparable, Sendable, CustomStringConvertible {
  /// The major version, such as 15.
  public var major: Int
  /// The minor version, such as 1.
  public var minor: Int

  /// The version `text` writes, or `nil` when it does not start with two dotted numbers.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: ".").prefix(2).compactMap { Int($0) }
    guard parts.count == 2 else { return nil }
    major = parts[0]
    minor = parts[1]
  }

  /// Whether `lhs` came before `rhs`.
  public static func < (lhs: UnicodeVersion, rhs: UnicodeVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  /// `"15.0"`.
  public var description: String { "\(major).\(minor)" }
}

/// The fields of every data line of a file of the Unicode Character Database, trimmed, with the
/// comments and blank lines left out: `["0028", "0029", "o"]` for `0028; 0029; o # LEFT PARENTHESIS`.
///
/// - Complexity: O(*n*) in the file's length.
public func unicodeDataLines(_ file: String) -> [[String]] {
  file.split(separator: "\n").compactMap { line in
    let data = line.prefix { $0 != "#" }
    guard data.contains(where: { !$0.isWhitespace }) else { return nil }
    return data.split(separator: ";", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }
}

/// The code points a UCD field names: one (`0041`) or a range (`3400..4DBF`).
///
/// - Complexity: O(1).
public func unicodeCodePoints(_ field: some StringProtocol) -> ClosedRange<UInt32>? {
  let bounds = field.split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt32($0, radix: 16) }
  guard let low = bounds.first, let high = bounds.last, low <= high else { return nil }
  return low...high
}

/// DerivedAge.txt's Age of every assigned code point: the version it was assigned in.
///
/// - Complexity: O(*n* + *c*) for a file of length *n* assigning *c* code points.
public func unicodeAges(_ derivedAge: String) -> [UInt32: UnicodeVersion] {
  var ages: [UInt32: UnicodeVersion] = [:]
  for fields in unicodeDataLines(derivedAge) where fields.count == 2 {
    guard let range = unicodeCodePoints(fields[0]), let age = UnicodeVersion(fields[1]) else { continue }
    for codePoint in range { ages[codePoint] = age }
  }
  return ages
}

/// A character's line of UnicodeData.txt, as far as the tests read it.
public struct UnicodeDataRecord: Sendable, Equatable {
  /// Its name (for a range written as a First and Last pair, the range's, such as `<CJK Ideograph>`).
  public var name: String
  /// Its General_Category, such as `Mn`.
  public var category: String
  /// Its Bidi_Class, such as `NSM`.
  public var bidiClass: String
}

/// UnicodeData.txt's record of every assigned code point, the ranges it writes as a First and Last
/// pair included.
///
/// - Complexity: O(*n* + *c*) for a file of length *n* assigning *c* code points.
public func unicodeDataRecords(_ unicodeData: String) -> [UInt32: UnicodeDataRecord] {
  var records: [UInt32: UnicodeDataRecord] = [:]
  var rangeStart: UInt32?
  for fields in unicodeDataLines(unicodeData) where fields.count >= 5 {
    guard let codePoint = UInt32(fields[0], radix: 16) else { continue }
    let record = UnicodeDataRecord(name: fields[1], category: fields[2], bidiClass: fields[4])
    if fields[1].hasSuffix(", First>") {
      rangeStart = codePoint
    } else if fields[1].hasSuffix(", Last>"), let start = rangeStart {
      for member in start...codePoint { records[member] = record }
      rangeStart = nil
    } else {
      records[codePoint] = record
    }
  }
  return records
}

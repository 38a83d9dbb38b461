import BidiTestSupport
import Foundation
import Testing

/// The character data of Debian 12's libfribidi 1.0.8 (Unicode 10.0) against that of libfribidi
/// 1.0.16 (Unicode 16.0), which `Scripts/test-fribidi-1.0.16` builds into `.build/fribidi-1.0.16`:
/// Bidi_Class, paired bracket, mirror and joining type of every code point, read from each library
/// by the C program `Tests/Fixtures/fribidi/character-data.c`. Every difference must be explained:
/// the character was assigned after Unicode 10.0, or is unassigned and under a default that
/// changed, or is listed here with what changed; and 1.0.16's value must be what the Unicode 16.0
/// files its tables were generated from say. These are the only characters whose output may differ
/// between the two libraries (the script's differential of `isolate` and `display` checks that).
@Suite("Character data of libfribidi 1.0.8 and 1.0.16")
struct LibraryDataTests {
  /// Characters Unicode 10.0 already had whose data changed, with what 1.0.8 gives them
  /// (`CLASS BRACKET MIRROR JOINING`, as the C program writes it) and why 1.0.16 differs.
  struct Change: Sendable {
    var codePoints: [UInt32]
    var old: String
    var note: String
    /// The Unicode version whose data changed, where the change is to General_Category or
    /// Bidi_Class: checked against UnicodeData.txt 15.0 of the fixtures, which has the new values
    /// if the version is 15.0 or earlier and the old ones if it is later.
    var version: UnicodeVersion? = nil
    /// The General_Category the note names, checked against UnicodeData.txt 16.0.
    var category: String? = nil
  }

  static let changes: [Change] = [
    Change(
      codePoints: [0x1734], old: "NSM 0 0 T", note: "HANUNOO SIGN PAMUDPOD, General_Category Mn to Mc in Unicode 14.0",
      version: UnicodeVersion("14.0"), category: "Mc"),
    Change(
      codePoints: [0xA9BD], old: "L 0 0 U", note: "JAVANESE CONSONANT SIGN KERET, Mc to Mn in Unicode 12.0",
      version: UnicodeVersion("12.0"), category: "Mn"),
    Change(
      codePoints: [0x111C9], old: "L 0 0 U", note: "SHARADA SANDHI MARK, Po to Mn in Unicode 11.0",
      version: UnicodeVersion("11.0"), category: "Mn"),
    Change(
      codePoints: [0x1171E], old: "NSM 0 0 T", note: "AHOM CONSONANT SIGN MEDIAL RA, Mn to Mc in Unicode 16.0",
      version: UnicodeVersion("16.0"), category: "Mc"),
    Change(
      codePoints: [0x1D6C1, 0x1D6FB, 0x1D735, 0x1D76F, 0x1D7A9], old: "L 0 0 U",
      note: "the five mathematical NABLAs, Bidi_Class L to ON in Unicode 16.0 (as U+2207 NABLA)",
      version: UnicodeVersion("16.0"), category: "Sm"),
    // Bidi_Class L stays: a vowel sign of a left-to-right script made a nonspacing mark keeps it.
    Change(
      codePoints: [0x11A07, 0x11A08], old: "L 0 0 U",
      note: "ZANABAZAR SQUARE VOWEL SIGN AI and AU, General_Category Mc to Mn after Unicode 10.0 (so transparent)",
      category: "Mn"),
    Change(
      codePoints: [0x0856, 0x0857, 0x0858], old: "R 0 0 U",
      note: "MANDAIC DUSHENNA, KAD and AIN, Joining_Type U to R in ArabicShaping.txt after Unicode 10.0"),
    Change(
      codePoints: [0x110BD], old: "L 0 0 T",
      note: "KAITHI NUMBER SIGN, listed as Joining_Type U in ArabicShaping.txt after Unicode 10.0 (before, T for Cf)",
      category: "Cf"),
    Change(
      codePoints: [
        0x0488, 0x0489, 0x1ABE, 0x20DD, 0x20DE, 0x20DF, 0x20E0, 0x20E2, 0x20E3, 0x20E4, 0xA670, 0xA671, 0xA672,
      ],
      old: "NSM 0 0 U",
      note: """
        the 13 enclosing marks (Me), transparent by ArabicShaping.txt's rule (Mn, Me and Cf): 1.0.8's table \
        generator lists Mn twice and Me not at all, a fix in FriBidi rather than a change in Unicode
        """,
      category: "Me"),
    Change(
      codePoints: [
        0x221F, 0x2220, 0x2221, 0x2222, 0x2224, 0x2245, 0x224C, 0x22B8, 0x27DC, 0x299B, 0x29A0, 0x29A3, 0x29A4,
        0x29A5, 0x29A8, 0x29A9, 0x29AA, 0x29AB, 0x29AC, 0x29AD, 0x29AE, 0x29AF, 0x29E8, 0x29E9, 0x2A7B, 0x2A7C,
        0x2A85, 0x2A86, 0x2A87, 0x2A88, 0x2A89, 0x2A8A, 0x2A8D, 0x2A8E, 0x2A8F, 0x2A90, 0x2A9D, 0x2A9E, 0x2A9F,
        0x2AA0, 0x2AB1, 0x2AB2, 0x2AB5, 0x2AB6, 0x2AB7, 0x2AB8, 0x2AB9, 0x2ABA, 0x2AC7, 0x2AC8, 0x2AC9, 0x2ACA,
        0x2ACB, 0x2ACC, 0x2AEE,
      ],
      old: "ON 0 0 U",
      note: """
        55 mathematical symbols given a Bidi_Mirroring_Glyph in Unicode 11.0 (UTC document L2/18-049R; U+221F \
        RIGHT ANGLE with U+2BFE, new in 11.0)
        """),
  ]

  /// The 1.0.16 build and its Unicode 16.0 files, which `Scripts/test-fribidi-1.0.16` makes.
  static let newLibrary = repositoryRoot.appendingPathComponent(".build/fribidi-1.0.16")
  static let unicode16 = newLibrary.appendingPathComponent("source/gen.tab/unidata")

  /// Each library's data, or `nil` when the two are not here: the 1.0.16 build, Debian 12's 1.0.8
  /// as the system's, and a C compiler to build the reader.
  static let libraries: (old: LibraryData, new: LibraryData)? = {
    guard FileManager.default.fileExists(atPath: newLibrary.appendingPathComponent("lib/libfribidi.so.0").path),
      FileManager.default.fileExists(atPath: unicode16.appendingPathComponent("UnicodeData.txt").path),
      Program.path(of: "cc") != nil, let reader = try? LibraryData.buildReader(),
      let old = try? LibraryData(reader: reader, libraryPath: nil), old.version == "1.0.8",
      let new = try? LibraryData(reader: reader, libraryPath: newLibrary.appendingPathComponent("lib").path),
      new.version == "1.0.16"
    else { return nil }
    return (old, new)
  }()

  @Test(
    "every code point whose data differs is explained by the Unicode versions, and 1.0.16's is Unicode 16.0's",
    .enabled(
      if: libraries != nil,
      """
      needs libfribidi 1.0.16 in .build/fribidi-1.0.16, which Scripts/test-fribidi-1.0.16 builds from \
      ../shared/vendor/fribidi-1.0.16.tar.xz, Debian 12's libfribidi 1.0.8 and a C compiler
      """))
  func differencesExplained() throws {
    let (old, new) = try #require(Self.libraries)
    let oldUnicode = try #require(UnicodeVersion(old.unicodeVersion))
    let ages = unicodeAges(try unicodeDataFile("DerivedAge.txt"))
    let records15 = unicodeDataRecords(try unicodeDataFile("UnicodeData.txt"))
    let unicode16 = try Unicode16(folder: Self.unicode16)
    var listed: [UInt32: Change] = [:]
    for change in Self.changes {
      for codePoint in change.codePoints { listed[codePoint] = change }
    }

    var differing = 0
    var assignedLater = 0
    var laterByProperty: [String: Int] = [:]
    var newDefaults = 0
    var changed = 0
    var unexplained: [String] = []
    for codePoint in UInt32(0)...0x10_FFFF {
      let was = old.records[Int(codePoint)]
      let now = new.records[Int(codePoint)]
      guard was != now else { continue }
      differing += 1
      let name = String(format: "U+%04X", codePoint)
      let before = was.split(separator: " ")
      let after = now.split(separator: " ")
      guard let record = unicode16.records[codePoint] else {
        // Unassigned to this day: only the @missing defaults of Bidi_Class speak for it.
        if before.dropFirst() == after.dropFirst() {
          newDefaults += 1
        } else {
          unexplained.append("\(name), unassigned: \(was) became \(now)")
        }
        continue
      }
      guard now == unicode16.line(codePoint) else {
        unexplained.append("\(name): 1.0.16 gives \(now), Unicode 16.0 says \(unicode16.line(codePoint))")
        continue
      }
      if ages[codePoint].map({ $0 > oldUnicode }) ?? true {
        // In DerivedAge.txt 15.0 with a later age, or only in UnicodeData.txt 16.0.
        assignedLater += 1
        for (property, differs) in zip(Self.properties, zip(before, after).map(!=)) where differs {
          laterByProperty[property, default: 0] += 1
        }
      } else if let change = listed[codePoint], change.old == was {
        if let category = change.category, record.category != category {
          unexplained.append("\(name): General_Category \(record.category) in Unicode 16.0, not \(category)")
        } else if let version = change.version,
          records15[codePoint].map({ Substring($0.bidiClass) }) != (version.major > 15 ? before : after).first
        {
          unexplained.append("\(name): UnicodeData.txt 15.0 does not date the change to Unicode \(version)")
        } else {
          changed += 1
        }
      } else {
        unexplained.append("\(name), assigned in \(ages[codePoint].map(String.init) ?? "-"): \(was) became \(now)")
      }
    }

    let byProperty = Self.properties.map { "\($0) \(laterByProperty[$0] ?? 0)" }.joined(separator: ", ")
    print(
      """
      libfribidi \(old.version) (Unicode \(old.unicodeVersion)) vs \(new.version) (Unicode \(new.unicodeVersion)): \
      1114112 code points compared, \(differing) differ: \(assignedLater) assigned after Unicode \(oldUnicode) \
      (\(byProperty)), \(newDefaults) unassigned under new default ranges, \(changed) of Unicode \(oldUnicode) \
      whose data changed: \(Self.changes.map(\.note).joined(separator: "; "))
      """)
    #expect(unexplained.isEmpty, "differences the Unicode data does not explain: \(unexplained.prefix(20))")
    #expect(changed == listed.count, "a listed change that the libraries do not show")
  }

  /// The fields of the C program's lines.
  static let properties = ["Bidi_Class", "bracket", "mirror", "joining type"]
}

/// The Unicode 16.0 files libfribidi 1.0.16's tables are generated from, read as its table
/// generators read them.
struct Unicode16 {
  var records: [UInt32: UnicodeDataRecord]
  var joiningTypes: [UInt32: String] = [:]
  var mirrors: [UInt32: UInt32] = [:]
  var brackets: [UInt32: (pair: UInt32, opens: Bool)] = [:]

  init(folder: URL) throws {
    func file(_ name: String) throws -> [[String]] {
      unicodeDataLines(try fixtureText(folder.appendingPathComponent(name)))
    }
    records = unicodeDataRecords(try fixtureText(folder.appendingPathComponent("UnicodeData.txt")))
    for fields in try file("ArabicShaping.txt") where fields.count >= 3 {
      for codePoint in unicodeCodePoints(fields[0]) ?? 1...0 { joiningTypes[codePoint] = fields[2] }
    }
    for fields in try file("BidiMirroring.txt") where fields.count >= 2 {
      if let codePoint = UInt32(fields[0], radix: 16), let mirror = UInt32(fields[1], radix: 16) {
        mirrors[codePoint] = mirror
      }
    }
    for fields in try file("BidiBrackets.txt") where fields.count >= 3 {
      if let codePoint = UInt32(fields[0], radix: 16), let pair = UInt32(fields[1], radix: 16) {
        brackets[codePoint] = (pair, fields[2] == "o")
      }
    }
  }

  /// The line `character-data` writes for `codePoint` from a library that follows these files:
  /// a bracket's id is its own code point, marked, for an opening bracket and the opening one's for
  /// a closing bracket; a joining type not listed is T for the marks and format characters
  /// (General_Category Mn, Me, Cf), G for the other characters rule X9 removes, and U otherwise.
  func line(_ codePoint: UInt32) -> Substring {
    guard let record = records[codePoint] else { return "" }
    let bracket = brackets[codePoint].map { $0.opens ? 0x8000_0000 | codePoint : $0.pair } ?? 0
    let ignored = ["BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
    let joining =
      joiningTypes[codePoint]
      ?? (["Mn", "Me", "Cf"].contains(record.category) ? "T" : ignored.contains(record.bidiClass) ? "G" : "U")
    let hex = { (value: UInt32) in String(value, radix: 16, uppercase: true) }
    return "\(record.bidiClass) \(hex(bracket)) \(hex(mirrors[codePoint] ?? 0)) \(joining)"
  }
}

/// What the C program reads from one libfribidi: its version (`1.0.8`), its Unicode version, and
/// the line of each code point.
struct LibraryData {
  var version: String
  var unicodeVersion: String
  var records: [Substring]

  /// Builds `Tests/Fixtures/fribidi/character-data.c` against the system's FriBidi headers.
  static func buildReader() throws -> URL {
    try FixtureProgram.build("fribidi/character-data.c", library: "fribidi", environment: ["PKG_CONFIG_PATH": nil])
  }

  /// The data of the library in `libraryPath`, or of the system's when it is `nil`.
  init(reader: URL, libraryPath: String?) throws {
    let run = try Program.run(reader.path, [], environment: ["LD_LIBRARY_PATH": libraryPath], timeout: 120)
    guard run.status == 0 else { throw ReaderFailure(description: "character-data failed: \(run.stderr)") }
    let lines = run.text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 2 + 0x11_0000 + 1 else {
      throw ReaderFailure(description: "character-data wrote \(lines.count) lines")
    }
    version = String(lines[0].split(separator: " ").last ?? "")
    unicodeVersion = String(lines[1])
    records = Array(lines[2..<(2 + 0x11_0000)])
  }
}

/// The C program did not build or did not run as it should.
struct ReaderFailure: Error, CustomStringConvertible {
  var description: String
}

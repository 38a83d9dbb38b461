/// A file's text and how it was encoded, so that an edited file is written back the same way: the
/// encoding, the byte-order mark, and every byte outside the edits.
struct FileText: Sendable {
  enum Encoding: Sendable, Hashable {
    case utf8(byteOrderMark: Bool)
    case utf16(bigEndian: Bool)
  }

  let encoding: Encoding
  /// The text's UTF-8 bytes, without a byte-order mark: what the parsers read and offsets count.
  let bytes: [UInt8]
  /// Where each line starts, for `LINE:COLUMN`.
  private let lineStarts: [Int]

  /// Decodes a file: UTF-16 with a byte-order mark (as older Xcode projects wrote `.strings`),
  /// otherwise UTF-8, with or without one. `nil` when the bytes are not valid in that encoding.
  init?(decoding data: [UInt8]) {
    if data.count >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF) {
      let bigEndian = data[0] == 0xFE
      guard data.count % 2 == 0 else { return nil }
      var units: [UInt16] = []
      units.reserveCapacity(data.count / 2 - 1)
      for index in stride(from: 2, to: data.count, by: 2) {
        let (first, second) = (UInt16(data[index]), UInt16(data[index + 1]))
        units.append(bigEndian ? first << 8 | second : second << 8 | first)
      }
      // Decoding repairs what is ill-formed; a text that decodes to other units was ill-formed.
      let text = String(decoding: units, as: UTF16.self)
      guard text.utf16.elementsEqual(units) else { return nil }
      self.init(encoding: .utf16(bigEndian: bigEndian), bytes: Array(text.utf8))
      return
    }
    let hasMark = data.count >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF
    let body = Array(data.dropFirst(hasMark ? 3 : 0))
    guard String(decoding: body, as: UTF8.self).utf8.elementsEqual(body) else { return nil }
    self.init(encoding: .utf8(byteOrderMark: hasMark), bytes: body)
  }

  init(encoding: Encoding, bytes: [UInt8]) {
    self.encoding = encoding
    self.bytes = bytes
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
    lineStarts = starts
  }

  /// The 1-based line and column of a byte offset; the column counts Unicode scalars.
  func position(of offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = lineStarts.count
    while low < high {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    let lineStart = lineStarts[max(low - 1, 0)]
    let column = bytes[lineStart..<min(offset, bytes.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    return (low, column + 1)
  }

  /// The file's bytes with `insertions` made, encoded as the file was.
  func encoded(inserting insertions: [(offset: Int, text: String)]) -> [UInt8] {
    var edited: [UInt8] = []
    edited.reserveCapacity(bytes.count + insertions.count * 8)
    var copied = 0
    for insertion in insertions.sorted(by: { $0.offset < $1.offset }) {
      edited += bytes[copied..<insertion.offset]
      edited += Array(insertion.text.utf8)
      copied = insertion.offset
    }
    edited += bytes[copied...]
    switch encoding {
    case .utf8(let byteOrderMark):
      return (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + edited
    case .utf16(let bigEndian):
      var data: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      for unit in String(decoding: edited, as: UTF8.self).utf16 {
        let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
        data += bigEndian ? [high, low] : [low, high]
      }
      return data
    }
  }
}

/// A value's text as decoded from the file, with where each of its scalars was written: the
/// parsers decode escapes and entities, the checks read the decoded text, and the fixes insert at
/// the raw offsets.
struct DecodedText: Sendable {
  private(set) var scalars = String.UnicodeScalarView()
  /// For each scalar, the raw bytes it was decoded from.
  private(set) var raw: [Range<Int>] = []

  mutating func append(_ scalar: Unicode.Scalar, raw range: Range<Int>) {
    scalars.append(scalar)
    raw.append(range)
  }

  mutating func append(_ other: DecodedText) {
    scalars.append(contentsOf: other.scalars)
    raw += other.raw
  }

  var string: String { String(scalars) }
}

/// Decoding UTF-8 a scalar at a time, for the parsers, which read bytes.
extension Array where Element == UInt8 {
  /// The scalar that starts at `offset` (well-formed UTF-8) and its length.
  func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
    let lead = self[offset]
    var value: UInt32
    var length: Int
    switch lead {
    case 0..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC0..<0xE0: (value, length) = (UInt32(lead & 0x1F), 2)
    case 0xE0..<0xF0: (value, length) = (UInt32(lead & 0x0F), 3)
    default: (value, length) = (UInt32(lead & 0x07), 4)
    }
    for index in 1..<length where offset + index < count { value = value << 6 | UInt32(self[offset + index] & 0x3F) }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}

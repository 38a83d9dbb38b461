@_spi(BidiCore) import BidiCore

/// The scanner's fast path: skipping the spaces, words and letters between entities, which are most
/// of a chat message.
///
/// The scanning loop's dispatch on every character cost more than anything it found, mostly in
/// branches the processor could not predict at the ends of short Hebrew and Arabic words. So the
/// skip judges sixteen bytes at a time with vector comparisons, with no branch per character, and
/// only the first byte it cannot vouch for goes to the loop.
extension EntityFinder {
  /// The end of the run from `start` of spaces, words of ASCII letters, punctuation the loop skips,
  /// Hebrew and Arabic letters, CJK characters and the common emoji: text that holds nothing to
  /// find.
  ///
  /// The run stops at any other character, at an Arabic character of interest (digits, number signs,
  /// ALM), at a digit that starts a word (or at the `(` before it, which may open an area code), and
  /// at the start of an ASCII word the loop must look at, one followed by a character that may
  /// continue an address (`. _ % + - : @`). It passes an apostrophe after a letter or digit, which
  /// opens no quotation, unless `closingSingle`: then a quotation opened by `'` is open, which
  /// such a mark may close. `block` keeps the last block judged, so that the next call, a few
  /// bytes on, judges nothing again.
  ///
  /// ```swift
  /// // "سلام hello, see example.com"
  /// var block = PlainTextBlock.Judged()
  /// finder.endOfPlainRun(from: 0, wantsWords: true, closingSingle: false, block: &block)   // 20
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of the run, sixteen bytes per step.
  @inline(__always)
  func endOfPlainRun(
    from start: Int, wantsWords: Bool, closingSingle: Bool, block: inout PlainTextBlock.Judged
  ) -> Int {
    let count = text.count
    // A block is judged with the two bytes before it (a continuation byte is of interest or not by
    // the bytes before it, a digit by whether it continues a word), so the vector path needs two
    // bytes before the block and sixteen in it. While a single quotation is open, which is rare,
    // the skip by character stops at every apostrophe.
    guard count >= 18 && !closingSingle else {
      return endOfPlainRunByCharacter(from: start, limit: count, wantsWords: wantsWords)
    }
    // The loop may resume right after a word; a digit there starts a word of its own.
    if text[start].isASCIIDigit { return start }
    var offset = start
    if offset < 2 {
      offset = endOfPlainRunByCharacter(from: offset, limit: 2, wantsWords: wantsWords)
      if offset < 2 { return offset }
    }
    while true {
      // Unsigned, so that an offset before the block (the loop goes back to the start of a word)
      // is outside it too.
      if UInt(bitPattern: offset &- block.start) >= 16 {
        // Outside the block judged: judge the sixteen bytes from here, or the last sixteen of the
        // text.
        let blockStart = Swift.min(offset, count - 16)
        block = PlainTextBlock(text, at: blockStart).judged(at: blockStart)
      }
      let ahead = block.unusual >> UInt32(truncatingIfNeeded: offset - block.start)
      guard ahead != 0 else {
        offset = block.start + 16
        if offset >= count { return count }
        continue
      }
      var unusual = offset + ahead.trailingZeroBitCount
      let byte = text[unusual]
      if byte & 0xC0 == 0x80 {
        let lead = text[unusual - 1]
        if lead &- 0xD7 < 5 {
          // After a Hebrew or Arabic lead byte, the block's test is looser than the table's.
          guard table.isOfInterest(hebrewOrArabicLead: lead, second: byte) else {
            offset = unusual + 1
            continue
          }
        }
        // Otherwise the byte tells that an emoji lead byte began some other character, which the
        // loop decodes from its start.
        unusual -= 1
        while text[unusual] & 0xC0 == 0x80 { unusual -= 1 }
      } else if wantsWords && unusual > start && Self.mayContinueAddress(byte)
        && text[unusual - 1].isASCIIAlphanumeric
      {
        // A character that may continue an address, after an ASCII word: the word is judged whole,
        // from its start, as the loop does.
        var wordStart = unusual - 1
        while wordStart > start && text[wordStart - 1].isASCIIAlphanumeric { wordStart -= 1 }
        return wordStart
      }
      // The block passes `(`, which starts a number only before a digit: here, for the loop.
      return unusual > start && text[unusual - 1] == UInt8(ascii: "(") ? unusual - 1 : unusual
    }
  }

  /// ``endOfPlainRun(from:wantsWords:closingSingle:block:)`` one character at a time, for texts
  /// too short for a block, for the first character of a text, which has no byte before it, and
  /// while a quotation opened by `'` is open (it stops at every apostrophe). Stops at the first
  /// character that ends at or after `limit`.
  private func endOfPlainRunByCharacter(from start: Int, limit: Int, wantsWords: Bool) -> Int {
    let count = text.count
    var offset = start
    while offset < limit {
      let byte = text[offset]
      if byte &- 0xD7 < 5 {  // U+05C0–U+06FF
        guard offset + 1 < count, !table.isOfInterest(hebrewOrArabicLead: byte, second: text[offset + 1])
        else { break }
        offset += 2
      } else if byte == 0x20 {
        offset += 1
      } else if byte.isASCIILetter {
        var wordEnd = offset + 1
        while wordEnd < count && text[wordEnd].isASCIIAlphanumeric { wordEnd += 1 }
        if wantsWords && wordEnd < count && Self.mayContinueAddress(text[wordEnd]) { break }
        offset = wordEnd
      } else if byte &- 0xE3 < 7 {  // U+3000–U+9FFF
        offset += 3
      } else {
        break
      }
    }
    return offset
  }

  /// Whether `byte`, right after a run of ASCII letters and digits, may continue an address: an
  /// e-mail local part (`. _ % + -`), a scheme (`:`), an e-mail domain (`@`).
  @inline(__always)
  static func mayContinueAddress(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: ":"), UInt8(ascii: "@"):
      return true
    default:
      return false
    }
  }
}

/// Sixteen bytes of a text and the two bytes before each, judged together.
///
/// A byte is *usual* when the plain-text skip may pass it without a look:
/// - an ASCII letter, a space, or punctuation the scanning loop skips anyway (`, ! ? ( [ :` and
///   the like), but not `:` right after an ASCII letter or digit, where an address may go on;
/// - a `/`, `;`, `<` or `=` right after an ASCII letter or digit, where no command or emoticon
///   starts, and a `'` there, an apostrophe, which opens no quotation;
/// - a digit right after an ASCII letter or digit, inside a word the skip passes whole;
/// - the lead byte of a Hebrew, Arabic (U+05C0–U+06FF) or CJK (U+3000–U+9FFF) character, and the
///   lead byte F0, which begins the emoji U+1F300–U+1FAFF;
/// - a continuation byte, except the second byte of an Arabic digit, number sign or ALM, told by
///   the lead byte before it (``CharacterTable/isArabicOfInterest(lead:second:)``), and a byte
///   after F0 that makes the character something other than such an emoji.
///   Continuation bytes of other characters need no test: the skip stops at their lead byte first.
///
/// Not usual are the loop's triggers, `" # $ % ) * + - . @ ] _ ~`, the backtick, a `' : / ; < =` that
/// does not follow a letter or digit, and the line breaks, and every other lead byte (C2 among
/// them, which begins the guillemets `« »` that may open and close quotations). The ASCII controls the loop
/// would pass stand out too, which makes the test shorter, and so do a few Arabic continuation
/// bytes that the skip checks again.
///
/// The comparisons are range tests on all sixteen lanes at once (`SIMD16.lanes(from:count:)`), a
/// few vector instructions each on baseline x86-64 and ARM64.
internal struct PlainTextBlock {
  typealias Bytes = SIMD16<UInt8>
  typealias Lanes = SIMDMask<SIMD16<Int8>>

  let bytes: Bytes
  let previous: Bytes
  let secondPrevious: Bytes

  /// The block from `offset`, which must be at least 2 and at most the text's length less 16.
  @inline(__always)
  init(_ text: UTF8Text, at offset: Int) {
    bytes = text.sixteenBytes(at: offset)
    previous = text.sixteenBytes(at: offset - 1)
    secondPrevious = text.sixteenBytes(at: offset - 2)
  }

  /// A block's unusual bytes, one bit per byte from `start`.
  struct Judged {
    /// Where the block starts; far below any offset before the first block is judged.
    var start = Int.min / 2
    var unusual: UInt32 = 0
  }

  /// The block's unusual bytes, for a block read from `offset`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func judged(at offset: Int) -> Judged {
    // Lanes are all ones or all zeros. Per half, masking lane *i* down to bit *i* of its byte and
    // multiplying by 0x0101…01 sums the eight bytes, with no carry, into the top byte.
    let halves = (asciiUnusual .| nonASCIIUnusual).words
    let spread: UInt64 = 0x8040_2010_0804_0201
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low = ((halves.low & spread) &* ones) >> 56
    let high = ((halves.high & spread) &* ones) >> 56
    return Judged(start: offset, unusual: UInt32(truncatingIfNeeded: low | high << 8))
  }

  @inline(__always)
  private var asciiUnusual: Lanes {
    let afterWordCharacter =
      (previous | Self.all(0x20)).lanes(from: 0x61, count: 26) .| previous.lanes(from: 0x30, count: 10)
    // `" # $ % ) * + - . @ ] _ ~`, the backtick and the line breaks, with the other controls,
    // which the loop then skips: a range costs less than five tests. (`.` goes on an address after
    // a word, and may lead a term after anything else.)
    let triggers =
      bytes.lanes(from: 0x00, count: 0x20) .| bytes.lanes(from: 0x22, count: 4) .| bytes.lanes(from: 0x29, count: 3)
      .| bytes.lanes(from: 0x2D, count: 2) .| (bytes .== Self.all(0x40)) .| (bytes .== Self.all(0x5D))
      .| (bytes .== Self.all(0x5F)) .| (bytes .== Self.all(0x60)) .| (bytes .== Self.all(0x7E))
    let addressGoesOn = bytes .== Self.all(0x3A)
    let digits = bytes.lanes(from: 0x30, count: 10)
    // `: ; < =` (a range) and `/` start commands and emoticons, `'` quotations.
    let starts = bytes.lanes(from: 0x3A, count: 4) .| (bytes .== Self.all(0x2F)) .| (bytes .== Self.all(0x27))
    // A digit matters where it starts a word, `:` where it follows one, `' / : ; < =` where they do
    // not.
    return triggers .| ((digits .| addressGoesOn) .& (afterWordCharacter .^ digits))
      .| (starts .& .!afterWordCharacter)
  }

  @inline(__always)
  private var nonASCIIUnusual: Lanes {
    let usualLeads =
      bytes.lanes(from: 0xD7, count: 5) .| bytes.lanes(from: 0xE3, count: 7) .| (bytes .== Self.all(0xF0))
    let usual = usualLeads .| (bytes.lanes(from: 0x80, count: 0x40) .& .!(arabicOfInterest .| notEmoji))
    return bytes.lanes(from: 0x80, count: 0x80) .& .!usual
  }

  /// The lanes that may hold the second byte of an Arabic character
  /// ``CharacterTable/isArabicOfInterest(lead:second:)`` names, a looser test that the skip
  /// confirms with the table: after D8 any byte below A0 (U+0600–U+061F: number signs, ALM, and
  /// punctuation and marks), after D9 the bytes A0–AC (U+0660–U+066C), after DB any byte from 9D
  /// (U+06DD–U+06FF: the extended digits, and marks and rare letters).
  @inline(__always)
  private var arabicOfInterest: Lanes {
    let afterD8 = (previous .== Self.all(0xD8)) .& bytes.lanes(from: 0x80, count: 0x20)
    let afterD9 = (previous .== Self.all(0xD9)) .& bytes.lanes(from: 0xA0, count: 13)
    let afterDB = (previous .== Self.all(0xDB)) .& bytes.lanes(from: 0x9D, count: 0xC0 - 0x9D)
    return afterD8 .| afterD9 .| afterDB
  }

  /// The continuation bytes that tell a character begun by F0 is not an emoji U+1F300–U+1FAFF
  /// (F0 9F 8C–AB): F0 then anything but 9F, and a third byte after F0 outside 8C–AB
  /// (U+1FBF0–U+1FBF9 are digits).
  @inline(__always)
  private var notEmoji: Lanes {
    let afterF0 = (previous .== Self.all(0xF0)) .& (bytes .!= Self.all(0x9F))
    let thirdAfterF0 = (secondPrevious .== Self.all(0xF0)) .& .!bytes.lanes(from: 0x8C, count: 0x20)
    return afterF0 .| thirdAfterF0
  }

  @inline(__always)
  private static func all(_ byte: UInt8) -> Bytes { Bytes(repeating: byte) }
}

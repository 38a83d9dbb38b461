@_spi(BidiCore) import BidiCore

/// Decides which entities the isolate strategy leaves alone because an isolate would do harm.
///
/// An isolate is a neutral to the text around it. That is what protects `@alice` in `مرحبا @alice,`,
/// but it tears a number away from left-to-right text it belongs to: in a right-to-left message,
/// `في XHTML 1.0 يتم` must show `XHTML 1.0` as one run, and with `1.0` isolated the neutral isolate
/// sits between `XHTML` and Arabic, takes the paragraph's direction and moves before `XHTML` (the
/// W3C's UB5 example). Left alone, a European number whose closest strong character before it is
/// left to right becomes left to right itself (rule W7), and the signs, separators and currency
/// around its digits resolve with it, so it already displays as a unit inside that run.
///
/// The decision reads only the text that remains once earlier insertions are peeled off, so a
/// second isolation decides the same way: entities count as the neutrals their isolates make them,
/// and any bidi control of the user's own between the number and the strong character makes the
/// outcome depend on levels this scan does not resolve, so the number stays isolated.
///
/// ```swift
/// BidiIsolator().isolate("في XHTML 1.0 يتم")      // unchanged: 1.0 continues XHTML
/// BidiIsolator().isolate("السعر 1.0 يتم")         // "السعر \u{2066}1.0\u{2069} يتم"
/// ```
///
/// - Complexity: O(*n*) over a whole text: only numbers are judged, each stretch between two
///   entities is read backwards at most once, and only until its last strong character.
internal struct LeftToRightContinuation {
  let text: UTF8Text
  private let table = CharacterTable.shared
  /// What comes before the last number judged, outside entities, since an entity's own characters
  /// are hidden inside its isolate.
  private var context = Context.paragraphStart
  /// How many of the stretches before and between entities `context` accounts for: the `k`th runs
  /// from the end of entity `k - 1` (or the start of the text) to the start of entity `k`.
  private var stretchesRead = 0

  private enum Context {
    case paragraphStart
    case strong(TextDirection)
    case userControl
  }

  init(text: UTF8Text) { self.text = text }

  /// Whether `entities[index]` needs its isolate. Call in increasing `index` order with the same
  /// `entities`, every entity of the text in text order and indexed from zero; indices may be
  /// skipped.
  ///
  /// Only a number can do without one, so only numbers read back: through the stretches since the
  /// last number judged, newest first, up to the last character that settles the context.
  mutating func needsIsolate<Entities: RandomAccessCollection<RawEntity>>(at index: Int, in entities: Entities) -> Bool
  where Entities.Index == Int {
    assert(entities.startIndex == 0, "the stretch before entity 0 starts the text")
    let entity = entities[index]
    guard entity.kind == .number else { return true }
    var stretch = index
    while stretch >= stretchesRead {
      let start = stretch == 0 ? 0 : entities[stretch - 1].end
      if let found = lastContext(in: start..<entities[stretch].start) {
        context = found
        break
      }
      stretch -= 1
    }
    stretchesRead = index + 1
    guard case .strong(.leftToRight) = context else { return true }
    return !isEuropeanNumber(entity)
  }

  /// The context the last scalar of `range` that settles one gives: a strong character, a
  /// paragraph separator or a bidi control; `nil` when the range holds only neutrals.
  private func lastContext(in range: Range<Int>) -> Context? {
    var end = range.upperBound
    while end > range.lowerBound {
      let byte = text[end - 1]
      if byte < 0x80 {
        end -= 1
        if byte.isASCIILetter { return .strong(.leftToRight) }
        // LF, CR and the information separators U+001C–U+001E end a paragraph.
        if byte == 0x0A || byte == 0x0D || (byte >= 0x1C && byte <= 0x1E) { return .paragraphStart }
        continue
      }
      let start = max(text.scalarStart(before: end), range.lowerBound)
      let value = text.scalar(at: start).value
      end = start
      // Before the strong test: LRM, RLM and ALM are strong characters too, and a leading mark the
      // isolator itself adds is not there on the first pass.
      if BidiControl(value: value) != nil { return .userControl }
      if let direction = table.strongDirection(of: value) { return .strong(direction) }
      if table.kind(of: value) == .paragraphSeparator { return .paragraphStart }
    }
    return nil
  }

  /// Whether the number's digits are European (ASCII, Extended Arabic-Indic and the like), which
  /// rule W7 can turn left to right, and its strong characters, those of a compound's words or a
  /// scale (`19-related`, `25°C`), are left to right too.
  private func isEuropeanNumber(_ entity: RawEntity) -> Bool {
    var offset = entity.start
    while offset < entity.end {
      // ASCII holds no Arabic number and no right-to-left letter.
      if text[offset] < 0x80 {
        offset += 1
        continue
      }
      let (value, length) = text.scalar(at: offset)
      offset += length
      let rawClass = table.rawClass(of: value)
      if rawClass == BidiClass.arabicNumber.rawValue || table.strongDirection(of: value) == .rightToLeft {
        return false
      }
    }
    return true
  }
}

@_spi(BidiCore) import BidiCore

/// The joining properties of a character during Arabic shaping, as bits: the joining type it
/// starts from, and whether it joins the characters on each side once joining is resolved.
///
/// The values are the `FRIBIDI_MASK_*` of the libfribidi headers the package builds against, so a
/// type read from the library needs no conversion; a test checks them against the headers.
@available(SwiftStdlib 6.2, *)
internal enum ArabicJoining {
  /// Joins, or may join, the character on its right.
  static let joinsRight: UInt8 = 0x01
  /// Joins, or may join, the character on its left.
  static let joinsLeft: UInt8 = 0x02
  /// Takes presentation forms (joining types R, D, L and T).
  static let shapes: UInt8 = 0x04
  /// Transparent (joining type T): marks, which joining looks through.
  static let transparent: UInt8 = 0x08
  /// Ignored (joining type G): explicit formatting characters and the like.
  static let ignored: UInt8 = 0x10
}

/// Arabic shaping in Swift: cursive joining (Unicode chapter 9.2, with libfribidi's extensions),
/// presentation forms and the mandatory lam-alef ligatures, giving exactly what libfribidi's
/// `fribidi_join_arabic` and `fribidi_shape_arabic` give, at a fraction of the cost of three calls
/// into the library and their buffers for every line.
///
/// The data is the loaded library's own, read once on first use: its joining type of every
/// character of the Basic Multilingual Plane (characters of other planes, such as Adlam's, are
/// asked for one by one, as they are rare in chat), the four presentation forms of each character
/// it shapes, and the ligatures it forms. A test compares this shaper with the library on random lines.
///
/// ```swift
/// var values: [UInt32] = [0x0644, 0x0627]   // lam, alef
/// ArabicShaping.shape(&values, classes: [.arabicLetter, .arabicLetter].span, start: 0, levels: [1, 1])  // true
/// values                                   // [0xFEFF, 0xFEFB]: filler, lam-alef ligature
/// ```
@available(SwiftStdlib 6.2, *)
internal enum ArabicShaping {
  private static let basicPlaneJoiningTypes: [UInt8] = (0..<0x1_0000).map {
    FriBidiLibrary.joiningType(of: UInt32($0))
  }

  /// Presentation forms of the characters from `first` on, four per character, indexed by the
  /// joining shape (`joinsRight | joinsLeft` bits); a character outside them keeps its value.
  private struct PresentationForms {
    var first: UInt32 = 0
    var forms: [UInt32] = []

    @inline(__always)
    func form(of value: UInt32, shape: UInt8) -> UInt32 {
      let index = Int(value &- first) &* 4 &+ Int(shape)
      return value >= first && index < forms.count ? forms[index] : value
    }
  }

  private static let presentationForms: PresentationForms = {
    var changed: [(value: UInt32, forms: [UInt32])] = []
    for value in UInt32(0)..<0x1_0000 where basicPlaneJoiningTypes[Int(value)] & ArabicJoining.shapes != 0 {
      let forms = (0..<4).map { FriBidiLibrary.presentationForm(of: value, shape: UInt8($0)) }
      if forms.contains(where: { $0 != value }) { changed.append((value, forms)) }
    }
    guard let first = changed.first?.value, let last = changed.last?.value else { return PresentationForms() }
    var table = PresentationForms(first: first, forms: [])
    table.forms = (first...last).flatMap { [UInt32](repeating: $0, count: 4) }
    for entry in changed {
      let base = Int(entry.value - first) * 4
      table.forms.replaceSubrange(base..<base + 4, with: entry.forms)
    }
    return table
  }()

  private struct Ligature {
    let first: UInt32
    let second: UInt32
    let ligature: UInt32
  }

  /// The mandatory ligatures: a shaped lam followed by a shaped alef with hamza or madda, or a
  /// plain alef. Every pair of their forms is put to the library.
  private static let ligatures: [Ligature] = {
    let lams = Set((0..<4).map { presentationForms.form(of: 0x0644, shape: UInt8($0)) } + [0x0644])
    let alefs = Set(
      [0x0622, 0x0623, 0x0625, 0x0627].flatMap { alef in
        (0..<4).map { presentationForms.form(of: alef, shape: UInt8($0)) } + [alef]
      })
    var found: [Ligature] = []
    for lam in lams.sorted() {
      for alef in alefs.sorted() {
        if let ligature = FriBidiLibrary.mandatoryLigature(lam, alef) {
          found.append(Ligature(first: lam, second: alef, ligature: ligature))
        }
      }
    }
    // Sorted by the lam, so the first and last bound the lams to look for.
    return found.sorted { $0.first < $1.first }
  }()

  /// Shapes `values` (a line in logical order) in place and reports whether a ligature formed,
  /// leaving ``FriBidiLibrary/ligatureFiller`` where the lam was.
  ///
  /// - Parameters:
  ///   - classes: the classes of the text `values` were taken from, starting at `start`; joining
  ///     looks through characters rule X9 removes.
  ///   - levels: the embedding level of each character; joining stops where the direction changes.
  /// - Complexity: O(*n*).
  static func shape(_ values: inout [UInt32], classes: Span<BidiClass>, start: Int, levels: [UInt8]) -> Bool {
    let count = values.count
    var span = values.mutableSpan
    var joining = [UInt8](filledWith: 0, count: count)
    var joiningSpan = joining.mutableSpan
    lookUpJoiningTypes(of: span, count: count, into: &joiningSpan)
    return shape(&span, count: count, joining: &joiningSpan, classes: classes, start: start, levels: levels.span)
  }

  /// The library's joining type of each of the first `count` values.
  ///
  /// - Complexity: O(*n*).
  static func lookUpJoiningTypes(
    of values: borrowing MutableSpan<UInt32>, count: Int, into joining: inout MutableSpan<UInt8>
  ) {
    let joiningTypes = basicPlaneJoiningTypes.span
    for i in 0..<count {
      let value = values[i]
      joining[i] = value < 0x1_0000 ? joiningTypes[Int(value)] : FriBidiLibrary.joiningType(of: value)
    }
  }

  /// Shapes the first `count` of `values` in place, as ``shape(_:classes:start:levels:)`` does an
  /// array, from the joining type of each value in `joining` (which joining then rewrites): the form a
  /// line layout uses, with both in its buffers.
  ///
  /// - Complexity: O(*n*).
  static func shape(
    _ shaped: inout MutableSpan<UInt32>, count: Int, joining: inout MutableSpan<UInt8>, classes: Span<BidiClass>,
    start: Int, levels: Span<UInt8>
  ) -> Bool {
    join(&joining, count: count, classes: classes, start: start, levels: levels)
    let forms = presentationForms
    let shape = ArabicJoining.joinsRight | ArabicJoining.joinsLeft
    for i in 0..<count where joining[i] & ArabicJoining.shapes != 0 {
      shaped[i] = forms.form(of: shaped[i], shape: joining[i] & shape)
    }

    let ligatures = ligatures
    guard let lowestLam = ligatures.first?.first, let highestLam = ligatures.last?.first else { return false }
    var ligatured = false
    var i = 0
    while i + 1 < count {
      let value = shaped[i]
      if value >= lowestLam && value <= highestLam && levels[i] & 1 == 1 && levels[i] == levels[i + 1] {
        let next = shaped[i + 1]
        if let match = ligatures.first(where: { $0.first == value && $0.second == next }) {
          shaped[i] = FriBidiLibrary.ligatureFiller
          shaped[i + 1] = match.ligature
          ligatured = true
        }
      }
      i += 1
    }
    return ligatured
  }

  /// Cursive joining: clears the joining bits a character cannot use, given its neighbours.
  ///
  /// Characters that take part are those neither transparent nor ignored. Two of them join when the
  /// earlier one joins towards the later one, the later one towards the earlier one, and they are
  /// in one direction: a character removed by rule X9 fits any level. Ignored characters are
  /// looked through entirely; transparent ones (marks) are looked through, and those between two
  /// joined letters are marked as joined on both sides (libfribidi's extension, kept so results
  /// match).
  private static func join(
    _ properties: inout MutableSpan<UInt8>, count: Int, classes: Span<BidiClass>, start: Int, levels: Span<UInt8>
  ) {
    let anyLevel: UInt8 = 0xFF
    let skipped = ArabicJoining.transparent | ArabicJoining.ignored
    // The line's own classes, bounds checked once.
    let classes = classes.extracting(start..<start + count)
    var joins = false
    var saved = 0
    var savedLevel = anyLevel
    var savedShapes = false
    var savedFollowing: UInt8 = 0
    for i in 0..<count {
      let property = properties[i]
      // Most characters of a line join nothing (joining type U): they only end a join.
      if property == 0 {
        if joins && savedShapes { properties[saved] &= ~savedFollowing }
        joins = false
        continue
      }
      guard property & skipped != ArabicJoining.ignored else { continue }
      var disjoin = false
      let shapes = property & ArabicJoining.shapes != 0
      let level = classes[i].isRemovedByX9 ? anyLevel : levels[i]
      if joins && !(savedLevel == level || savedLevel == anyLevel || level == anyLevel) {
        disjoin = true
        joins = false
      }
      // The side the preceding character is on, and the side the following one is on.
      let rightToLeft = level & 1 == 1
      let preceding = rightToLeft ? ArabicJoining.joinsRight : ArabicJoining.joinsLeft
      let following = rightToLeft ? ArabicJoining.joinsLeft : ArabicJoining.joinsRight
      let takesPart = property & skipped == 0
      if takesPart {
        if !joins {
          if shapes { properties[i] = property & ~preceding }
        } else if property & preceding == 0 {
          disjoin = true
        } else {
          for j in saved + 1..<i { properties[j] |= preceding | savedFollowing }
        }
      }
      if disjoin && savedShapes { properties[saved] &= ~savedFollowing }
      if takesPart {
        saved = i
        savedLevel = level
        savedShapes = shapes
        savedFollowing = following
        joins = properties[i] & following != 0
      }
    }
    if joins && savedShapes { properties[saved] &= ~savedFollowing }
  }
}

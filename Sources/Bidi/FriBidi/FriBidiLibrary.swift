@_spi(BidiCore) import BidiCore
internal import CFriBidi

/// The one place that talks to libfribidi.
///
/// Every raw call, every pointer handed to C and every conversion between FriBidi's C types and the
/// engine's Swift values lives here, in the manner of swift-system's internal syscall layer; this
/// is one of the few files with pointer code (the README names them), each use marked `unsafe`.
/// The rest of the engine sees only `BidiClass`, `[UInt8]` levels and `[Unicode.Scalar]` arrays.
@available(SwiftStdlib 6.2, *)
internal enum FriBidiLibrary {
  // MARK: Version

  /// The version banner of the library loaded at run time (not the headers compiled against).
  static let versionInfo: String = unsafe String(cString: cfribidi_version_info())

  /// The Unicode version of the loaded library's character tables.
  static let unicodeVersion: String = unsafe String(cString: cfribidi_unicode_version())

  /// `(major, minor, micro)` parsed from `versionInfo`, e.g. `(1, 0, 8)`.
  static let version: (major: Int, minor: Int, micro: Int) = parseVersion(versionInfo)

  static func parseVersion(_ banner: String) -> (major: Int, minor: Int, micro: Int) {
    // The banner reads "(GNU FriBidi) 1.0.8\n...": take the first dotted number.
    let numbers =
      banner.split(whereSeparator: { !$0.isNumber && $0 != "." })
      .first(where: { $0.contains(".") })
      .map { $0.split(separator: ".").compactMap { Int($0) } } ?? []
    func part(_ i: Int) -> Int { i < numbers.count ? numbers[i] : 0 }
    return (part(0), part(1), part(2))
  }

  // MARK: Character properties

  static func friBidiType(_ bidiClass: BidiClass) -> FriBidiCharType {
    switch bidiClass {
    case .leftToRight: FRIBIDI_TYPE_LTR
    case .rightToLeft: FRIBIDI_TYPE_RTL
    case .arabicLetter: FRIBIDI_TYPE_AL
    case .europeanNumber: FRIBIDI_TYPE_EN
    case .europeanSeparator: FRIBIDI_TYPE_ES
    case .europeanTerminator: FRIBIDI_TYPE_ET
    case .arabicNumber: FRIBIDI_TYPE_AN
    case .commonSeparator: FRIBIDI_TYPE_CS
    case .nonspacingMark: FRIBIDI_TYPE_NSM
    case .boundaryNeutral: FRIBIDI_TYPE_BN
    case .paragraphSeparator: FRIBIDI_TYPE_BS
    case .segmentSeparator: FRIBIDI_TYPE_SS
    case .whiteSpace: FRIBIDI_TYPE_WS
    case .otherNeutral: FRIBIDI_TYPE_ON
    case .leftToRightEmbedding: FRIBIDI_TYPE_LRE
    case .leftToRightOverride: FRIBIDI_TYPE_LRO
    case .rightToLeftEmbedding: FRIBIDI_TYPE_RLE
    case .rightToLeftOverride: FRIBIDI_TYPE_RLO
    case .popDirectionalFormat: FRIBIDI_TYPE_PDF
    case .leftToRightIsolate: FRIBIDI_TYPE_LRI
    case .rightToLeftIsolate: FRIBIDI_TYPE_RLI
    case .firstStrongIsolate: FRIBIDI_TYPE_FSI
    case .popDirectionalIsolate: FRIBIDI_TYPE_PDI
    default: FRIBIDI_TYPE_ON
    }
  }

  private static func bidiClass(fromFriBidi type: FriBidiCharType) -> BidiClass {
    // 23 values: a scan costs less than hashing, and this fills the class table at start-up.
    for (rawValue, candidate) in friBidiTypeByClass.enumerated() where candidate == type {
      return BidiClass(unchecked: UInt8(rawValue))
    }
    return .otherNeutral
  }

  /// The FriBidi types of all classes, indexed by `BidiClass.rawValue`, for the hot conversion loops.
  private static let friBidiTypeByClass: [FriBidiCharType] = BidiClass.allCases.map(friBidiType)

  static func bidiClass(of scalar: UInt32) -> BidiClass {
    bidiClass(fromFriBidi: fribidi_get_bidi_type(scalar))
  }

  static func mirror(of scalar: UInt32) -> UInt32? {
    var mirrored: FriBidiChar = 0
    return unsafe fribidi_get_mirror_char(scalar, &mirrored) != 0 ? mirrored : nil
  }

  /// The bracket id FriBidi assigns (the opening bracket's code point, with the top bit set for an
  /// opening bracket), or 0 for a character that is not a paired bracket.
  static func bracket(of scalar: UInt32) -> UInt32 {
    fribidi_get_bracket(scalar)
  }

  static let openingBracketMask: UInt32 = 0x8000_0000

  // MARK: Resolution

  /// Runs FriBidi's explicit, weak, neutral and implicit rules over one sequence of classes.
  ///
  /// - Parameters:
  ///   - classes: the classes to resolve, as the engine's values.
  ///   - brackets: FriBidi bracket ids per element (0 for none), as many as `classes`.
  ///   - rightToLeft: the paragraph's base direction.
  ///   - buffers: the library's types and levels, reused from call to call; the first
  ///     `classes.count` levels are the result, as `FriBidiLevel` (`Int8`) values.
  /// - Returns: `false` when the library reports a failure (it only fails when it cannot allocate).
  static func resolveLevels(
    classes: [BidiClass], brackets: [UInt32], rightToLeft: Bool, into buffers: inout LibraryLevelBuffers
  ) -> Bool {
    let count = classes.count
    guard count > 0 else { return true }
    precondition(brackets.count == count, "one bracket id per class")
    buffers.types.grow(toAtLeast: count, filling: FRIBIDI_TYPE_ON)
    buffers.levels.grow(toAtLeast: count, filling: 0)
    do {
      var types = buffers.types.mutableSpan
      for i in 0..<count { types[i] = friBidiTypeByClass[Int(classes[i].rawValue)] }
    }
    var direction: FriBidiParType = rightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
    let maximum = unsafe buffers.types.withUnsafeBufferPointer { typeBuffer in
      unsafe brackets.withUnsafeBufferPointer { bracketBuffer in
        unsafe buffers.levels.withUnsafeMutableBufferPointer { levelBuffer in
          unsafe fribidi_get_par_embedding_levels_ex(
            typeBuffer.baseAddress, bracketBuffer.baseAddress, FriBidiStrIndex(count),
            &direction, levelBuffer.baseAddress)
        }
      }
    }
    return maximum > 0
  }

  // MARK: Arabic shaping

  /// Shapes Arabic letters in logical order: joining (from the classes and levels) and then
  /// presentation forms, with lam-alef ligatures when asked.
  ///
  /// The engine shapes with `ArabicShaping`, which reads its data from the library once; this whole
  /// call is kept as the reference the tests compare it with.
  ///
  /// FriBidi writes U+FEFF where a ligature swallowed the lam; the caller removes it.
  static func shapeArabic(
    scalars: inout [UInt32], classes: ArraySlice<BidiClass>, levels: [UInt8], ligatures: Bool
  ) {
    let count = scalars.count
    guard count > 0 else { return }
    var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: count)
    for (i, bidiClass) in zip(0..<count, classes) { types[i] = friBidiTypeByClass[Int(bidiClass.rawValue)] }
    var properties = [FriBidiArabicProp](repeating: 0, count: count)
    var flags = FriBidiFlags(FRIBIDI_FLAG_SHAPE_ARAB_PRES)
    if ligatures { flags |= FriBidiFlags(FRIBIDI_FLAG_SHAPE_ARAB_LIGA) }
    unsafe scalars.withUnsafeMutableBufferPointer { scalarBuffer in
      unsafe properties.withUnsafeMutableBufferPointer { propertyBuffer in
        // FriBidiLevel is a signed byte: the same bits as the engine's levels.
        unsafe levels.withUnsafeBytes { levelBytes in
          let levelBuffer = unsafe levelBytes.bindMemory(to: FriBidiLevel.self)
          unsafe types.withUnsafeBufferPointer { typeBuffer in
            unsafe fribidi_get_joining_types(
              scalarBuffer.baseAddress, FriBidiStrIndex(count), propertyBuffer.baseAddress)
            unsafe fribidi_join_arabic(
              typeBuffer.baseAddress, FriBidiStrIndex(count), levelBuffer.baseAddress,
              propertyBuffer.baseAddress)
            unsafe fribidi_shape_arabic(
              flags, levelBuffer.baseAddress, FriBidiStrIndex(count), propertyBuffer.baseAddress,
              scalarBuffer.baseAddress)
          }
        }
      }
    }
  }

  /// The filler FriBidi leaves where a ligature took two characters' place.
  static let ligatureFiller: UInt32 = 0xFEFF

  // MARK: Shaping data, for the engine's own shaper

  /// The headers' joining masks, in the order of `ArabicJoining`'s bits: joins right, joins left,
  /// shapes, transparent, ignored.
  static let joiningMasks: [UInt8] = [
    FRIBIDI_MASK_JOINS_RIGHT, FRIBIDI_MASK_JOINS_LEFT, FRIBIDI_MASK_ARAB_SHAPES, FRIBIDI_MASK_TRANSPARENT,
    FRIBIDI_MASK_IGNORED,
  ].map { UInt8($0) }

  /// FriBidi's joining type of `scalar`: a set of `ArabicJoining` bits.
  static func joiningType(of scalar: UInt32) -> UInt8 {
    fribidi_get_joining_type(scalar)
  }

  /// The presentation form FriBidi gives `scalar` for one joining shape (`ArabicJoining.joinsRight`
  /// and `joinsLeft` bits), read by shaping it alone with that shape.
  static func presentationForm(of scalar: UInt32, shape: UInt8) -> UInt32 {
    var value = scalar
    var property = FriBidiArabicProp(ArabicJoining.shapes | shape)
    var level: FriBidiLevel = 1
    unsafe fribidi_shape_arabic(FriBidiFlags(FRIBIDI_FLAG_SHAPE_ARAB_PRES), &level, 1, &property, &value)
    return value
  }

  /// The mandatory ligature FriBidi forms of two shaped characters in right-to-left text, if any.
  static func mandatoryLigature(_ first: UInt32, _ second: UInt32) -> UInt32? {
    var values = [first, second]
    var properties: [FriBidiArabicProp] = [0, 0]
    var levels: [FriBidiLevel] = [1, 1]
    unsafe fribidi_shape_arabic(FriBidiFlags(FRIBIDI_FLAG_SHAPE_ARAB_LIGA), &levels, 2, &properties, &values)
    return values[0] == ligatureFiller && first != ligatureFiller ? values[1] : nil
  }
}

/// The arrays FriBidi reads a segment's types from and writes its levels to, kept from call to
/// call by the segment buffer, so that a message with explicit embeddings allocates nothing of its
/// own to hand them over.
@available(SwiftStdlib 6.2, *)
struct LibraryLevelBuffers {
  fileprivate var types: [FriBidiCharType] = []
  /// The levels of the last ``FriBidiLibrary/resolveLevels(classes:brackets:rightToLeft:into:)``,
  /// as FriBidi's `FriBidiLevel` values.
  fileprivate(set) var levels: [Int8] = []
}

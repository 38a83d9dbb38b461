// Fuzz targets for libFuzzer (`Scripts/fuzz` builds this with -sanitize=fuzzer,address and
// -DFUZZING). Built normally, the same file is a reproducer: `bidi-fuzz TARGET FILE…` runs a target
// on saved inputs, which is how crashes become regression tests.
//
// Each target checks the properties that must hold for any input, and traps when one does not.
import Bidi
@_spi(Testing) import BidiFixCommands
import BidiIsolator
import BidiLocalizationCore
import BidiTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

enum FuzzTarget: String, CaseIterable {
  case isolator, engine, message, localization, display

  func run(_ bytes: [UInt8]) {
    switch self {
    case .isolator: fuzzIsolator(bytes)
    case .engine: fuzzEngine(bytes)
    case .message: fuzzMessage(bytes)
    case .localization: fuzzLocalization(bytes)
    case .display: fuzzDisplay(bytes)
    }
  }
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    print("property failed: \(message())")
    fflush(nil)  // all streams, so the message survives the abort
    abort()
  }
}

/// The isolator under every strategy and control policy: balanced output, idempotence, and
/// reversibility for input without controls of its own.
func fuzzIsolator(_ bytes: [UInt8]) {
  guard let selector = bytes.first else { return }
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  let strategy = IsolationStrategy.allCases[Int(selector) % 3]
  let policy = ControlPolicy.allCases[Int(selector / 3) % 3]
  let isolator = BidiIsolator(IsolationOptions(strategy: strategy, existingControls: policy))
  let once = isolator.isolate(text)
  if policy != .keep {
    require(BidiControlAudit(once).isWellBalanced, "unbalanced output for \(text.debugDescription)")
    require(isolator.isolate(once) == once, "not idempotent for \(text.debugDescription)")
  }
  if !text.unicodeScalars.contains(where: { BidiControl($0) != nil }) {
    require(isolator.removeIsolation(from: once) == text, "not reversible for \(text.debugDescription)")
  }
  _ = EntityScanner().entities(in: text)
  _ = DirectionDetector(heuristic: .wordMajority).direction(of: text)
}

/// The engine: resolve, lay out whole paragraphs and arbitrary sub-ranges; visual order must be a
/// permutation and the maps must invert each other.
func fuzzEngine(_ bytes: [UInt8]) {
  guard let selector = bytes.first else { return }
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  let direction: BaseDirection = [.leftToRight, .rightToLeft, .auto][Int(selector) % 3]
  guard let resolved = try? BidiText(text, direction: direction) else { return }
  for paragraph in resolved.paragraphs {
    let options: ReorderingOptions = selector & 0x80 != 0 ? .display : [.removeX9Characters, .mirror]
    let line = paragraph.line(options: options)
    var seen = Set<Int>()
    let logicalToVisual = line.logicalToVisual
    for (visual, logical) in line.visualToLogical.enumerated() {
      require(paragraph.range.contains(logical), "visual position maps outside the paragraph")
      require(
        logicalToVisual[logical - paragraph.range.lowerBound] == visual || options.contains(.shapeArabic),
        "maps do not invert")
      seen.insert(logical)
    }
    require(seen.count == line.visualToLogical.count, "a character shown twice")
    if paragraph.range.count > 2 {
      let cut = paragraph.range.lowerBound + Int(selector >> 2) % paragraph.range.count
      _ = paragraph.line(paragraph.range.lowerBound..<cut, options: .display)
      _ = paragraph.line(cut..<paragraph.range.upperBound, options: .display)
    }
  }
}

/// One bidi-fix message pass over arbitrary bytes: invalid UTF-8 must come out unchanged, so a line
/// that is not valid UTF-8 stays invalid. (A line of nothing but unmatched controls may come out
/// empty: the sanitiser drops what closes nothing.)
func fuzzMessage(_ bytes: [UInt8]) {
  guard let selector = bytes.first else { return }
  let line = Array(bytes.dropFirst().filter { $0 != 0x0A })
  let isolated = MessagePass.isolate(line)
  if String(validating: line, as: UTF8.self) == nil {
    require(String(validating: isolated, as: UTF8.self) == nil, "invalid bytes lost from \(line)")
  }
  _ = MessagePass.display(line, width: selector % 2 == 0 ? nil : Int(selector % 60) + 1)
  _ = MessagePass.isolateRecord(line)
  // strip undoes isolate for a line with no controls of its own; check reads any line.
  let controls: [[UInt8]] = BidiControl.allCases.map { Array(String($0.scalar).utf8) }
  let hasControls = controls.contains { control in
    line.indices.contains { line[$0...].starts(with: control) }
  }
  if !hasControls {
    require(MessagePass.strip(isolated) == line, "strip did not undo isolate on \(line)")
  }
  _ = MessagePass.check(line)
}

/// `TerminalDisplay` against ``ReferenceDisplay``, the data flow it replaced, with the options the
/// selector byte picks: each line of the input (decoded, ill-formed bytes replaced) must come out
/// the same, byte for byte, with one workspace reused from line to line.
func fuzzDisplay(_ bytes: [UInt8]) {
  guard let selector = bytes.first else { return }
  let widths: [Int?] = [nil, 40, 80, Int(selector >> 3) + 1]
  let alignments: [TerminalLayout.Alignment] = [.auto, .left, .right, .none]
  var display = TerminalDisplay(
    layout: TerminalLayout(
      width: widths[Int(selector) % 4], alignment: alignments[Int(selector >> 2) % 4],
      shapesArabic: selector & 0x40 == 0))
  if selector & 0x80 != 0 {
    display.isolator = selector & 0x10 != 0 ? nil : display.isolator
    display.direction = selector & 0x20 != 0 ? .rightToLeft : nil
    display.digits = selector & 0x08 != 0 ? .contextual() : .keep
  }
  let reference = ReferenceDisplay(display)
  var workspace = TerminalDisplay.Workspace()
  for line in bytes.dropFirst().split(separator: 0x0A, omittingEmptySubsequences: false) {
    let text = String(decoding: line, as: UTF8.self)
    var fast: [UInt8] = []
    display.render(text.utf8Span, lineBreak: [0x0A], appendingTo: &fast, workspace: &workspace)
    var expected: [UInt8] = []
    reference.render(text, lineBreak: [0x0A], appendingTo: &expected)
    require(fast == expected, "display differs from the reference for \(text.debugDescription) (selector \(selector))")
  }
}

/// A translation file in the format the selector byte picks: it is read or refused with a position
/// in it; read, its findings come without a trap, fixing nothing gives back its bytes, and the fixed
/// file reads again with the same values and is its own fix.
func fuzzLocalization(_ bytes: [UInt8]) {
  guard let selector = bytes.first else { return }
  let formats: [LocalizationFormat] = [.strings, .stringsdict, .stringCatalog, .androidStrings, .gettext]
  let format = formats[Int(selector) % formats.count]
  let body = Array(bytes.dropFirst())
  let file: LocalizationFile
  do {
    file = try LocalizationFile(bytes: body, format: format)
  } catch {
    require(error.line >= 1 && error.column >= 1, "error without a position: \(error)")
    return
  }
  _ = file.findings(isRightToLeft: { _ in selector & 0x80 == 0 })
  require(file.isolatingPlaceholders(where: { _ in false }) == body, "fixing nothing changed the bytes")
  let fixed = file.isolatingPlaceholders()
  guard let again = try? LocalizationFile(bytes: fixed, format: format) else {
    require(false, "the fixed \(format) file does not read")
    return
  }
  require(again.values.count == file.values.count, "the fixed file has other values")
  require(again.isolatingPlaceholders() == fixed, "fixing is not idempotent")
}

#if FUZZING
  nonisolated(unsafe) let fuzzTarget: FuzzTarget = {
    let name = unsafe getenv("BIDI_FUZZ_TARGET").map { unsafe String(cString: $0) } ?? "isolator"
    guard let target = FuzzTarget(rawValue: name) else {
      print("BIDI_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))")
      exit(2)
    }
    return target
  }()

  @_cdecl("LLVMFuzzerTestOneInput")
  func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    unsafe fuzzTarget.run(unsafe data.map { unsafe Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
  }

  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// SwiftPM names an executable's entry point after the product and maps `main` to it, so
  /// libFuzzer is started from here rather than from libFuzzer's own `main`.
  @_cdecl("bidi_fuzz_main")
  func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> CInt {
    var argc = argc
    var argv = unsafe argv
    _ = unsafe fuzzTarget
    return unsafe runFuzzerDriver(&argc, &argv, fuzzOneInput)
  }
#else
  @main
  enum Reproducer {
    static func main() {
      let arguments = CommandLine.arguments.dropFirst()
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        print("usage: bidi-fuzz isolator|engine|message|localization|display FILE…")
        exit(2)
      }
      for path in arguments.dropFirst() {
        guard let contents = FileManager.default.contents(atPath: path) else {
          print("cannot read \(path)")
          exit(2)
        }
        target.run(Array(contents))
      }
      print("\(arguments.count - 1) input(s) passed \(name)")
    }
  }
#endif

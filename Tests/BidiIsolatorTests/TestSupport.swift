import Bidi
import BidiIsolator

/// The paragraph direction the engine gives `text` by rule P2–P3.
func paragraphDirection(_ text: String) throws -> TextDirection {
  try BidiText(text, direction: .auto).paragraphs[0].direction
}

/// A right-to-left run as it appears on screen: its characters in reverse order. Tests write the
/// expected display of mixed text by hand with it, one run at a time.
func rtl(_ run: String) -> String {
  String(String.UnicodeScalarView(run.unicodeScalars.reversed()))
}

// The controls by their abbreviations, for writing expected outputs by hand.
let lre = "\u{202A}"
let rle = "\u{202B}"
let pdf = "\u{202C}"
let lro = "\u{202D}"
let rlo = "\u{202E}"
let lri = "\u{2066}"
let rli = "\u{2067}"
let fsi = "\u{2068}"
let pdi = "\u{2069}"
let lrm = "\u{200E}"
let rlm = "\u{200F}"
let alm = "\u{061C}"

/// An isolator with the given strategy and otherwise default options.
func isolator(
  _ strategy: IsolationStrategy = .isolate, controls: ControlPolicy = .close, explicit: ExplicitDirection = .none,
  heuristic: DirectionHeuristic = .firstStrong, direction: TextDirection? = nil, kinds: EntityKinds = .all,
  members: [String] = []
) -> BidiIsolator {
  BidiIsolator(
    IsolationOptions(
      strategy: strategy, kinds: kinds, existingControls: controls, memberNames: members, explicitDirection: explicit,
      directionHeuristic: heuristic, messageDirection: direction))
}

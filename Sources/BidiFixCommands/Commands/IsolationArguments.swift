import ArgumentParser
@_spi(BidiCore) import BidiCore
import BidiIsolator

/// Options shared by the commands that find entities: which kinds, and the room's member names.
@available(SwiftStdlib 6.2, *)
struct EntityArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Entity kinds to look for, comma-separated: mention, hashtag, cashtag, url, email, number, code, term, command, retweet, path, emoticon, quotation, parenthetical, emphasis (default: all).",
      valueName: "kinds"))
  var kinds: String?

  @Option(
    help: ArgumentHelp(
      "A file of the room's member names, one per line (a leading @ is ignored): a mention is the longest member name that matches.",
      valueName: "file"))
  var members: String?

  func validate() throws {
    _ = try entityKinds()
  }

  func entityKinds() throws -> EntityKinds {
    guard let kinds else { return .all }
    var set: EntityKinds = []
    for name in kinds.split(separator: ",") {
      let trimmed = name.trimmingCharacters(in: " ")
      let singular =
        trimmed.hasSuffix("s") && EntityKind(rawValue: String(trimmed.dropLast())) != nil
        ? String(trimmed.dropLast()) : trimmed
      guard let kind = EntityKind(rawValue: singular) else {
        throw ValidationError("unknown entity kind '\(trimmed)'; use mention, hashtag, url, email or number")
      }
      set.insert(EntityKinds(kind))
    }
    return set
  }

  func memberNames() throws -> [String] {
    guard let members else { return [] }
    guard let bytes = FileContents.read(members) else {
      throw ValidationError("cannot read the member list '\(members)'")
    }
    return String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .map { line in
        var name = line.trimmingCharacters(in: " \t\r")
        if name.hasPrefix("@") || name.hasPrefix("＠") { name.removeFirst() }
        return name
      }
      .filter { !$0.isEmpty }
  }
}

/// The isolator's options as `isolate` and `display` take them.
@available(SwiftStdlib 6.2, *)
struct IsolationArguments: ParsableArguments {
  @Option(
    help:
      "isolate (LRI/RLI…PDI, the default), embed (LRE/RLE…PDF and marks, for pre-6.3 renderers) or mark (LRM/RLM only)."
  )
  var strategy: IsolationStrategy = .isolate

  @Option(help: "What to do with bidi controls already in a message: close (default: balance them), strip or keep.")
  var sanitize: ControlPolicy = .close

  @Option(
    name: .customLong("explicit-direction"),
    help:
      "Write the message's direction into it: none (default), mark (a leading LRM/RLM) or isolate (wrap in LRI/RLI…PDI)."
  )
  var explicitDirection: ExplicitDirection = .none

  @Option(
    name: .customLong("direction-heuristic"),
    help:
      "How a message's direction is estimated: firstStrong (first strong character outside entities) or wordMajority.")
  var directionHeuristic: DirectionHeuristic = .firstStrong

  func options(entities: EntityArguments) throws -> IsolationOptions {
    IsolationOptions(
      strategy: strategy, kinds: try entities.entityKinds(), existingControls: sanitize,
      memberNames: try entities.memberNames(), explicitDirection: explicitDirection,
      directionHeuristic: directionHeuristic)
  }
}

@available(SwiftStdlib 6.2, *)
extension IsolationStrategy: ExpressibleByArgument {}
@available(SwiftStdlib 6.2, *)
extension ControlPolicy: ExpressibleByArgument {}
@available(SwiftStdlib 6.2, *)
extension ExplicitDirection: ExpressibleByArgument {}
@available(SwiftStdlib 6.2, *)
extension DirectionHeuristic: ExpressibleByArgument {}

@available(SwiftStdlib 6.2, *)
extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var slice = self[...]
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}

/// Reads a small whole file (a member list).
@available(SwiftStdlib 6.2, *)
enum FileContents {
  static func read(_ path: String) -> [UInt8]? {
    guard case .success(let (descriptor, _)) = InputFile.open(path) else { return nil }
    defer { try? descriptor.close() }
    var reader = LineReader(descriptor: descriptor)
    var bytes: [UInt8] = []
    do {
      while let line = try reader.next() {
        line.withBytes { bytes.append(copying: $0) }
        bytes.append(0x0A)
        reader.reuseChunks(ofBatchesThrough: Int.max)
      }
    } catch {
      return nil
    }
    return bytes
  }
}

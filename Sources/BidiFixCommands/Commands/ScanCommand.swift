import ArgumentParser
@_spi(BidiCore) import BidiCore
import BidiIsolator

@available(SwiftStdlib 6.2, *)
struct ScanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scan",
    abstract:
      "List the entities of each message: mentions, hashtags, URLs, e-mails, numbers, inline code, terms like C++, commands, emoticons, quotations, parentheticals, emphasis.",
    discussion: """
      Without --json: one line per entity, FILE:LINE:COLUMN: KIND TEXT. With --json: one object per \
      input line, exactly {"entities":[{"kind":"mention","start":6,"end":8,"text":"@我"}]}, where start \
      and end are Unicode-scalar offsets within the line (end exclusive); with --jsonl each entity also \
      names its "field".
      """)

  @OptionGroup var input: InputOptions
  @OptionGroup var entities: EntityArguments

  @Flag(help: "Write one JSON object per input line.")
  var json = false

  func run() throws {
    let scanner = EntityScanner(kinds: try entities.entityKinds(), memberNames: try entities.memberNames())
    let report = ScanReport(layout: input.layout, scanner: scanner, json: json, strict: input.strict)
    let status = input.driver.run(report, inputs: input.files)
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

/// The per-line report of `scan`.
@available(SwiftStdlib 6.2, *)
struct ScanReport: MessageReport {
  let layout: MessageLayout
  let scanner: EntityScanner
  let json: Bool
  let strict: Bool

  /// The common line is reported straight from its bytes: a `String`, a `String.Index` and a copy
  /// of the text per entity cost more than finding the entities.
  func report(
    validLine bytes: Span<UInt8>, line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic]
  ) {
    var report = EntityReport(source: source, lineNumber: line.number, json: json)
    report.begin(into: &output)
    scanner.forEachEntity(inValidUTF8: bytes, findingDirections: false) { location in
      report.append(location, in: bytes, into: &output)
    }
    report.finish(into: &output)
  }

  func report(
    _ messages: [MessageExtraction.Message], line: LineInfo, from source: String, into output: inout [UInt8],
    diagnostics: inout [Diagnostic]
  ) {
    var report = EntityReport(source: source, lineNumber: line.number, json: json)
    report.begin(into: &output)
    for message in messages {
      for entity in scanner.entities(in: message.text) {
        Array(entity.text.utf8).withBytes { text in
          report.append(entity.kind, field: message.field, scalarRange: entity.scalarRange, text: text, into: &output)
        }
      }
    }
    report.finish(into: &output)
  }
}

/// One line's report, each entity written into room reserved for it once: an `append` call per
/// piece cost more than finding the entities.
///
/// With `json`, one object per line, `{"entities":[{"kind":…,"start":…,"end":…,"text":…}]}`;
/// otherwise one `FILE:LINE:COLUMN: KIND TEXT` line per entity.
@available(SwiftStdlib 6.2, *)
struct EntityReport {
  /// Where the line came from: the report holds no reference to the line's bytes.
  let source: String
  let lineNumber: Int
  let json: Bool
  private var isFirst = true

  init(source: String, lineNumber: Int, json: Bool) {
    self.source = source
    self.lineNumber = lineNumber
    self.json = json
  }

  func begin(into output: inout [UInt8]) {
    if json { output.append(addingCapacity: 14) { $0.append(#"{"entities":["#) } }
  }

  /// Appends the entity at `location` in `line`: as a JSON entry written whole when it can be (see
  /// ``JSONEntry``), otherwise the general way.
  mutating func append(_ location: EntityLocation, in line: Span<UInt8>, into output: inout [UInt8]) {
    if json {
      var written = false
      output.append(addingCapacity: 1 + JSONEntry.room(for: location.utf8Range)) { out in
        if !isFirst { out.append(UInt8(ascii: ",")) }
        written = out.appendJSONEntry(
          location.kind, scalarRange: location.scalarRange, in: line, utf8Range: location.utf8Range)
        if !written { out.removeAll() }
      }
      if written {
        isFirst = false
        return
      }
    }
    append(location.kind, scalarRange: location.scalarRange, text: line.extracting(location.utf8Range), into: &output)
  }

  /// Appends the entity of `kind` at `scalarRange`, whose bytes are `text`, found in `field` when
  /// the messages are JSON Lines fields.
  mutating func append(
    _ kind: EntityKind, field: String? = nil, scalarRange: Range<Int>, text: Span<UInt8>, into output: inout [UInt8]
  ) {
    if json {
      appendJSON(kind, field: field, scalarRange: scalarRange, text: text, into: &output)
    } else {
      appendLine(kind, field: field, scalarRange: scalarRange, text: text, into: &output)
    }
    isFirst = false
  }

  /// `{"kind":…,"start":…,"end":…,"text":…}`, after a comma unless it is the line's first.
  private func appendJSON(
    _ kind: EntityKind, field: String?, scalarRange: Range<Int>, text: Span<UInt8>, into output: inout [UInt8]
  ) {
    // Literals and two numbers, then the field and the text, each escaped.
    let room = 96 + 6 * (text.count + (field?.utf8.count ?? 0))
    output.append(addingCapacity: room) { out in
      if !isFirst { out.append(UInt8(ascii: ",")) }
      // One literal per kind, each copied whole.
      switch kind {
      case .mention: out.append(#"{"kind":"mention""#)
      case .hashtag: out.append(#"{"kind":"hashtag""#)
      case .url: out.append(#"{"kind":"url""#)
      case .email: out.append(#"{"kind":"email""#)
      case .number: out.append(#"{"kind":"number""#)
      case .cashtag: out.append(#"{"kind":"cashtag""#)
      case .code: out.append(#"{"kind":"code""#)
      case .term: out.append(#"{"kind":"term""#)
      case .command: out.append(#"{"kind":"command""#)
      case .retweet: out.append(#"{"kind":"retweet""#)
      case .path: out.append(#"{"kind":"path""#)
      case .emoticon: out.append(#"{"kind":"emoticon""#)
      case .quotation: out.append(#"{"kind":"quotation""#)
      case .parenthetical: out.append(#"{"kind":"parenthetical""#)
      case .emphasis: out.append(#"{"kind":"emphasis""#)
      }
      if let field {
        out.append(#","field":"#)
        Array(field.utf8).withBytes { out.appendJSONString($0) }
      }
      out.append(#","start":"#)
      out.appendDecimal(scalarRange.lowerBound)
      out.append(#","end":"#)
      out.appendDecimal(scalarRange.upperBound)
      out.append(#","text":"#)
      out.appendJSONString(text)
      out.append(UInt8(ascii: "}"))
    }
  }

  /// `FILE:LINE:COLUMN: KIND TEXT`, with ` [FIELD]` after the column for a JSON Lines field.
  private func appendLine(
    _ kind: EntityKind, field: String?, scalarRange: Range<Int>, text: Span<UInt8>, into output: inout [UInt8]
  ) {
    let room = 64 + text.count + (field?.utf8.count ?? 0) + source.utf8.count
    output.append(addingCapacity: room) { out in
      out.append(utf8: source)
      out.append(UInt8(ascii: ":"))
      out.appendDecimal(lineNumber)
      out.append(UInt8(ascii: ":"))
      out.appendDecimal(scalarRange.lowerBound + 1)
      out.append(UInt8(ascii: ":"))
      if let field {
        out.append(" [")
        out.append(utf8: field)
        out.append(UInt8(ascii: "]"))
      }
      out.append(UInt8(ascii: " "))
      out.append(utf8: kind.rawValue)
      out.append(UInt8(ascii: " "))
      out.append(copying: text)
      out.append(UInt8(ascii: "\n"))
    }
  }

  func finish(into output: inout [UInt8]) {
    if json { output.append(addingCapacity: 3) { $0.append("]}\n") } }
  }
}

import ArgumentParser
import BidiIsolator

struct ScanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scan",
    abstract: "List the mentions, hashtags, URLs, e-mails and numbers in each message.",
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
struct ScanReport: LineCommand {
  let layout: MessageLayout
  let scanner: EntityScanner
  let json: Bool
  let strict: Bool

  var keepsLineEndings: Bool { false }

  func process(_ line: InputLine, from source: String, into output: inout [UInt8], diagnostics: inout [Diagnostic]) {
    var report = EntityReport(source: source, lineNumber: line.number, json: json)
    report.begin(into: &output)
    defer { report.finish(into: &output) }
    // The common line, whole and well-formed, is reported straight from its bytes: a `String`, a
    // `String.Index` and a copy of the text per entity cost more than finding the entities.
    let bytes = line.bytes
    if case .lines = layout, line.isKnownValid || UTF8Stretches.isValid(bytes) {
      scanner.forEachEntity(in: UTF8Span(unchecked: bytes.span), findingDirections: false) { location in
        report.append(location, in: bytes, into: &output)
      }
      return
    }
    let messages = MessageExtraction.messages(in: line, layout: layout, strict: strict, diagnostics: &diagnostics)
    for message in messages {
      for entity in scanner.entities(in: message.text) {
        var text = entity.text
        text.withUTF8 {
          report.append(entity.kind, field: message.field, scalarRange: entity.scalarRange, text: $0, into: &output)
        }
      }
    }
  }
}

extension EntityKind {
  /// ``rawValue`` as a literal, for appending without a `String`.
  fileprivate var name: StaticString {
    switch self {
    case .mention: "mention"
    case .hashtag: "hashtag"
    case .url: "url"
    case .email: "email"
    case .number: "number"
    }
  }
}

/// One line's report, each entity written into room reserved for it once: an `append` call per
/// piece cost more than finding the entities.
///
/// With `json`, one object per line, `{"entities":[{"kind":…,"start":…,"end":…,"text":…}]}`;
/// otherwise one `FILE:LINE:COLUMN: KIND TEXT` line per entity.
private struct EntityReport {
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
    if json { output.append(addingCapacity: 14) { $0.append(#"{"entities":["# as StaticString) } }
  }

  /// Appends the entity at `location` in `line`, as a JSON entry with no branch on the entity
  /// when its text needs no escapes.
  mutating func append(_ location: EntityLocation, in line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    if json
      && output.appendJSONEntry(
        location.kind, scalarRange: location.scalarRange, in: line, utf8Range: location.utf8Range,
        separated: !isFirst)
    {
      isFirst = false
      return
    }
    append(
      location.kind, field: nil, scalarRange: location.scalarRange,
      text: UnsafeBufferPointer(rebasing: line[location.utf8Range]), into: &output)
  }

  mutating func append(
    _ kind: EntityKind, field: String?, scalarRange: Range<Int>, text: UnsafeBufferPointer<UInt8>,
    into output: inout [UInt8]
  ) {
    let text = text.span
    // Literals, three numbers, the kind, the field escaped and the text escaped.
    let room = 128 + 6 * (text.count + (field?.utf8.count ?? 0)) + source.utf8.count
    let isFirst = isFirst
    output.append(addingCapacity: room) { out in
      if json {
        if !isFirst { out.append(UInt8(ascii: ",")) }
        // One literal per kind, each copied as a constant number of bytes.
        switch kind {
        case .mention: out.append(#"{"kind":"mention""# as StaticString)
        case .hashtag: out.append(#"{"kind":"hashtag""# as StaticString)
        case .url: out.append(#"{"kind":"url""# as StaticString)
        case .email: out.append(#"{"kind":"email""# as StaticString)
        case .number: out.append(#"{"kind":"number""# as StaticString)
        }
        if let field {
          out.append(#","field":"# as StaticString)
          out.appendJSONString(field.utf8Span.span)
        }
        out.append(#","start":"# as StaticString)
        out.appendDecimal(scalarRange.lowerBound)
        out.append(#","end":"# as StaticString)
        out.appendDecimal(scalarRange.upperBound)
        out.append(#","text":"# as StaticString)
        out.appendJSONString(text)
        out.append(UInt8(ascii: "}"))
      } else {
        out.append(copying: source.utf8Span.span)
        out.append(UInt8(ascii: ":"))
        out.appendDecimal(lineNumber)
        out.append(UInt8(ascii: ":"))
        out.appendDecimal(scalarRange.lowerBound + 1)
        out.append(UInt8(ascii: ":"))
        if let field {
          out.append(" [" as StaticString)
          out.append(copying: field.utf8Span.span)
          out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: " "))
        out.append(kind.name)
        out.append(UInt8(ascii: " "))
        out.append(copying: text)
        out.append(UInt8(ascii: "\n"))
      }
    }
    self.isFirst = false
  }

  func finish(into output: inout [UInt8]) {
    if json { output.append(addingCapacity: 3) { $0.append("]}\n" as StaticString) } }
  }
}

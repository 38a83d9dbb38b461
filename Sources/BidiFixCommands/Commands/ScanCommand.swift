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

  func process(_ line: InputLine, into output: inout [UInt8], diagnostics: inout [Diagnostic]) {
    let messages = MessageExtraction.messages(in: line, layout: layout, strict: strict, diagnostics: &diagnostics)
    // Every piece is appended to `output` where it is made: a temporary array or string per piece
    // cost more than finding the entities.
    if json {
      output.append(contentsOf: #"{"entities":["#.utf8)
      var first = true
      for message in messages {
        for entity in scanner.entities(in: message.text) {
          if !first { output.append(UInt8(ascii: ",")) }
          first = false
          output.append(contentsOf: #"{"kind":""#.utf8)
          output.append(contentsOf: entity.kind.rawValue.utf8)
          output.append(UInt8(ascii: "\""))
          if let field = message.field {
            output.append(contentsOf: #","field":"#.utf8)
            JSONString.encode(field, into: &output)
          }
          output.append(contentsOf: #","start":"#.utf8)
          output.append(contentsOf: String(entity.scalarRange.lowerBound).utf8)
          output.append(contentsOf: #","end":"#.utf8)
          output.append(contentsOf: String(entity.scalarRange.upperBound).utf8)
          output.append(contentsOf: #","text":"#.utf8)
          JSONString.encode(entity.text, into: &output)
          output.append(UInt8(ascii: "}"))
        }
      }
      output.append(contentsOf: "]}\n".utf8)
      return
    }
    for message in messages {
      for entity in scanner.entities(in: message.text) {
        output.append(contentsOf: line.source.utf8)
        output.append(UInt8(ascii: ":"))
        output.append(contentsOf: String(line.number).utf8)
        output.append(UInt8(ascii: ":"))
        output.append(contentsOf: String(entity.scalarRange.lowerBound + 1).utf8)
        output.append(UInt8(ascii: ":"))
        if let field = message.field {
          output.append(contentsOf: " [".utf8)
          output.append(contentsOf: field.utf8)
          output.append(UInt8(ascii: "]"))
        }
        output.append(UInt8(ascii: " "))
        output.append(contentsOf: entity.kind.rawValue.utf8)
        output.append(UInt8(ascii: " "))
        output.append(contentsOf: entity.text.utf8)
        output.append(UInt8(ascii: "\n"))
      }
    }
  }
}

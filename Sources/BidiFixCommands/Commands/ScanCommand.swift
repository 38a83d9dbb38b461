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
    if json {
      output += Array(#"{"entities":["#.utf8)
      var first = true
      for message in messages {
        for entity in scanner.entities(in: message.text) {
          if !first { output.append(UInt8(ascii: ",")) }
          first = false
          output += Array(#"{"kind":""#.utf8) + Array(entity.kind.rawValue.utf8) + Array("\"".utf8)
          if let field = message.field {
            output += Array(#","field":"#.utf8)
            JSONString.encode(field, into: &output)
          }
          output += Array(#","start":\#(entity.scalarRange.lowerBound),"end":\#(entity.scalarRange.upperBound),"text":"#.utf8)
          JSONString.encode(entity.text, into: &output)
          output.append(UInt8(ascii: "}"))
        }
      }
      output += Array("]}\n".utf8)
      return
    }
    for message in messages {
      for entity in scanner.entities(in: message.text) {
        let field = message.field.map { " [\($0)]" } ?? ""
        output += Array(
          "\(line.source):\(line.number):\(entity.scalarRange.lowerBound + 1):\(field) \(entity.kind) \(entity.text)\n".utf8)
      }
    }
  }
}

// Library-level throughput of the isolator and the scanner on a corpus file (one message per line),
// in a release build: `Scripts/bench` runs it on Corpus/mixed.txt and Corpus/ltr-heavy.txt.
import BidiIsolator
import Foundation

// An optional second argument runs one measure only, for a profiler: `string`, `bytes` or `scan`.
let arguments = CommandLine.arguments
let only = arguments.count == 3 ? arguments[2] : nil
guard arguments.count == 2 || (only.map { ["string", "bytes", "scan"].contains($0) } ?? false),
  let contents = FileManager.default.contents(atPath: arguments[1])
else {
  print("usage: bidi-isolator-bench CORPUS [string|bytes|scan]")
  exit(2)
}
var loaded = String(decoding: contents, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
  .map(String.init)
if loaded.last == "" { loaded.removeLast() }
let messages = loaded
let bytes = messages.reduce(0) { $0 + $1.utf8.count + 1 }

/// The best of five passes over the corpus, in MB/s.
func throughput<Message>(_ messages: [Message], _ bytes: Int, _ body: (Message) -> Int) -> Double {
  var best = Double.infinity
  var sink = 0
  let clock = ContinuousClock()
  for _ in 0..<5 {
    let elapsed = clock.measure {
      for message in messages { sink &+= body(message) }
    }
    best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  if sink == 42 { print("") }  // keeps the work from being optimised away
  return Double(bytes) / best / 1e6
}

let isolator = BidiIsolator()
let scanner = EntityScanner()
print("corpus: \(CommandLine.arguments[1]), \(messages.count) messages, \(bytes) bytes")
if only == nil || only == "string" {
  print("isolate (library, one core): \(Int(throughput(messages, bytes) { isolator.isolate($0).utf8.count })) MB/s")
}
// The byte-level API, as a server writing to a socket would call it: UTF-8 in, UTF-8 appended to
// a buffer that is reused, and no String made on the way out.
var output: [UInt8] = []
output.reserveCapacity(1 << 16)
if only == nil || only == "bytes" {
  let bytesThroughput = throughput(messages, bytes) { message in
    output.removeAll(keepingCapacity: true)
    isolator.isolate(message.utf8Span, appendingTo: &output)
    return output.count
  }
  print("isolate bytes (library, one core): \(Int(bytesThroughput)) MB/s")
}
if only == nil || only == "scan" {
  print("scan (library, one core): \(Int(throughput(messages, bytes) { scanner.entities(in: $0).count })) MB/s")
}

// Library-level throughput of the isolator and the scanner on a corpus file (one message per line),
// in a release build: `Scripts/bench` runs it on Corpus/mixed.txt and Corpus/ltr-heavy.txt.
import BidiIsolator

#if canImport(Glibc)
  import Glibc
#endif

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

// An optional second argument runs one measure only, for a profiler: `string`, `bytes` or `scan`.
let arguments = CommandLine.arguments
let only = arguments.count == 3 ? arguments[2] : nil
guard arguments.count == 2 || (only.map { ["string", "bytes", "scan"].contains($0) } ?? false),
  let file = fopen(arguments[1], "rb")
else {
  print("usage: bidi-isolator-bench CORPUS [string|bytes|scan]")
  exit(2)
}
var loaded: [String] = []
var line: UnsafeMutablePointer<CChar>? = nil
var capacity = 0
while getline(&line, &capacity, file) > 0 {
  var message = String(cString: line!)
  if message.hasSuffix("\n") { message.removeLast() }
  loaded.append(message)
}
let messages = loaded
let bytes = messages.reduce(0) { $0 + $1.utf8.count + 1 }

/// The best of five passes over the corpus, in MB/s.
func throughput<Message>(_ messages: [Message], _ bytes: Int, _ body: (Message) -> Int) -> Double {
  var best = Double.infinity
  var sink = 0
  for _ in 0..<5 {
    let start = now()
    for message in messages { sink &+= body(message) }
    best = min(best, now() - start)
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
// a buffer that is reused, and no String made on either side.
let encoded = messages.map { Array($0.utf8) }
var output: [UInt8] = []
output.reserveCapacity(1 << 16)
if only == nil || only == "bytes" {
  let bytesThroughput = throughput(encoded, bytes) { message in
    output.removeAll(keepingCapacity: true)
    message.withUnsafeBufferPointer { buffer in
      isolator.isolate(UTF8Span(unchecked: buffer.span), appendingTo: &output)
    }
    return output.count
  }
  print("isolate bytes (library, one core): \(Int(bytesThroughput)) MB/s")
}
if only == nil || only == "scan" {
  print("scan (library, one core): \(Int(throughput(messages, bytes) { scanner.entities(in: $0).count })) MB/s")
}

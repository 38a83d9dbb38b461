import BidiFixCommands
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The engine under the commands needs the Swift 6.2 standard library, which Apple's systems ship
// from their 26 releases; on Linux the check always passes.
if #available(SwiftStdlib 6.2, *) {
  BidiFix.main()
} else {
  let refusal = "bidi-fix: needs macOS 26 or later (the BidiIsolator library runs on macOS 13 and later)\n"
  _ = try? FileDescriptor.standardError.writeAll(refusal.utf8)
  exit(69)  // EX_UNAVAILABLE: the system lacks what the tool needs.
}

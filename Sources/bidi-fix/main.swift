import BidiFixCommands

// The engine under the commands uses what Apple's systems have from the 26 releases on; on Linux the
// check always passes.
if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
  BidiFix.main()
} else {
  print("bidi-fix needs macOS 26 or later (the BidiIsolator library runs on macOS 13 and later)")
}

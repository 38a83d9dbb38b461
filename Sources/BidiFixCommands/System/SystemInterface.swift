import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The command layer's calls into the C library that swift-system does not wrap: environment
// variables, renaming and removing files, waiting for input, the terminal's width and the
// terminal's bidi mode, which a signal handler must be able to restore. This file is one of the few with pointer code (the
// README names them): C strings and a C structure filled in place. Everything else reads and
// writes through swift-system.

/// The process's environment.
@available(SwiftStdlib 6.2, *)
enum Environment {
  /// The value of the variable `name`, or `nil` when it is not set.
  static func variable(_ name: String) -> String? {
    unsafe getenv(name).map { unsafe String(cString: $0) }
  }

  /// `NO_COLOR` set to anything non-empty turns colour off (no-color.org).
  static var noColor: Bool { !(variable("NO_COLOR") ?? "").isEmpty }
}

/// The calls on paths and descriptors that `strings fix --in-place` needs to replace a file whole.
@available(SwiftStdlib 6.2, *)
enum FileCalls {
  /// Moves `source` over `destination` in one step: a reader sees the old file or the new one.
  static func move(_ source: String, over destination: String) throws(Errno) {
    guard unsafe rename(source, destination) == 0 else { throw Errno(rawValue: errno) }
  }

  /// Removes `path`, ignoring failure: for a temporary file left by a write that failed.
  static func remove(_ path: String) {
    _ = unsafe unlink(path)
  }

  /// Sets the permissions of an open file whatever the umask.
  static func setPermissions(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno) {
    guard fchmod(descriptor.rawValue, mode_t(permissions.rawValue)) == 0 else { throw Errno(rawValue: errno) }
  }

  /// Waits until the file's bytes are on the disk, so that a rename after it never leaves an empty
  /// file in its place after a power cut.
  static func synchronize(_ descriptor: FileDescriptor) throws(Errno) {
    guard fsync(descriptor.rawValue) == 0 else { throw Errno(rawValue: errno) }
  }
}

/// Whether an input has bytes to read, for a reader that must not wait on one that went quiet.
@available(SwiftStdlib 6.2, *)
enum InputReadiness {
  /// Whether `descriptor` has bytes to read (or its end, or an error, which the next read reports)
  /// within `milliseconds`. A regular file always has.
  static func hasInput(_ descriptor: FileDescriptor, within milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = unsafe poll(&request, 1, milliseconds)
      if ready >= 0 { return ready > 0 }
      // Interrupted: ask again. Any other failure: let the read find out.
      guard errno == EINTR else { return true }
    }
  }
}

/// The end of a run whose reader closed its end of the output pipe.
@available(SwiftStdlib 6.2, *)
enum ClosedPipe {
  /// A reader that closes the pipe (`bidi-fix isolate big.txt | head -1`) has what it wants: the run
  /// ends at once, printing nothing, killed by SIGPIPE as `cat` and `grep` are (status 141 in a
  /// shell). The kernel does that by itself at the write; this is for a process that was started
  /// with SIGPIPE ignored, whose write fails with EPIPE instead.
  static func end() -> Never {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    // SIGPIPE blocked by the parent: the same status, without the signal.
    _exit(128 + SIGPIPE)
  }
}

/// The width of the terminal on stdout.
@available(SwiftStdlib 6.2, *)
enum TerminalSize {
  static func columns() -> Int {
    var size = winsize()
    if isatty(1) == 1, unsafe ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    if let columns = Environment.variable("COLUMNS").flatMap(Int.init), columns > 0 {
      return columns
    }
    return 80
  }
}

/// The terminal-wg bidi modes (ECMA-48 BDSM): explicit mode stops a bidi-aware terminal from
/// reordering text the program already put in visual order.
@available(SwiftStdlib 6.2, *)
enum TerminalModes {
  static func enterExplicit() {
    unsafe write(1, "\u{1B}[8l", 4)
    // Leave the terminal in its default implicit mode however the program ends. A signal handler
    // may only make async-signal-safe calls: write(2) of a constant and _exit(2).
    signal(SIGINT) { _ in
      unsafe write(1, "\u{1B}[8h", 4)
      _exit(130)
    }
    signal(SIGTERM) { _ in
      unsafe write(1, "\u{1B}[8h", 4)
      _exit(143)
    }
  }

  static func leaveExplicit() {
    unsafe write(1, "\u{1B}[8h", 4)
  }
}

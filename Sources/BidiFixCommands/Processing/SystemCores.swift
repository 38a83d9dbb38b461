#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of cores this process may run on.
@available(SwiftStdlib 6.2, *)
enum SystemCores {
  static var active: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

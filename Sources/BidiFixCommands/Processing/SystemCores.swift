#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of cores this process may run on.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
enum SystemCores {
  static var active: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

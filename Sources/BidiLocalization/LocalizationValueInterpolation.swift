#if canImport(Darwin)
  import BidiLocalizationCore
  import Foundation

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  extension String.LocalizationValue.StringInterpolation {
    /// Interpolates an isolated value as a string argument: `%@` in the key, the isolated value in
    /// the translation.
    ///
    /// ```swift
    /// String(localized: "Follow \(BidiIsolated(name))")   // key "Follow %@"
    /// ```
    public mutating func appendInterpolation(_ value: BidiIsolated) {
      appendInterpolation(value.description)
    }
  }
#endif

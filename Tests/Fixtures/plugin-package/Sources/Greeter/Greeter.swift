/// A library with translations, for the build tool plugin to check.
public enum Greeter {
  /// The strings table the greeting is read from.
  public static let table = "Localizable"
}

/// A library with translations, for the build tool plugin to check.
public enum Greeter {
  public static let table = "Localizable"
}

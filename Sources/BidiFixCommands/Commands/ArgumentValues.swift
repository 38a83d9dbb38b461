import ArgumentParser

/// The values of the commands' options that name one of a few choices (`--strategy`, `--format`,
/// `--terminal`, …): each is an enum whose `String` raw values are the words the command line takes.
///
/// ArgumentParser's defaults for these two requirements are generic over the type, and it reads
/// them for every such option each time it builds a command's arguments, several times in each
/// run. Spelled out here for the enums, with the defaults' answers, they cost what listing a few
/// words costs, at every start.
@available(SwiftStdlib 6.2, *)
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
  /// The raw values, the words the option takes.
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }

  /// The description of each value whose description is not its raw value.
  public static var allValueDescriptions: [String: String] {
    var descriptions: [String: String] = [:]
    for value in allCases where value.defaultValueDescription != value.rawValue {
      descriptions[value.rawValue] = value.defaultValueDescription
    }
    return descriptions
  }
}

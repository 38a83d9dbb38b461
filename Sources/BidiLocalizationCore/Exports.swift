// `DigitShaping` and the values the placeholder API is written in come with the localization
// modules, as they did before they moved to BidiCore.
@_exported import BidiCore

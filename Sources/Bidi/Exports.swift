// The values the engine's API is written in (`BidiClass`, `TextDirection`, `BidiControl`) come
// with it.
@_exported import BidiCore

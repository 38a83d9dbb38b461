// The values the isolator's API is written in (`TextDirection`, `BidiControl`, `BidiClass`) come
// with it.
@_exported import BidiCore

// `import BidiLocalization` brings all of it: the formatter here, which needs Foundation, and the
// rest from BidiLocalizationCore, which does not. bidi-fix imports only the core, so its binary
// does not link Foundation, nor pay its start-up; swift-foundation splits itself the same way.
@_exported import BidiLocalizationCore

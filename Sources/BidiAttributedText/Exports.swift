// `import BidiAttributedText` brings the isolator's values it is configured and answered with
// (`BidiIsolator`, `IsolationOptions`, `TextDirection`, `IsolationOffsetMap`…).
@_exported import BidiIsolator

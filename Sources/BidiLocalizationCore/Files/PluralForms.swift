/// A `.po` header's `Plural-Forms: nplurals=N; plural=EXPRESSION;`, and which forms must show the
/// number.
///
/// `msgfmt -c` lets a plural form leave out an argument (Arabic's form for one file need not print
/// the 1) only when the form serves a few numbers; a form used for five or more of the numbers
/// 0…1000 must print every argument msgid_plural has. The expression is C's, over unsigned
/// integers: `n`, decimal numbers, `! * / % + - < > <= >= == != && || ?:` and parentheses, as
/// gettext reads it.
///
/// ```swift
/// let arabic = PluralForms(
///   header: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;")
/// arabic?.count                 // 6
/// arabic?.isOften(form: 1)      // false: only n = 1
/// arabic?.isOften(form: 3)      // true
/// ```
struct PluralForms: Sendable {
  let count: Int
  private let often: [Bool]

  /// Reads the value of a `Plural-Forms:` header line; `nil` when it is missing a part, its
  /// expression is not one gettext reads or is longer than any real one (1 KB), or it divides by
  /// zero or names a form past `nplurals` for some number (msgfmt refuses those headers).
  ///
  /// - Complexity: O(*e*) to read an expression of *e* characters, then 1,001 evaluations of it.
  init?(header: Substring) {
    var count: Int?
    var expression: Node?
    for part in header.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      switch pair[0].trimmingSpaces {
      case "nplurals": count = Int(pair[1].trimmingSpaces)
      case "plural":
        // Real rules are under 200 bytes; a bound keeps the tree, and the recursion over it, small.
        guard pair[1].utf8.count <= 1024 else { return nil }
        var parser = Parser(Array(pair[1].utf8))
        expression = parser.parseWhole()
      default: continue
      }
    }
    guard let count, count > 0, count <= 100, let expression else { return nil }
    var uses = [Int](repeating: 0, count: count)
    for n in UInt64(0)...1000 {
      guard let form = expression.value(n: n), form < UInt64(count) else { return nil }
      uses[Int(form)] += 1
    }
    self.count = count
    often = uses.map { $0 >= 5 }
  }

  /// Whether form `form` serves five or more of the numbers 0…1000.
  func isOften(form: Int) -> Bool { form >= 0 && form < often.count && often[form] }

  private indirect enum Node: Sendable {
    case n
    case number(UInt64)
    case not(Node)
    case binary(UInt8, Node, Node)
    case condition(Node, Node, Node)

    /// The value for `n`, or `nil` on a division by zero.
    func value(n: UInt64) -> UInt64? {
      switch self {
      case .n: return n
      case .number(let value): return value
      case .not(let operand): return operand.value(n: n).map { $0 == 0 ? 1 : 0 }
      case .condition(let test, let then, let otherwise):
        guard let test = test.value(n: n) else { return nil }
        return test != 0 ? then.value(n: n) : otherwise.value(n: n)
      case .binary(let op, let left, let right):
        guard let a = left.value(n: n) else { return nil }
        // `&&` and `||` do not evaluate their right side when the left decides.
        if op == Parser.and && a == 0 { return 0 }
        if op == Parser.or && a != 0 { return 1 }
        guard let b = right.value(n: n) else { return nil }
        switch op {
        case UInt8(ascii: "*"): return a &* b
        case UInt8(ascii: "/"): return b == 0 ? nil : a / b
        case UInt8(ascii: "%"): return b == 0 ? nil : a % b
        case UInt8(ascii: "+"): return a &+ b
        case UInt8(ascii: "-"): return a &- b
        case UInt8(ascii: "<"): return a < b ? 1 : 0
        case UInt8(ascii: ">"): return a > b ? 1 : 0
        case Parser.lessOrEqual: return a <= b ? 1 : 0
        case Parser.greaterOrEqual: return a >= b ? 1 : 0
        case Parser.equal: return a == b ? 1 : 0
        case Parser.notEqual: return a != b ? 1 : 0
        case Parser.and, Parser.or: return b != 0 ? 1 : 0
        default: return nil
        }
      }
    }
  }

  /// Recursive descent over C's precedence, lowest first: `?:`, `||`, `&&`, equality, relations,
  /// `+ -`, `* / %`, `!`.
  private struct Parser {
    // Two-character operators, by a byte of their own.
    static let lessOrEqual: UInt8 = 1
    static let greaterOrEqual: UInt8 = 2
    static let equal: UInt8 = 3
    static let notEqual: UInt8 = 4
    static let and: UInt8 = 5
    static let or: UInt8 = 6

    private let bytes: [UInt8]
    private var index = 0
    /// Deep enough for any real rule; a deeper one is refused rather than overflowing the stack.
    private var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseWhole() -> Node? {
      guard let node = condition() else { return nil }
      skipSpaces()
      return index == bytes.count ? node : nil
    }

    private mutating func condition() -> Node? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 100, let test = binary(level: 0) else { return nil }
      guard take("?") else { return test }
      guard let then = condition(), take(":"), let otherwise = condition() else { return nil }
      return .condition(test, then, otherwise)
    }

    private static let levels: [[UInt8]] = [
      [or], [and], [equal, notEqual], [lessOrEqual, greaterOrEqual, UInt8(ascii: "<"), UInt8(ascii: ">")],
      [UInt8(ascii: "+"), UInt8(ascii: "-")], [UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%")],
    ]

    private mutating func binary(level: Int) -> Node? {
      guard level < Self.levels.count else { return unary() }
      guard var left = binary(level: level + 1) else { return nil }
      while let op = peekOperator(), Self.levels[level].contains(op.code) {
        index += op.length
        guard let right = binary(level: level + 1) else { return nil }
        left = .binary(op.code, left, right)
      }
      return left
    }

    private mutating func unary() -> Node? {
      skipSpaces()
      if take("!") {
        // `!=` is not a negation.
        guard index >= bytes.count || bytes[index] != UInt8(ascii: "=") else { return nil }
        depth += 1
        defer { depth -= 1 }
        guard depth < 100 else { return nil }
        return unary().map { .not($0) }
      }
      if take("(") {
        guard let inner = condition(), take(")") else { return nil }
        return inner
      }
      if take("n") { return .n }
      var value: UInt64 = 0
      let start = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        let (product, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, carry) = product.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
        guard !overflow, !carry else { return nil }
        value = sum
        index += 1
      }
      return index > start ? .number(value) : nil
    }

    private mutating func peekOperator() -> (code: UInt8, length: Int)? {
      skipSpaces()
      guard index < bytes.count else { return nil }
      let first = bytes[index]
      let second = index + 1 < bytes.count ? bytes[index + 1] : 0
      switch (first, second) {
      case (UInt8(ascii: "<"), UInt8(ascii: "=")): return (Self.lessOrEqual, 2)
      case (UInt8(ascii: ">"), UInt8(ascii: "=")): return (Self.greaterOrEqual, 2)
      case (UInt8(ascii: "="), UInt8(ascii: "=")): return (Self.equal, 2)
      case (UInt8(ascii: "!"), UInt8(ascii: "=")): return (Self.notEqual, 2)
      case (UInt8(ascii: "&"), UInt8(ascii: "&")): return (Self.and, 2)
      case (UInt8(ascii: "|"), UInt8(ascii: "|")): return (Self.or, 2)
      case (UInt8(ascii: "<"), _), (UInt8(ascii: ">"), _), (UInt8(ascii: "+"), _), (UInt8(ascii: "-"), _),
        (UInt8(ascii: "*"), _), (UInt8(ascii: "/"), _), (UInt8(ascii: "%"), _):
        return (first, 1)
      default: return nil
      }
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
      skipSpaces()
      guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
      index += 1
      return true
    }

    private mutating func skipSpaces() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
  }
}

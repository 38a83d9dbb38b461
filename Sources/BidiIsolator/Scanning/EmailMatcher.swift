extension EntityFinder {
  /// Matches the domain of an e-mail address whose ASCII local part runs from `localPartStart` to
  /// the `@` at `at`; returns the end of the address.
  ///
  /// The domain is a host as a URL's is (``hostEnd(from:protocolLess:)``): labels of letters (of
  /// any script, for internationalised domains), digits and marks, with `-` inside labels, ending
  /// in a top-level domain ICANN delegates, which text in another script may follow straight
  /// (`name@example.com你好` ends at `.com`): `name@example.com`, `user@例子.中国`; not
  /// `علي@مثال.مصر` (its local part is not ASCII) nor `a@b.c`.
  ///
  /// - Complexity: O(*k*) in the length of the address.
  func matchEmail(localPartStart: Int, at: Int) -> Int? {
    guard at > localPartStart, text[localPartStart] != UInt8(ascii: "."),
      text[at - 1] != UInt8(ascii: "."),
      let end = hostEnd(from: at + 1, protocolLess: false),
      text.scalarSkippingControls(at: end) != 0x40
    else { return nil }
    return end
  }
}

import BidiIsolator

/// Whether the map agrees with the texts in every unit: each original character kept is found
/// where its offset maps; mapping is monotonic both ways; and an offset mapped there and back
/// comes back, except at the controls the isolator removed.
public func mapsConsistently(_ isolation: TextIsolation) -> Bool {
  let map = isolation.offsets
  for unit in OffsetUnit.allCases {
    let original = boundaries(isolation.original, unit)
    let isolated = boundaries(isolation.isolated, unit)
    guard map.originalLength[unit] == original.last!.offset, map.isolatedLength[unit] == isolated.last!.offset
    else { return false }
    let removedStarts = Set(isolation.edits.filter { $0.kind == .removal }.map { $0.originalOffset[unit] })
    let removedEnds = Set(
      isolation.edits.filter { $0.kind == .removal }.map {
        $0.originalOffset[unit] + (unit == .utf8 ? UTF8.width($0.control.scalar) : 1)
      })
    let isolatedScalars = Dictionary(uniqueKeysWithValues: isolated.compactMap { p in p.scalar.map { (p.offset, $0) } })
    var previous = (upstream: 0, downstream: 0)
    for position in original {
      let upstream = map.isolatedOffset(ofOriginal: position.offset, in: unit, affinity: .upstream)
      let downstream = map.isolatedOffset(ofOriginal: position.offset, in: unit, affinity: .downstream)
      guard previous.downstream <= upstream, upstream <= downstream else { return false }
      previous = (upstream, downstream)
      if let scalar = position.scalar, BidiControl(scalar) == nil, isolatedScalars[downstream] != scalar {
        return false
      }
      if !removedStarts.contains(position.offset)
        && map.originalOffset(ofIsolated: downstream, in: unit, affinity: .downstream) != position.offset
      {
        return false
      }
      if !removedEnds.contains(position.offset)
        && map.originalOffset(ofIsolated: upstream, in: unit, affinity: .upstream) != position.offset
      {
        return false
      }
    }
    var last = 0
    for position in isolated {
      let upstream = map.originalOffset(ofIsolated: position.offset, in: unit, affinity: .upstream)
      let downstream = map.originalOffset(ofIsolated: position.offset, in: unit, affinity: .downstream)
      guard last <= upstream, upstream <= downstream else { return false }
      last = downstream
    }
  }
  return true
}

/// Every scalar boundary of `text` in `unit`, with the scalar that starts there (none at the end).
public func boundaries(_ text: String, _ unit: OffsetUnit) -> [(offset: Int, scalar: Unicode.Scalar?)] {
  var result: [(Int, Unicode.Scalar?)] = []
  var offset = 0
  for scalar in text.unicodeScalars {
    result.append((offset, scalar))
    offset += unit == .utf8 ? UTF8.width(scalar) : unit == .utf16 ? UTF16.width(scalar) : 1
  }
  result.append((offset, nil))
  return result
}

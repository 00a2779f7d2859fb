/// The eight data mask patterns (ISO/IEC 18004, 7.8.2): a mask inverts the data modules where its condition
/// holds, so the encoder can pick the one that leaves the fewest patterns a reader could confuse.
package enum QRMask: Int, CaseIterable, Sendable, Hashable {
    case pattern0 = 0, pattern1, pattern2, pattern3, pattern4, pattern5, pattern6, pattern7

    /// Whether the module at (`row`, `column`) is inverted by this mask.
    func inverts(row i: Int, column j: Int) -> Bool {
        switch self {
        case .pattern0: return (i + j) % 2 == 0
        case .pattern1: return i % 2 == 0
        case .pattern2: return j % 3 == 0
        case .pattern3: return (i + j) % 3 == 0
        case .pattern4: return (i / 2 + j / 3) % 2 == 0
        case .pattern5: return (i * j) % 2 + (i * j) % 3 == 0
        case .pattern6: return ((i * j) % 2 + (i * j) % 3) % 2 == 0
        case .pattern7: return ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}

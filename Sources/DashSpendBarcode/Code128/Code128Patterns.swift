/// The bar and space widths of Code 128's symbol characters (ISO/IEC 15417, table 1), in modules, bar first:
/// value 0 is `212222` (a bar 2 wide, a space 1, a bar 2, ...). Every symbol character is 11 modules in three
/// bars and three spaces; the stop character adds a seventh element, the 2-module termination bar.
package enum Code128Patterns {
    /// The widths of the values 0 to 105 (103 to 105 are the three start characters).
    package static let widths: [String] = [
        "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
        "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
        "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
        "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
        "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
        "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
        "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
        "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
        "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
        "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
        "114131", "311141", "411131", "211412", "211214", "211232",
    ]

    /// The stop character with its termination bar: 13 modules.
    package static let stop = "2331112"

    /// The modules of `value` (`true` for a bar).
    package static func modules(of value: Int) -> [Bool] { expand(widths[value]) }

    /// The modules of the stop character.
    package static var stopModules: [Bool] { expand(stop) }

    /// Alternating bars and spaces of the given widths, a bar first.
    private static func expand(_ widths: String) -> [Bool] {
        var modules: [Bool] = []
        for (index, width) in widths.enumerated() {
            modules += [Bool](repeating: index % 2 == 0, count: Int(String(width))!)
        }
        return modules
    }
}

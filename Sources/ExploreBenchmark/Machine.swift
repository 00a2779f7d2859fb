#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine the figures come from: processor, cores, memory, and how busy it was (the load average when
/// asked), so a figure in the README can say where it was measured.
enum Machine {
    /// `Intel(R) Xeon(R) ... , 2 cores, 23.5 GiB, Linux 6.x, load 1.2 / 0.8 / 0.5`.
    static var description: String {
        var parts: [String] = []
        if let model = FileSystem.read("/proc/cpuinfo")?.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = model.firstIndex(of: ":")
        {
            parts.append(String(model[model.index(after: colon)...].drop { $0 == " " }))
        }
        parts.append("\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores")
        let memory = Double(sysconf(Int32(_SC_PHYS_PAGES))) * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_073_741_824
        parts.append(TextTable.number(memory, 1) + " GiB")
        var names = utsname()
        if uname(&names) == 0 {
            let system = withUnsafeBytes(of: names.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let release = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            parts.append("\(system) \(release)")
        }
        if let load = FileSystem.read("/proc/loadavg")?.split(separator: " ").prefix(3), load.count == 3 {
            parts.append("load average \(load.joined(separator: " / "))")
        }
        return parts.joined(separator: ", ")
    }
}

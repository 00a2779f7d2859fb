#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A command a user gave (`orders --watch --exec CMD`), run through `/bin/sh -c` with the run's environment
/// and the variables a run adds. Its standard input is `/dev/null`; what it writes to its standard output and
/// error is handed to ``output`` (the run's standard error), so that what the tool prints (NDJSON with
/// `--json`) stays whole and a run in process sees nothing of the process's streams. The tool waits for it.
struct ShellCommand: Sendable {
    /// The command line, as given.
    let command: String
    /// The environment every run gets.
    let environment: [String: String]
    /// Where the command's output goes.
    let output: @Sendable (String) -> Void

    /// Runs the command with `variables` added to its environment; nil when it exited with 0, else what went
    /// wrong (`exited with 3`, `killed by signal 9`, `cannot start /bin/sh: ...`).
    func run(adding variables: [String: String]) -> String? {
        let path = "/bin/sh"
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return "cannot start \(path): \(String(cString: strerror(errno)))" }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(pipeEnds[0]) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDERR_FILENO)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let arguments: [String] = [path, "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = environment.merging(variables) { _, added in added }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard code == 0 else { return "cannot start \(path): \(String(cString: strerror(code)))" }
        forward(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        if signal != 0 { return "killed by signal \(signal)" }
        let exit = (status >> 8) & 0xff
        return exit == 0 ? nil : "exited with \(exit)"
    }

    /// Hands what comes through `descriptor` to ``output``, a line at a time, until the command closes it.
    private func forward(_ descriptor: Int32) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                output(String(decoding: pending[...newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { output(String(decoding: pending, as: UTF8.self) + "\n") }
    }
}

/*
 * The command line of the `merchant-lookup` executable, for the Swift runtime, where it is linked in
 * (`--static-swift-stdlib`, as ci/build-release.sh builds it) on Linux with glibc.
 *
 * `CommandLine.arguments` asks the runtime for argv through `_swift_stdlib_getUnsafeArgvArgc`. Swift 6.3's
 * Linux runtime defines it in CommandLine.cpp, beside a static constructor that finds argv at every start,
 * needed or not: it reads /proc/self/maps with `sscanf` to find the stack and walks up from `environ`.
 * That was 133,000 instructions and seven system calls of the 1.97 M of a `--version`, 7% of its time.
 *
 * glibc calls each `.init_array` function of the executable with argc, argv and envp, so the arguments are
 * known before any Swift code runs. The two functions below are the runtime's, with the runtime's meaning
 * (an override set by `_swift_stdlib_overrideUnsafeArgvArgc` wins); defined here, in an object file of the
 * executable, they keep the linker from taking CommandLine.cpp's object out of libswiftCore.a, and its
 * constructor with it. The runtime's header declares them (SwiftShims/RuntimeStubs.h).
 *
 * Elsewhere this file is empty and the runtime's own functions are used: on Apple platforms (the system's
 * runtime, `_NSGetArgv`), with musl (which passes no arguments to `.init_array` functions), and with a
 * shared Swift runtime (libswiftCore.so calls its own, hidden definition; these are then never called).
 * CI checks the arguments of the statically linked binary (ci/variant.sh).
 */
#if defined(__linux__)
#include <features.h> /* defines __GLIBC__ with glibc, not with musl */
#endif

#if defined(__linux__) && defined(__GLIBC__)
#include <stddef.h>

static char **processArgv;
static int processArgc;
static char **overrideArgv;
static int overrideArgc;
static char *emptyArgv[] = {NULL};

static void captureArguments(int argc, char **argv, char **envp) {
    (void)envp;
    processArgc = argc;
    processArgv = argv;
}

__attribute__((section(".init_array"), used)) static void (*captureArgumentsEntry)(int, char **, char **) =
    captureArguments;

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (overrideArgv) {
        *outArgLen = overrideArgc;
        return overrideArgv;
    }
    if (processArgv) {
        *outArgLen = processArgc;
        return processArgv;
    }
    *outArgLen = 0;
    return emptyArgv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overrideArgv = argv;
    overrideArgc = argc;
}
#endif

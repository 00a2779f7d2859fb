#!/usr/bin/env python3
"""Lists `package` declarations that no other module uses (issue 29): `package` is the access level for what
another module of this package (a library target, the CLI, a test target) needs; a declaration used only
inside its own module is internal. A name counts as used elsewhere when it appears as a word in a Swift file
of another target (Sources/OTHER or Tests/*); initializers and subscripts are not checked (they have no name
to look for). A declaration another module reaches only through a `package typealias` chosen per platform
(`PlatformCrypto`, `PlatformX509`: the Apple side is not compiled on Linux) is marked
`// package-scope: keep` on its line or the line above. Exits 1 and lists them, one per line (file:line: name), when there are any.

    python3 ci/package-scope.py            # check
    python3 ci/package-scope.py --list     # every package declaration and where it is used (counts)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*package\s+(?:(?:static|final|class|override|mutating|nonisolated|lazy|"
    r"convenience|required|indirect|dynamic|weak|unowned|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*"
    r"(?:func|var|let|struct|class|enum|protocol|actor|typealias|case)\s+`?([A-Za-z_][A-Za-z0-9_]*)")


def swift_files(folder):
    for directory, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def main():
    modules = {}
    for target in sorted(os.listdir(os.path.join(ROOT, "Sources"))):
        folder = os.path.join(ROOT, "Sources", target)
        if os.path.isdir(folder):
            modules[target] = list(swift_files(folder))
    tests = list(swift_files(os.path.join(ROOT, "Tests")))
    texts = {path: open(path, encoding="utf-8").read() for files in modules.values() for path in files}
    texts.update({path: open(path, encoding="utf-8").read() for path in tests})
    words_by_file = {path: set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)) for path, text in texts.items()}
    unused = []
    listing = "--list" in sys.argv
    for module, files in modules.items():
        elsewhere = set()
        for path in texts:
            if path not in files:
                elsewhere |= words_by_file[path]
        # Names in the module's own package and public declaration lines: a type a package signature uses
        # must be package too.
        exposed = set()
        for path in files:
            for line in texts[path].splitlines():
                if (
                    re.match(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:package|public|open)\s", line)
                    or re.match(r"^\s*(?:indirect\s+)?case\s+\w+\(", line)  # a package enum's cases are package
                ) and "import" not in line:
                    declared = DECLARATION.match(line)
                    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", line))
                    if declared:
                        words.discard(declared.group(1))
                    exposed |= words
        for path in files:
            lines = texts[path].splitlines()
            for number, line in enumerate(lines, 1):
                match = DECLARATION.match(line)
                if not match:
                    continue
                if "package-scope: keep" in line or (number > 1 and "package-scope: keep" in lines[number - 2]):
                    continue
                name = match.group(1)
                relative = os.path.relpath(path, ROOT)
                if listing:
                    used = name in elsewhere or (name[0].isupper() and name in exposed)
                    print(f"{relative}:{number}: {name} {'used elsewhere' if used else 'ONLY HERE'}")
                if name not in elsewhere and not (name[0].isupper() and name in exposed):
                    unused.append(f"{relative}:{number}: {name}")
    if unused and not listing:
        print("package-scope: these package declarations are used only inside their own module (make them internal):")
        print("\n".join(unused))
        return 1
    if not listing:
        print("package-scope: every package declaration with a name is used by another module")
    return 0


if __name__ == "__main__":
    sys.exit(main())

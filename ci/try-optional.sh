#!/usr/bin/env bash
# Usage: ci/try-optional.sh
#
# Fail closed (issue 29): a `try?` throws the error away, so every one in shipped code says why that is right,
# or is replaced by code that reports to the diagnostics sink and fails the operation. Shipped code is every
# Swift file under Sources/ except the test support and tools targets (DashSpendTestSupport, DashSpendTestKit,
# ExploreBenchmark, SampleDatabaseEmbedder).
#
# The rule, kept simple enough to read off the source: a `try?` in code (not after `//` on its line) is
# explained when a `//` comment is
#   - on the same line (after the code), or
#   - on the line directly above it (the last line of a comment block), or
#   - on the line directly above the first line of its statement, for a statement written over several lines:
#     walking up from the `try?` line, a line belongs to the same statement while the line above it ends with
#     `,` `(` `[` `=` `&&` `||` `??` `?` or `:` (not a `case`/`default` label), or it itself starts with `.` `?` `:` `&&` `||` `)` or `]`.
#     A line ending with `{` starts a new statement (a closure or block body is explained on its own).
# One comment covers every `try?` of its statement. The comment must say why dropping the error is right
# (a probe whose absence is handled, a fallback between JSON shapes, a cleanup whose failure cannot matter),
# which no script can check: review it.
# Prints each unexplained site as FILE:LINE: the line; exits 1 when there is one.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

excluded='^Sources/(DashSpendTestSupport|DashSpendTestKit|ExploreBenchmark|SampleDatabaseEmbedder)/'
files=$(find Sources -name '*.swift' | grep -Ev "$excluded" | LC_ALL=C sort)

# shellcheck disable=SC2086 # one word per file path (no path under Sources has a space)
findings=$(awk '
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    function is_comment(s) { return substr(trim(s), 1, 2) == "//" }
    # The line without a trailing `//` comment (a `//` inside a string literal is rare enough to ignore).
    function code(s,    at) { at = index(s, "//"); return at ? substr(s, 1, at - 1) : s }
    function continues(above, here,    a, h) {
        a = trim(code(above)); h = trim(here)
        if (a ~ /^(case |default)/ && a ~ /:$/) return 0    # a switch label starts the statements below it
        if (a ~ /(,|\(|\[|=|&&|\|\||\?\?|\?|:)$/) return 1
        if (h ~ /^(\.|\?|:|&&|\|\||\)|\])/) return 1
        return 0
    }
    FNR == 1 { delete lines }
    {
        lines[FNR] = $0
        at = match($0, /(^|[^A-Za-z0-9_])try\?/)
        if (at == 0) next
        if (substr($0, at, 1) != "t") at++
        comment = index($0, "//")
        if (comment && comment < at) next           # in a comment
        if (comment) next                           # explained on its own line
        n = FNR
        while (1) {
            if (n > 1 && is_comment(lines[n - 1])) next
            if (n > 1 && continues(lines[n - 1], lines[n])) { n--; continue }
            break
        }
        printf "%s:%d: %s\n", FILENAME, FNR, trim($0)
    }
' $files)

if [[ -n $findings ]]; then
    echo "$findings"
    count=$(grep -c . <<<"$findings")
    echo "try-optional.sh: $count try? in shipped code without a // comment saying why dropping the error is right" \
        "(on its line, the line above, or above its statement's first line); or report and fail instead" >&2
    exit 1
fi
echo "every try? in shipped code says why it drops the error"

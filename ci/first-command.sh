#!/usr/bin/env bash
# Usage: ci/first-command.sh
#
# Runs the README's first command, a lookup on the embedded sample, as written in the README's first code
# block (`swift run merchant-lookup search "home depot"`), over the `off` variant's build (`.build-off`, with
# CI's flags, so nothing is rebuilt), and checks that it answers: exit 0 and Home Depot in the output. Run by
# .ci/run under ci/bare.sh, after the matrix built `off` there: together they show that the README's first
# line builds and answers on a machine without libcurl's or OpenSSL's development files.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source ci/flags.sh
logs=.build-logs
mkdir -p "$logs"

# The first line of the README's first ```sh block, without its comment.
line=$(awk '/^```sh$/ { inside = 1; next } inside { print; exit }' README.md | sed 's/[[:space:]]*#.*$//')
prefix='swift run merchant-lookup '
[[ $line == "$prefix"* ]] || { echo "first-command.sh: the README's first line is not \`${prefix}...\`: $line" >&2; exit 1; }
eval "arguments=(${line#"$prefix"})"

echo "first-command.sh: $line   (bare machine: ${BARE_MACHINE:-unknown})"
status=0
swift run --scratch-path .build-off "${ci_common_flags[@]}" merchant-lookup "${arguments[@]}" \
    > "$logs/first-command.log" 2>&1 || status=$?
sed 's/^/    /' "$logs/first-command.log" | tail -n 8
[[ $status -eq 0 ]] || { echo "first-command.sh: FAILED: exit $status (see $logs/first-command.log)" >&2; exit 1; }
grep -q 'Home Depot' "$logs/first-command.log" \
    || { echo "first-command.sh: FAILED: the answer names no Home Depot (see $logs/first-command.log)" >&2; exit 1; }
if [[ ${BARE_MACHINE:-} != yes ]]; then
    echo "first-command.sh: answered, but with the development headers visible: not a proof of the bare machine"
else
    echo "first-command.sh: answered with no libcurl or OpenSSL headers visible"
fi

#!/usr/bin/env bash
# Usage: ci/symbols.sh BINARY present|absent
#
# Checks whether the PiggyCards code is in a built binary:
#   - symbols: `nm BINARY` lines matching /piggycards/i (Swift mangled names keep the identifiers);
#   - strings: occurrences of the API host `piggy.cards` in the file.
# `absent` (the `off` build) requires both counts to be 0; `present` (define/trait builds) requires both > 0.
# Prints `piggycards symbols: N` and `piggy.cards strings: N`, then OK or one line `FAILED: reason`;
# exits 0 on OK, 1 on a failed expectation, 2 on a usage or tool error.
set -euo pipefail

usage() { echo "usage: $0 BINARY present|absent" >&2; exit 2; }
[[ $# -eq 2 ]] || usage
binary=$1 expect=$2
[[ $expect == present || $expect == absent ]] || usage
[[ -f $binary ]] || { echo "FAILED: $binary does not exist (build it first)"; exit 2; }
command -v nm >/dev/null || { echo "FAILED: nm not found (install binutils)"; exit 2; }

# grep -c exits 1 when it counts 0: that is a result, not an error.
symbols=$(nm "$binary" | grep -ci 'piggycards' || true)
strings=$({ grep -a -o -F 'piggy.cards' "$binary" || true; } | wc -l)
echo "piggycards symbols: $symbols"
echo "piggy.cards strings: $strings"

if [[ $expect == absent ]]; then
    if (( symbols > 0 || strings > 0 )); then
        echo "FAILED: $binary must not contain PiggyCards code but has $symbols symbols and $strings 'piggy.cards' strings (is code outside #if PIGGYCARDS_ENABLED?)"
        nm "$binary" | grep -i 'piggycards' | head -5 | sed 's/^/  /'
        exit 1
    fi
else
    if (( symbols == 0 || strings == 0 )); then
        echo "FAILED: $binary must contain PiggyCards code but has $symbols symbols and $strings 'piggy.cards' strings (was the flag passed to the build?)"
        exit 1
    fi
fi
echo "OK: PiggyCards code $expect as expected"

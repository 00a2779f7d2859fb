#!/usr/bin/env bash
# Usage: ci/availability.sh
#
# The package deploys to iOS 15 and macOS 12 (Package.swift `platforms`), but Linux compilers do not check
# Apple availability, and this machine cannot build for Apple platforms. This check fails on the APIs that
# are newer than those systems and easy to write by habit (each has a replacement in the package, named in
# the message), in Sources/, Tests/ and Examples/ (comments are not read). A file that uses one on purpose,
# behind `@available` or `#available`, is listed in `allowed` below with the reason. The GitHub workflow's
# macOS and iOS jobs are the real check; this one fails here, before a push.
# Prints each finding as FILE:LINE: API (replacement); exits 1 when there is one.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# pattern<TAB>what to use instead
rules=$(cat <<'EOF'
\bContinuousClock\b|\bSuspendingClock\b	MonotonicClock (DashSpendCore): ContinuousClock is iOS 16 / macOS 13
\bDuration\b	seconds as Double: Duration is iOS 16 / macOS 13
\.sleep\((for|until):	Task.sleep(seconds:) (DashSpendCore): Task.sleep(for:) is iOS 16 / macOS 13
\.timeLimit\(	hangGuard(minutes:) (DashSpendTestSupport): time limits are macOS 13 / iOS 16
\bfirstRange\(of:|\branges\(of:	firstOccurrence(of:) (DashSpendCore): the string algorithms are iOS 16 / macOS 13
\.replacing\(	replacingEvery(_:with:) (DashSpendCore): replacing(_:with:) is iOS 16 / macOS 13
\.trimmingPrefix\(|\bwholeMatch\b|\bfirstMatch\(of:|\bRegex\b|#/	hand-written matching: Regex is iOS 16 / macOS 13
\.gmt\b	TimeZone(secondsFromGMT: 0): TimeZone.gmt is iOS 16 / macOS 13
URL\(filePath:|\.appending\((path|component):|\.path\(percentEncoded:	URL(fileURLWithPath:), appendingPathComponent(_:), .path: iOS 16 / macOS 13
URL\.(homeDirectory|temporaryDirectory|currentDirectory|documentsDirectory|cachesDirectory)\b	FileManager: these URL properties are iOS 16 / macOS 13
\bwith(Throwing)?DiscardingTaskGroup\b	withTaskGroup: discarding groups are iOS 17 / macOS 14
\bnext\(isolation:	next(): an AsyncSequence's typed Failure and next(isolation:) are iOS 18 / macOS 15
import Synchronization|\bMutex<|\bAtomic<	Locked (DashSpendLocking): Synchronization is iOS 18 / macOS 15
@Observable\b|\bwithObservationTracking\b|MainActor\.assumeIsolated	@available(iOS 17, macOS 14, ...) on the declaration
\bInlineArray\b|\bU?Int128\b|\.span\b|Task\(name:|Task\.immediate	an older spelling: iOS 18 and later
Locale\.(Region|Language)\b	Locale's identifiers: Locale.Region is iOS 16 / macOS 13
EOF
)
# Files that use one of these behind @available or #available, on purpose.
allowed=(
    Sources/DashSpend/Observation/MerchantModel.swift        # @Observable, @available(iOS 17, macOS 14, ...)
    Tests/DashSpendTests/MerchantStatesTests.swift           # observes MerchantModel, @available like it
    Sources/DashSpendTestSupport/HangGuard.swift             # .timeLimit behind #available
    Tests/DashSpendCoreTests/HangGuardTests.swift            # reads the time limit behind #available
)

roots=()
for root in Sources Tests Examples; do [[ -d $root ]] && roots+=("$root"); done
status=0
while IFS=$'\t' read -r pattern replacement; do
    [[ -n $pattern ]] || continue
    # FILE:LINE:TEXT of every match, then: not in an allowed file, not a comment line, and still a match
    # once a trailing comment is cut.
    while IFS= read -r hit; do
        [[ -n $hit ]] || continue
        file=${hit%%:*} rest=${hit#*:}
        line=${rest%%:*} text=${rest#*:}
        [[ " ${allowed[*]} " == *" $file "* ]] && continue
        [[ $text =~ ^[[:space:]]*// ]] && continue
        code=$(sed -E 's#[[:space:]]//[^"]*$##' <<< "$text")
        api=$(grep -oE "$pattern" <<< "$code" | head -n 1 || true)
        [[ -n $api ]] || continue
        echo "$file:$line: $api (use $replacement)"
        status=1
    done < <(grep -rnE --include='*.swift' --exclude-dir='.build*' "$pattern" "${roots[@]}" || true)
done <<< "$rules"
for file in "${allowed[@]}"; do
    if [[ -f $file ]] && ! grep -qE '@available\(|#available\(' "$file"; then
        echo "$file: allowed to use newer APIs, but has no @available or #available"
        status=1
    fi
done
if [[ $status -eq 0 ]]; then echo "availability: no API newer than iOS 15 / macOS 12 outside the allowed files"; fi
exit $status

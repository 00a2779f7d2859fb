#!/usr/bin/env bash
# Usage: ci/test-all.sh [off|define|trait ...]        (default: all three)
#
# THE test command of the project. Runs ci/variant.sh for each PiggyCards flag variant, one after the
# other (never in parallel: the machines have 2 cores, and one build already keeps both busy nine tenths of
# the time), then checks that `define` and `trait` give the same product (identical sorted lists of the
# symbols our modules define in their merchant-lookup binaries), prints
# a table and a last line `N passed, N failed` (variants), followed by `, N skipped` (tests, summed over
# the variants) when tests were skipped. Exits non-zero if anything failed.
# Logs: .build-logs/ (one file per step; the tail of a failing log is printed); the table, the timings and
# the skipped tests also go to .build-logs/summary.md.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
all=(off define trait)
variants=()
for arg in "$@"; do
    case $arg in
        off|define|trait) [[ " ${variants[*]} " == *" $arg "* ]] || variants+=("$arg") ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "test-all.sh: unknown variant '$arg' (expected any of: ${all[*]})" >&2; exit 2 ;;
    esac
done
[[ ${#variants[@]} -gt 0 ]] || variants=("${all[@]}")
logs=.build-logs
mkdir -p "$logs"
rm -f "$logs/summary.md"

declare -A result build tests skipped benchmark symbols reason
total_start=$SECONDS
for v in "${variants[@]}"; do
    echo
    echo "=================== variant: $v ==================="
    rm -f "$logs/$v.result" "$logs/$v-failures.txt"
    bash ci/variant.sh "$v"
    status=$?
    if [[ -f $logs/$v.result ]]; then
        build[$v]=$(sed -n 's/^build=//p' "$logs/$v.result")
        [[ ${build[$v]} == ok ]] && build[$v]="ok ($(sed -n 's/^build_seconds=//p' "$logs/$v.result")s, CPU $(sed -n 's/^build_cpu_seconds=//p' "$logs/$v.result")s)"
        tests[$v]=$(sed -n 's/^tests=//p' "$logs/$v.result")
        [[ ${tests[$v]} =~ ^[0-9]+$ ]] && tests[$v]="${tests[$v]} ($(sed -n 's/^test_seconds=//p' "$logs/$v.result")s, CPU $(sed -n 's/^test_cpu_seconds=//p' "$logs/$v.result")s)"
        skipped[$v]=$(sed -n 's/^skipped=//p' "$logs/$v.result")
        benchmark[$v]=$(sed -n 's/^benchmark=//p' "$logs/$v.result")
        [[ ${benchmark[$v]} == ok ]] && benchmark[$v]="ok ($(sed -n 's/^benchmark_seconds=//p' "$logs/$v.result")s)"
        symbols[$v]=$(sed -n 's/^symbols=//p' "$logs/$v.result")
        reason[$v]=$(sed -n 's/^reason=//p' "$logs/$v.result")
    else
        build[$v]=- tests[$v]=- skipped[$v]=- benchmark[$v]=- symbols[$v]=- reason[$v]="variant.sh wrote no result"
    fi
    if [[ $status -eq 0 ]]; then result[$v]=passed; else result[$v]=failed; fi
done

# define and trait must be the same product.
same_product="not checked (needs define and trait)"
if [[ -n ${result[define]:-} && -n ${result[trait]:-} ]]; then
    a=$logs/define-defined-symbols.txt b=$logs/trait-defined-symbols.txt
    if [[ -s $a && -s $b && ${build[define]} == ok* && ${build[trait]} == ok* ]]; then
        if diff "$a" "$b" > "$logs/define-vs-trait.diff"; then
            same_product="identical ($(wc -l < "$a") defined symbols)"
        else
            same_product="DIFFERENT ($(grep -c '^[<>]' "$logs/define-vs-trait.diff") symbols, see $logs/define-vs-trait.diff)"
            echo "---- define vs trait: first lines of $logs/define-vs-trait.diff ----"
            head -n 20 "$logs/define-vs-trait.diff"
            result[trait]=failed
            reason[trait]="defined symbols differ from define's: $same_product"
        fi
    elif [[ ${build[define]} != ok* || ${build[trait]} != ok* ]]; then
        same_product="not checked (a build failed)"
    else
        same_product="not checked (no symbol list: $( [[ -s $a ]] || echo "define's" ) $( [[ -s $b ]] || echo "trait's" ) is missing)"
    fi
fi

# The tail of each failing log, next to the summary (the full output scrolled past long ago).
for v in "${variants[@]}"; do
    [[ ${result[$v]} == failed ]] || continue
    log=$(grep -oE "see [^ )]+\.log" <<< "${reason[$v]}" | head -n 1 | sed 's/^see //')
    if [[ -n $log && -f $log ]]; then
        echo
        echo "---- $v failed: last 30 lines of $log ----"
        tail -n 30 "$log"
    fi
done

elapsed=$((SECONDS - total_start))
passed=0 failed=0 skipped_total=0
row() { printf '%-8s | %-22s | %-27s | %-7s | %-9s | %-18s | %s\n' "$@"; }
table=$(
    row variant "build (time, CPU)" "tests passed (time, CPU)" skipped benchmark "piggycards symbols" result
    row -------- ---------------------- --------------------------- ------- --------- ------------------ ------
    for v in "${variants[@]}"; do
        row "$v" "${build[$v]}" "${tests[$v]}" "${skipped[$v]}" "${benchmark[$v]}" "${symbols[$v]}" "${result[$v]}"
    done
)
for v in "${variants[@]}"; do
    if [[ ${result[$v]} == passed ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    [[ ${skipped[$v]} =~ ^[0-9]+$ ]] && skipped_total=$((skipped_total + ${skipped[$v]}))
done
last="$passed passed, $failed failed"
[[ $skipped_total -gt 0 ]] && last+=", $skipped_total skipped"
echo
echo "=================== summary ($((elapsed / 60))m$((elapsed % 60))s) ==================="
echo "$table"
echo "define vs trait: $same_product"
for v in "${variants[@]}"; do
    [[ ${result[$v]} == failed ]] && echo "$v: ${reason[$v]:-failed}"
    # Every failing test with its file and line (ci/variant.sh), not only the first.
    if [[ ${result[$v]} == failed && -s $logs/$v-failures.txt ]]; then sed "s/^/$v: failed: /" "$logs/$v-failures.txt" | head -n 20; fi
    [[ ${skipped[$v]} =~ ^[1-9] ]] && echo "$v: skipped tests in $logs/$v-skipped.txt"
done
echo "$last"

# The same, as a file: ci/README.md points here instead of quoting numbers that go stale.
{
    echo "# ci/test-all.sh $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "$(swift --version 2>&1 | head -n 1); $(uname -sm), $(nproc) cores; total $((elapsed / 60))m$((elapsed % 60))s"
    echo
    echo "| ${table//$'\n'/ |$'\n'| } |" | sed '2s/[^|]/-/g'
    echo
    echo "define vs trait: $same_product"
    echo
    for v in "${variants[@]}"; do
        [[ ${result[$v]} == failed ]] && echo "- $v failed: ${reason[$v]:-failed}"
        if [[ ${result[$v]} == failed && -s $logs/$v-failures.txt ]]; then sed 's/^/  - /' "$logs/$v-failures.txt"; fi
        if [[ -s $logs/$v-skipped.txt ]]; then
            echo "- $v skipped:"
            sed 's/^[^ ]* /  - /' "$logs/$v-skipped.txt"
        fi
    done
    echo
    echo "$last"
} > "$logs/summary.md"
echo "(also in $logs/summary.md)"
[[ $failed -eq 0 ]]

#!/usr/bin/env bash
# Runs the libFuzzer targets of a fuzz build one after the other (README "Fuzzing"):
#
#   tests/fuzz/run_fuzz.sh BUILD_DIR SECONDS [TARGET...]
#
# Each target starts from its seeds (passscope-fuzz-seeds, made again from the repository) and the
# corpus it grew before (BUILD_DIR/fuzz/corpus/<target>, kept between runs), with its dictionary,
# runs for SECONDS under AddressSanitizer and UBSan, and prints one line of figures: executions per
# second, coverage (cov: edges, ft: features), corpus size and findings. A finding (a crash, a
# sanitizer report, an input past the time or memory limit, a broken property) leaves its input in
# BUILD_DIR/fuzz/findings/<target>/ and makes the run fail once every target has run.
# Environment: FUZZ_TIMEOUT (seconds per input, 30), FUZZ_RSS_MB (2048), FUZZ_NICE (0).
set -uo pipefail
build=${1:?usage: run_fuzz.sh BUILD_DIR SECONDS [TARGET...]}
seconds=${2:?usage: run_fuzz.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then read -r -a targets < "$build/fuzz_targets.txt"; fi
work="$build/fuzz"
mkdir -p "$work/corpus" "$work/findings" "$work/logs"

"$build/bin/passscope-fuzz-seeds" "$work" > "$work/logs/seeds.txt" || { cat "$work/logs/seeds.txt"; exit 1; }
"$build/bin/passscope-make-bad-models" "$work/bad_models" > /dev/null
rm -f "$work/bad_models/manifest.tsv"

# Sanitizer reports name source lines; a report is a finding, never a warning to go on after.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-}

printf '%-16s %10s %8s %8s %8s %8s %s\n' target execs/s cov ft corpus seconds findings
failed=0
for t in "${targets[@]}"; do
    program="$build/bin/passscope-fuzz-$t"
    [ -x "$program" ] || { echo "no fuzz target $t in $build"; failed=1; continue; }
    mkdir -p "$work/corpus/$t" "$work/findings/$t"
    extra=()
    case "$t" in
        onnx_binary | pipeline) extra+=("$work/bad_models") ;;
    esac
    dict=()
    [ -s "$work/dicts/$t.dict" ] && dict=(-dict="$work/dicts/$t.dict")
    log="$work/logs/$t.log"
    start=$(date +%s)
    nice -n "${FUZZ_NICE:-0}" "$program" "$work/corpus/$t" "$work/seeds/$t" "${extra[@]}" "${dict[@]}" \
        -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
        -artifact_prefix="$work/findings/$t/" -print_final_stats=1 -close_fd_mask=1 > "$log" 2>&1
    status=$?
    elapsed=$(($(date +%s) - start))
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<< "$last")
    ft=$(sed -n 's/.*ft: \([0-9]*\).*/\1/p' <<< "$last")
    corp=$(sed -n 's/.*corp: \([0-9]*\)\/.*/\1/p' <<< "$last")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    found=$(find "$work/findings/$t" -type f -newer "$work/logs/seeds.txt" | wc -l)
    printf '%-16s %10s %8s %8s %8s %8s %s\n' "$t" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$elapsed" "$found"
    if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
        failed=1
        echo "---- $t: finding (exit $status); input in $work/findings/$t/, log $log"
        grep -E 'passscope fuzz finding|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|SUMMARY' "$log" | head -5
    fi
done
exit $failed

#!/bin/sh
# Time and peak memory of `passscope-cli optimize` on the blow-up fixtures (models whose constant
# inputs ask folding for billions of elements, made by passscope-make-bad-models), with the
# reason the big node was left unfolded. Run by hand:
#   tests/bench/blowup_figures.sh build/bin/passscope-cli build/tests/fixtures/bad_models [MEMORY_KIB]
# MEMORY_KIB (default 8 GiB) caps the address space of each run (ulimit -v), so a build that
# still computes the blow-up fails an allocation instead of exhausting the machine; a run is
# stopped after 300 s of CPU time.
set -u
cli=$1
dir=$2
cap=${3:-8388608}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-32s %8s %10s %4s  %s\n' case seconds peak_MiB exit reason
for model in "$dir"/blowup_*.onnx "$dir"/fold_*.onnx; do
    name=$(basename "$model" .onnx)
    (ulimit -v "$cap"; ulimit -t 300; /usr/bin/time -v "$cli" optimize "$model" -o "$work/$name.onnx" --report "$work/$name.json") \
        >"$work/out" 2>"$work/err"
    rc=$?
    secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/err")
    kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/err")
    reason=$(grep -o '"reason": *"[a-z_]*"' "$work/$name.json" 2>/dev/null | grep -v runtime_input | sort -u | tr '\n' ' ')
    printf '%-32s %8s %10s %4s  %s\n' "$name" "$secs" "$((kib / 1024))" "$rc" "${reason:-(none)}"
done

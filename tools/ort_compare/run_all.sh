#!/bin/bash
# Optimizes every listed model with passscope-cli and compares it with ONNX Runtime's basic level
# (node counts) and with the original under ORT (outputs). See README "Comparing with ONNX Runtime".
# Usage: tools/ort_compare/run_all.sh [--cli PATH] [--models-dir DIR] [--list FILE]
#                                     [--testdata DIR | --no-testdata] [--no-published] [--work DIR]
#                                     [--reuse]   (keep optimized models already in --work)
# Needs node and onnxruntime-node (NODE_PATH pointing at its node_modules).
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
CLI="${PASSSCOPE_CLI:-$HERE/../../build/bin/passscope-cli}"
MODELS_DIR="${MODELS_DIR:-}"
LIST="$HERE/published_models.tsv"
TESTDATA=/usr/share/libonnx-testdata/data
WORK="${WORK:-/tmp/ort_compare}"
DO_PUBLISHED=1
DO_TESTDATA=1
REUSE=0
usage() { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --cli) CLI="$2"; shift 2 ;;
    --models-dir) MODELS_DIR="$2"; shift 2 ;;
    --list) LIST="$2"; shift 2 ;;
    --testdata) TESTDATA="$2"; shift 2 ;;
    --no-testdata) DO_TESTDATA=0; shift ;;
    --no-published) DO_PUBLISHED=0; shift ;;
    --work) WORK="$2"; shift 2 ;;
    --reuse) REUSE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run_all.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
[ -x "$CLI" ] || { echo "run_all.sh: passscope-cli not found at $CLI (use --cli)" >&2; exit 2; }
node -e "require('onnxruntime-node')" 2>/dev/null || { echo "run_all.sh: onnxruntime-node not found (set NODE_PATH)" >&2; exit 2; }
mkdir -p "$WORK"

# optimize NAME IN OUT: runs passscope-cli with default target and options; logs to OUT.log.
optimize() {
  if [ $REUSE = 1 ] && [ -s "$3" ]; then return 0; fi
  if ! "$CLI" optimize "$2" -o "$3" >"$3.log" 2>&1; then
    echo "{\"name\":\"$1\",\"original\":\"$2\",\"optimizeError\":$(tail -1 "$3.log" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify(s.trim())))')}" >>"$WORK/$4.failed.jsonl"
    return 1
  fi
}

if [ $DO_PUBLISHED = 1 ]; then
  if [ -z "$MODELS_DIR" ] && grep -qvE '^(#|$)' "$LIST" && grep -vE '^(#|$)' "$LIST" | cut -f2 | grep -qvE '^(/|resources/)'; then
    echo "run_all.sh: set --models-dir (folder of the published models)" >&2; exit 2
  fi
  mkdir -p "$WORK/published"
  : >"$WORK/published.manifest"; : >"$WORK/published.failed.jsonl"
  while IFS=$'\t' read -r name file opts; do
    case "$name" in ''|'#'*) continue ;; esac
    case "$file" in
      /*) in="$file" ;;
      resources/*) in="$HERE/../../$file" ;; # repo_models.tsv
      *) in="$MODELS_DIR/$file" ;;
    esac
    out="$WORK/published/$name.opt.onnx"
    [ -f "$in" ] || { echo "{\"name\":\"$name\",\"original\":\"$in\",\"optimizeError\":\"model file missing\"}" >>"$WORK/published.failed.jsonl"; continue; }
    optimize "$name" "$in" "$out" published || continue
    printf '%s\t%s\t--name %s --nodes %s\n' "$in" "$out" "$name" "$opts" >>"$WORK/published.manifest"
  done <"$LIST"
  node "$HERE/compare.js" --batch "$WORK/published.manifest" >"$WORK/published.jsonl" 2>"$WORK/published.ort.log"
  cat "$WORK/published.failed.jsonl" >>"$WORK/published.jsonl"
  node "$HERE/table.js" "$WORK/published.jsonl"
fi

if [ $DO_TESTDATA = 1 ]; then
  [ -d "$TESTDATA" ] || { echo "run_all.sh: no libonnx-testdata at $TESTDATA (apt-get install libonnx-testdata)" >&2; exit 2; }
  mkdir -p "$WORK/testdata"
  : >"$WORK/testdata.manifest"; : >"$WORK/testdata.failed.jsonl"
  for model in $(find "$TESTDATA" -name model.onnx | sort); do
    dir="$(dirname "$model")"
    name="${dir#"$TESTDATA"/}"; safe="${name//\//__}"
    out="$WORK/testdata/$safe.opt.onnx"
    optimize "$name" "$model" "$out" testdata || continue
    inputs=""
    [ -d "$dir/test_data_set_0" ] && inputs="--inputs-dir $dir/test_data_set_0"
    printf '%s\t%s\t--name %s --nodes %s\n' "$model" "$out" "$name" "$inputs" >>"$WORK/testdata.manifest"
  done
  node "$HERE/compare.js" --batch "$WORK/testdata.manifest" >"$WORK/testdata.jsonl" 2>"$WORK/testdata.ort.log"
  cat "$WORK/testdata.failed.jsonl" >>"$WORK/testdata.jsonl"
  node "$HERE/table.js" --summary "$WORK/testdata.jsonl"
fi

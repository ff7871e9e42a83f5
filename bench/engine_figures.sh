#!/usr/bin/env bash
# Reproduces every engine figure in BENCHMARKS.md. Run from the repository root inside the venv.
set -euo pipefail
out=${1:-/tmp/coatcheck-figures}
mkdir -p "$out"
echo "## generated test split (1,000 documents, seed 0)"
coatcheck bench generate -o "$out/test.jsonl" --n 1000 --split test --seed 0
coatcheck bench run --data "$out/test.jsonl" -o "$out/test.pred.jsonl"
coatcheck bench score --data "$out/test.jsonl" --pred "$out/test.pred.jsonl" --markdown
for set in handmade holdout; do
  echo "## bench/$set"
  python bench/handmade/build.py "$out/$set.jsonl" "bench/$set/docs.txt" >/dev/null
  coatcheck bench run --data "$out/$set.jsonl" -o "$out/$set.pred.jsonl"
  coatcheck bench score --data "$out/$set.jsonl" --pred "$out/$set.pred.jsonl" --markdown
done
echo "## speed"
pytest bench/test_engine_speed.py --benchmark-only --benchmark-columns=min,median,max,rounds -p no:cacheprovider -q
echo "## benchmark contract: 1,000 documents, ~1.1 M characters, one process"
python - "$out/contract.jsonl" <<'PY'
import json, sys
from coatcheck.bench.generate import generate
with open(sys.argv[1], "w") as f:
    for d in generate(1000, "dev", seed=11):
        f.write(json.dumps({"id": d["id"], "text": d["text"] * 3}) + "\n")
PY
/usr/bin/time -f "wall %e s, peak RSS %M KB" coatcheck scan --jsonl < "$out/contract.jsonl" > "$out/contract.out"

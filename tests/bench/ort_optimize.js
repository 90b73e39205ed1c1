// ONNX Runtime's graph optimizer on a model, for the pipeline benchmark's ratio: session
// creation at level "basic" with optimizedModelFilePath (ORT folds constants and removes dead
// and duplicate nodes at that level). Prints one JSON line: {"seconds": median, "runs": [...]}.
// Usage: node ort_optimize.js MODEL OUT [RUNS]   (NODE_PATH must reach onnxruntime-node)
const ort = require('onnxruntime-node');

async function main() {
  const [model, out, runsArg] = process.argv.slice(2);
  const runs = Number(runsArg || 3);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const session = await ort.InferenceSession.create(model, {
      graphOptimizationLevel: 'basic',
      optimizedModelFilePath: out,
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
    await session.release();
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({seconds: times[Math.floor(times.length / 2)], runs: times}));
}

main().catch((e) => {
  console.error(String(e));
  process.exit(1);
});

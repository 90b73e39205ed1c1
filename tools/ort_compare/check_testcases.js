#!/usr/bin/env node
// ONNX Runtime on test folders in ONNX's node-test layout (model.onnx, test_data_set_0/input_<i>.pb
// and output_<i>.pb): runs the model on the stored inputs (optimizations disabled, one thread) and
// compares every output with the stored one (float: |a-b| <= 1e-5 + 1e-4·|a|). One line per folder;
// exit 1 when any differs. Used for the PyTorch LSTM/GRU exports of
// tools/torch_exports/export_rnns.py, whose stored outputs PassScope's kernels are also checked
// against (kernel_conformance, folding_conformance), so both runtimes meet on the same figures.
//   node check_testcases.js DIR...
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');
const onnx = require('./onnx_reader');
const { compareTensors, tensorFromProto, RUN_OPTS } = require('./compare');

async function check(dir) {
  const model = onnx.parseModel(fs.readFileSync(path.join(dir, 'model.onnx')));
  const data = path.join(dir, 'test_data_set_0');
  const feeds = {};
  onnx.feedInputs(model.graph).forEach((vi, i) => {
    feeds[vi.name] = tensorFromProto(onnx.parseTensor(fs.readFileSync(path.join(data, `input_${i}.pb`))), vi);
  });
  const session = await ort.InferenceSession.create(path.join(dir, 'model.onnx'), RUN_OPTS);
  const got = await session.run(feeds);
  const problems = [];
  session.outputNames.forEach((name, i) => {
    const expected = tensorFromProto(onnx.parseTensor(fs.readFileSync(path.join(data, `output_${i}.pb`))));
    const p = compareTensors(name, expected, got[name], { rtol: 1e-4, atol: 1e-5 });
    if (p) problems.push(p);
  });
  return problems;
}

(async () => {
  let failed = 0;
  for (const dir of process.argv.slice(2)) {
    const problems = await check(dir);
    console.log(`${problems.length ? 'DIFFER' : 'match '} ${path.basename(dir)}${problems.length ? ': ' + problems.join('; ') : ''}`);
    if (problems.length) failed++;
  }
  process.exit(failed ? 1 : 0);
})();

#!/usr/bin/env node
'use strict';
// Lists the nodes of OPTIMIZED that ORT's basic level removed from ORIGINAL (matched by output
// names), each with where its inputs come from, so a gap can be read as "folding" (all inputs
// constant or static shape facts) or "fusion" (ORT merged it into a neighbour).
// Usage: node explain.js ORIGINAL OPTIMIZED   (needs onnxruntime-node on NODE_PATH)
const fs = require('fs');
const os = require('os');
const path = require('path');
const onnx = require('./onnx_reader.js');
const ort = require('onnxruntime-node');

ort.env.logLevel = 'fatal';

function index(graph, out, scope) {
  for (const n of graph.nodes) {
    for (const o of n.outputs) out.producer[o] = n;
    for (const i of n.inputs) (out.consumers[i] = out.consumers[i] || []).push(n);
    n.scope = scope;
    for (const sg of n.subgraphs) {
      for (const init of sg.initializers) out.initializers.add(init);
      index(sg, out, scope ? `${scope}/${n.name}` : n.name);
    }
  }
  return out;
}

async function main() {
  const [original, optimized] = process.argv.slice(2);
  if (!original || !optimized) {
    console.error('usage: node explain.js ORIGINAL OPTIMIZED');
    process.exit(2);
  }
  const tmp = path.join(os.tmpdir(), `explain_${process.pid}.onnx`);
  const s = await ort.InferenceSession.create(original, { graphOptimizationLevel: 'basic', optimizedModelFilePath: tmp, logSeverityLevel: 3 });
  await s.release();
  const ortModel = onnx.parseModel(fs.readFileSync(tmp));
  fs.unlinkSync(tmp);
  const opt = onnx.parseModel(fs.readFileSync(optimized));
  // A node counts as removed by ORT when no node of ORT's model produces any of its outputs
  // (ORT keeps the output names of nodes it leaves; node names are often empty in exports).
  const ortOutputs = new Set(onnx.listNodes(ortModel.graph).flatMap((n) => n.outputs));
  const idx = index(opt.graph, { producer: {}, consumers: {}, initializers: new Set(opt.graph.initializers) }, '');
  const inputs = new Map(opt.graph.inputs.map((vi) => [vi.name, vi]));
  const describe = (t) => {
    if (t === '') return '(none)';
    if (idx.initializers.has(t)) return `${t}=initializer`;
    if (inputs.has(t)) {
      const vi = inputs.get(t);
      return `${t}=graph input [${(vi.type && vi.type.shape || []).map((d) => (d === null ? '?' : d))}]`;
    }
    const p = idx.producer[t];
    return p ? `${t}<-${p.opType}(${p.name})` : `${t}=outer scope`;
  };
  for (const n of onnx.listNodes(opt.graph)) {
    if (n.outputs.some((o) => o && ortOutputs.has(o))) continue;
    const users = n.outputs.flatMap((o) => (idx.consumers[o] || []).map((c) => `${c.opType}(${c.name})`));
    console.log(`${n.opType} ${n.path ? n.path + '/' : ''}${n.name}`);
    console.log(`   in:  ${n.inputs.map(describe).join(', ')}`);
    console.log(`   out: ${n.outputs.join(', ')} -> ${users.join(', ') || '(graph output or unused)'}`);
  }
}

main().catch((e) => {
  console.error(`explain.js: ${e.message}`);
  process.exit(2);
});

#!/usr/bin/env node
'use strict';
// Compares an ORIGINAL ONNX model with an OPTIMIZED one (e.g. `passscope-cli optimize` output)
// using ONNX Runtime (onnxruntime-node) as the independent judge:
//  - node counts (non-Constant, subgraphs included) of the original, of ORT's own basic-level
//    result (ORT writes it through optimizedModelFilePath), of the optimized model, and of ORT
//    basic applied to the optimized model (what ORT could still fold after us);
//  - both models run under ORT with optimizations disabled, one thread, on the same
//    deterministic inputs; every output compared (float: |a-b| <= atol + rtol*|a|, others exact).
// Prints one JSON object (or one per line with --batch MANIFEST).
// Usage: node compare.js ORIGINAL OPTIMIZED [options]   (node compare.js --help)

const fs = require('fs');
const os = require('os');
const path = require('path');
const onnx = require('./onnx_reader.js');

let ort = null;
try {
  ort = require('onnxruntime-node');
  ort.env.logLevel = 'fatal';
} catch (e) {
  ort = null; // reported by main(); the test suite skips the runtime part
}

const HELP = `Usage: node compare.js ORIGINAL OPTIMIZED [options]
       node compare.js --batch MANIFEST   (lines: ORIGINAL<TAB>OPTIMIZED<TAB>options...; JSON per line)
Options:
  --dim NAME=V          value of a symbolic dimension (repeatable)
  --default-dim V       value of any other symbolic/unknown dimension (default 1)
  --shape INPUT=D0,D1   full shape of an input (repeatable)
  --value INPUT=V       fill an input with the constant V (repeatable; e.g. sr=16000)
  --inputs-dir DIR      read inputs from DIR/input_<i>.pb (ONNX test data layout)
  --seed N              seed of the random inputs (default 1)
  --rtol R --atol A     float tolerance (default 1e-4 / 1e-5)
  --ort-out PATH        keep ORT's basic-level model of ORIGINAL here
  --name NAME           label echoed in the JSON (batch runs)
  --nodes               list the nodes left by OPTIMIZED that ORT basic removed (by output name)`;

function parseArgs(argv) {
  const o = { files: [], dims: {}, shapes: {}, values: {}, defaultDim: 1, seed: 1, rtol: 1e-4, atol: 1e-5, inputsDir: null, ortOut: null, nodes: false, batch: null, name: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    const kv = (s) => {
      const eq = s.indexOf('=');
      if (eq <= 0) throw new Error(`${a} expects NAME=VALUE, got '${s}'`);
      return [s.slice(0, eq), s.slice(eq + 1)];
    };
    if (a === '--help' || a === '-h') { console.log(HELP); process.exit(0); }
    else if (a === '--dim') { const [k, v] = kv(next()); o.dims[k] = Number(v); }
    else if (a === '--default-dim') o.defaultDim = Number(next());
    else if (a === '--shape') { const [k, v] = kv(next()); o.shapes[k] = v.split(',').map(Number); }
    else if (a === '--value') { const [k, v] = kv(next()); o.values[k] = Number(v); }
    else if (a === '--inputs-dir') o.inputsDir = next();
    else if (a === '--seed') o.seed = Number(next());
    else if (a === '--rtol') o.rtol = Number(next());
    else if (a === '--atol') o.atol = Number(next());
    else if (a === '--ort-out') o.ortOut = next();
    else if (a === '--nodes') o.nodes = true;
    else if (a === '--name') o.name = next();
    else if (a === '--batch') o.batch = next();
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.files.push(a);
  }
  return o;
}

// ONNX TensorProto.DataType -> [ORT type name, typed array constructor]
const TYPES = {
  1: ['float32', Float32Array], 2: ['uint8', Uint8Array], 3: ['int8', Int8Array],
  4: ['uint16', Uint16Array], 5: ['int16', Int16Array], 6: ['int32', Int32Array],
  7: ['int64', BigInt64Array], 8: ['string', Array], 9: ['bool', Uint8Array],
  10: ['float16', Uint16Array], 11: ['float64', Float64Array], 12: ['uint32', Uint32Array],
  13: ['uint64', BigUint64Array],
};

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashName(s) {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

function floatToHalf(v) {
  const f32 = new Float32Array([v]);
  const u = new Uint32Array(f32.buffer)[0];
  const sign = (u >>> 16) & 0x8000;
  let exp = ((u >>> 23) & 0xff) - 127 + 15;
  const mant = u & 0x7fffff;
  if (exp <= 0) return sign;
  if (exp >= 31) return sign | 0x7c00;
  return sign | (exp << 10) | (mant >>> 13);
}

function halfToFloat(h) {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

function resolveShape(vi, o) {
  if (o.shapes[vi.name]) return o.shapes[vi.name];
  const shape = vi.type.shape || [];
  return shape.map((d) => {
    if (typeof d === 'number' && d >= 0) return d;
    if (typeof d === 'string' && d in o.dims) return o.dims[d];
    return o.defaultDim;
  });
}

function makeInput(vi, o) {
  if (!vi.type || vi.type.kind !== 'tensor') throw new Error(`input '${vi.name}' is not a tensor (sequence/map/optional inputs are not supported)`);
  const t = TYPES[vi.type.elemType];
  if (!t) throw new Error(`input '${vi.name}': element type ${vi.type.elemType} is not supported by onnxruntime-node`);
  const [name, Ctor] = t;
  const shape = resolveShape(vi, o);
  const n = shape.reduce((a, b) => a * b, 1);
  const rnd = mulberry32(o.seed * 7919 + hashName(vi.name));
  const fixed = vi.name in o.values ? o.values[vi.name] : undefined;
  const data = new Ctor(n);
  for (let i = 0; i < n; i++) {
    const r = rnd();
    if (name === 'string') data[i] = `s${Math.floor(r * 4)}`;
    else if (name === 'float32' || name === 'float64') data[i] = fixed !== undefined ? fixed : r * 2 - 1;
    else if (name === 'float16') data[i] = floatToHalf(fixed !== undefined ? fixed : r * 2 - 1);
    else if (name === 'bool') data[i] = fixed !== undefined ? (fixed ? 1 : 0) : (r < 0.5 ? 1 : 0);
    else if (Ctor === BigInt64Array || Ctor === BigUint64Array) data[i] = BigInt(fixed !== undefined ? fixed : Math.floor(r * 4));
    else data[i] = fixed !== undefined ? fixed : Math.floor(r * 4); // small non-negative ints
  }
  return new ort.Tensor(name, data, shape);
}

function tensorFromProto(tp, vi) {
  const dtype = tp.dataType || (vi && vi.type && vi.type.elemType);
  const t = TYPES[dtype];
  if (!t) throw new Error(`test input '${tp.name}': element type ${dtype} is not supported by onnxruntime-node`);
  const [name, Ctor] = t;
  const n = tp.dims.reduce((a, b) => a * b, 1);
  let data;
  if (name === 'string') data = tp.strings.slice();
  else if (tp.raw) {
    const copy = Buffer.from(tp.raw); // aligned copy
    data = new Ctor(copy.buffer, copy.byteOffset, n);
    if (data.length !== n) throw new Error(`test input '${tp.name}': raw data size mismatch`);
  } else {
    data = new Ctor(n);
    const src = dtype === 1 ? tp.floats : dtype === 11 ? tp.doubles : (dtype === 12 || dtype === 13) ? tp.uints : tp.ints;
    for (let i = 0; i < n; i++) {
      const v = src[i];
      if (Ctor === BigInt64Array || Ctor === BigUint64Array) data[i] = BigInt(v);
      else data[i] = typeof v === 'bigint' ? Number(v) : v;
    }
  }
  return new ort.Tensor(name, data, tp.dims);
}

function makeFeeds(model, o) {
  const inputs = onnx.feedInputs(model.graph);
  const feeds = {};
  if (o.inputsDir) {
    inputs.forEach((vi, i) => {
      if (!vi.type || vi.type.kind !== 'tensor') throw new Error(`input '${vi.name}' is not a tensor (sequence/map/optional inputs are not supported)`);
      const file = path.join(o.inputsDir, `input_${i}.pb`);
      if (!fs.existsSync(file)) throw new Error(`missing test input ${file}`);
      feeds[vi.name] = tensorFromProto(onnx.parseTensor(fs.readFileSync(file)), vi);
    });
  } else {
    for (const vi of inputs) feeds[vi.name] = makeInput(vi, o);
  }
  return feeds;
}

function toNumbers(t) {
  if (t.type === 'float16') return Array.from(t.data, halfToFloat);
  return t.data;
}

function compareTensors(name, a, b, o) {
  if (!b) return `output '${name}' missing from the optimized model`;
  if (a.type !== b.type) return `output '${name}': type ${a.type} vs ${b.type}`;
  if (a.dims.join(',') !== b.dims.join(',')) return `output '${name}': shape [${a.dims}] vs [${b.dims}]`;
  const isFloat = a.type === 'float32' || a.type === 'float64' || a.type === 'float16';
  const x = toNumbers(a);
  const y = toNumbers(b);
  let worst = null;
  for (let i = 0; i < x.length; i++) {
    const p = x[i];
    const q = y[i];
    if (isFloat) {
      if (Number.isNaN(p) && Number.isNaN(q)) continue;
      if (p === q) continue;
      const err = Math.abs(p - q);
      const tol = o.atol + o.rtol * Math.abs(p);
      if (!(err <= tol) && (!worst || err - tol > worst.excess)) worst = { index: i, expected: p, got: q, excess: err - tol };
    } else if (p !== q) {
      return `output '${name}'[${i}]: ${p} vs ${q}`;
    }
  }
  if (worst) return `output '${name}'[${worst.index}]: ${worst.expected} vs ${worst.got}`;
  return null;
}

const RUN_OPTS = { graphOptimizationLevel: 'disabled', intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', logSeverityLevel: 3 };

async function ortBasicCounts(file, keepAt) {
  const out = keepAt || path.join(os.tmpdir(), `ort_basic_${process.pid}_${Date.now()}.onnx`);
  const s = await ort.InferenceSession.create(file, { ...RUN_OPTS, graphOptimizationLevel: 'basic', optimizedModelFilePath: out });
  await s.release();
  const model = onnx.parseModel(fs.readFileSync(out));
  if (!keepAt) fs.unlinkSync(out);
  return { counts: onnx.countNodes(model.graph), nodes: onnx.listNodes(model.graph) };
}

function describeError(e) {
  return String(e && e.message ? e.message : e).split('\n')[0].slice(0, 300);
}

async function compare(original, optimized, o) {
  const res = { name: o.name || path.basename(original), original: path.resolve(original), optimized: path.resolve(optimized) };
  const origModel = onnx.parseModel(fs.readFileSync(original));
  const optModel = onnx.parseModel(fs.readFileSync(optimized));
  res.nodes = { original: onnx.countNodes(origModel.graph).nonConstant, optimized: onnx.countNodes(optModel.graph).nonConstant };
  const optCounts = onnx.countNodes(optModel.graph);
  let ortBasic = null;
  try {
    ortBasic = await ortBasicCounts(original, o.ortOut);
    res.nodes.ortBasic = ortBasic.counts.nonConstant;
  } catch (e) {
    res.ortBasicError = describeError(e);
  }
  try {
    res.nodes.ortBasicOnOptimized = (await ortBasicCounts(optimized, null)).counts.nonConstant;
  } catch (e) {
    res.ortBasicOnOptimizedError = describeError(e);
  }
  if (ortBasic) {
    // Op types the optimized model has more of than ORT's basic result, whatever the totals: a
    // model PassScope shrinks further than ORT may still keep some op ORT removes (issue 23).
    const more = {};
    for (const [op, n] of Object.entries(optCounts.ops)) {
      const d = n - (ortBasic.counts.ops[op] || 0);
      if (d > 0) more[op] = d;
    }
    const fewer = {};
    for (const [op, n] of Object.entries(ortBasic.counts.ops)) {
      const d = n - (optCounts.ops[op] || 0);
      if (d > 0) fewer[op] = d;
    }
    res.opsMoreThanOrt = more;
    res.opsFewerThanOrt = fewer; // ORT fusions show up here (e.g. FusedConv) or our extra folds
    if (o.nodes) {
      // Matched by output names: ORT keeps them on the nodes it leaves (node names may be empty).
      const ortOutputs = new Set(ortBasic.nodes.flatMap((n) => n.outputs));
      res.nodesOrtRemoved = onnx.listNodes(optModel.graph).filter((n) => !n.outputs.some((o) => o && ortOutputs.has(o))).map((n) => `${n.opType} ${n.path ? n.path + '/' : ''}${n.name || n.outputs[0]}`);
    }
  }
  // Run both with optimizations disabled on the same inputs.
  let feeds;
  try {
    feeds = makeFeeds(origModel, o);
  } catch (e) {
    res.outputsEqual = null;
    res.runError = `inputs: ${describeError(e)}`;
    return res;
  }
  let refOut;
  try {
    const s = await ort.InferenceSession.create(original, RUN_OPTS);
    refOut = await s.run(feeds);
    await s.release();
  } catch (e) {
    res.outputsEqual = null;
    res.runError = `original: ${describeError(e)}`;
    return res;
  }
  try {
    const s = await ort.InferenceSession.create(optimized, RUN_OPTS);
    const optFeeds = {};
    for (const n of s.inputNames) if (n in feeds) optFeeds[n] = feeds[n];
    const got = await s.run(optFeeds);
    await s.release();
    const problems = [];
    for (const name of Object.keys(refOut)) {
      const p = compareTensors(name, refOut[name], got[name], o);
      if (p) problems.push(p);
    }
    res.outputsEqual = problems.length === 0;
    if (problems.length) {
      res.mismatches = problems;
      // ORT itself may change results when it optimizes (fp16 models: its Cast handling runs
      // some ops in float). If the optimized model gives what ORT's own basic-level session
      // gives, the difference is ORT's, not the optimizer's: say so.
      try {
        const sb = await ort.InferenceSession.create(original, { ...RUN_OPTS, graphOptimizationLevel: 'basic' });
        const basicOut = await sb.run(feeds);
        await sb.release();
        res.equalToOrtBasicRun = Object.keys(basicOut).every((name) => compareTensors(name, basicOut[name], got[name], o) === null);
      } catch (e) {
        res.equalToOrtBasicRun = null;
      }
    }
  } catch (e) {
    // The original ran but the optimized model does not: that is the optimizer's fault.
    res.outputsEqual = false;
    res.mismatches = [`optimized model fails under ORT: ${describeError(e)}`];
  }
  return res;
}

function splitArgs(line) {
  return line.split('\t').filter((s) => s.length > 0);
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`compare.js: ${e.message}\n${HELP}`);
    process.exit(2);
  }
  if (o.batch) {
    const lines = fs.readFileSync(o.batch, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    for (const line of lines) {
      let lo;
      try {
        lo = parseArgs(splitArgs(line).flatMap((s, i) => (i < 2 ? [s] : s.split(' ').filter((x) => x.length > 0))));
        if (lo.files.length !== 2) throw new Error('a manifest line needs ORIGINAL and OPTIMIZED');
        console.log(JSON.stringify(await compare(lo.files[0], lo.files[1], lo)));
      } catch (e) {
        console.log(JSON.stringify({ original: splitArgs(line)[0], error: describeError(e) }));
      }
    }
    return;
  }
  if (o.files.length !== 2) {
    console.error(`compare.js: expected ORIGINAL and OPTIMIZED\n${HELP}`);
    process.exit(2);
  }
  for (const f of o.files) {
    if (!fs.existsSync(f)) {
      console.error(`compare.js: no such file: ${f}`);
      process.exit(2);
    }
  }
  try {
    const res = await compare(o.files[0], o.files[1], o);
    console.log(JSON.stringify(res, null, 1));
    process.exit(res.outputsEqual === false ? 1 : 0);
  } catch (e) {
    console.error(`compare.js: ${describeError(e)}`);
    process.exit(2);
  }
}

if (require.main === module) {
  if (!ort) {
    console.error('compare.js: onnxruntime-node not found; install it and set NODE_PATH (see tools/ort_compare/README.md)');
    process.exit(2);
  }
  main();
}

module.exports = { compare, compareTensors, parseArgs, tensorFromProto, RUN_OPTS, ortAvailable: () => ort !== null };

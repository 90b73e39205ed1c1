'use strict';
// Tests of the ORT comparison tool: `node --test tools/ort_compare/test/`. Models are encoded here
// with a few lines of protobuf writing (field numbers of onnx/onnx.proto), so no fixture file.
// The ONNX Runtime part is skipped when onnxruntime-node is not installed.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const onnx = require('../onnx_reader.js');
const cmp = require('../compare.js');

// --- protobuf writing -----------------------------------------------------------------------
const varint = (v) => {
  let n = BigInt(v);
  if (n < 0n) n += 1n << 64n;
  const out = [];
  do {
    let b = Number(n & 0x7fn);
    n >>= 7n;
    if (n > 0n) b |= 0x80;
    out.push(b);
  } while (n > 0n);
  return Buffer.from(out);
};
const tag = (f, w) => varint((f << 3) | w);
const int = (f, v) => Buffer.concat([tag(f, 0), varint(v)]);
const bytes = (f, b) => Buffer.concat([tag(f, 2), varint(b.length), b]);
const str = (f, s) => bytes(f, Buffer.from(s, 'utf8'));
const cat = (...parts) => Buffer.concat(parts.flat());

const FLOAT = 1;
const BOOL = 9;
const INT64 = 7;
const tensorF = (name, dims, values) => {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  return cat(dims.map((d) => int(1, d)), int(2, FLOAT), name ? str(8, name) : [], bytes(9, raw));
};
const valueInfo = (name, elemType, shape) => {
  const dims = shape ? bytes(2, cat(shape.map((d) => bytes(1, typeof d === 'number' ? int(1, d) : str(2, d))))) : Buffer.alloc(0);
  return cat(str(1, name), bytes(2, bytes(1, cat(int(1, elemType), dims))));
};
const node = (op, inputs, outputs, name, attrs = []) => cat(inputs.map((i) => str(1, i)), outputs.map((o) => str(2, o)), str(3, name), str(4, op), attrs.map((a) => bytes(5, a)));
const graphAttr = (name, g) => cat(str(1, name), bytes(6, g), int(20, 5));
const tensorAttr = (name, t) => cat(str(1, name), bytes(5, t), int(20, 4));
const graph = ({ nodes, name, inits = [], inputs, outputs }) => cat(nodes.map((n) => bytes(1, n)), str(2, name), inits.map((t) => bytes(5, t)), inputs.map((v) => bytes(11, v)), outputs.map((v) => bytes(12, v)));
const model = (g) => cat(int(1, 8), bytes(8, cat(str(1, ''), int(2, 13))), bytes(7, g));

// y = x + c; z = If(cond, then: Identity(y), else: Neg(y)). c is a Constant node (withConstant)
// or an initializer; its value is `bias`.
function makeModel({ withConstant, bias }) {
  const thenG = graph({ nodes: [node('Identity', ['y'], ['t'], 'then_id')], name: 'then', inputs: [], outputs: [valueInfo('t', FLOAT, null)] });
  const elseG = graph({ nodes: [node('Neg', ['y'], ['e'], 'else_neg')], name: 'else', inputs: [], outputs: [valueInfo('e', FLOAT, null)] });
  const nodes = [];
  const inits = [];
  if (withConstant) nodes.push(node('Constant', [], ['c'], 'const_c', [tensorAttr('value', tensorF('', [1], [bias]))]));
  else inits.push(tensorF('c', [1], [bias]));
  nodes.push(node('Add', ['x', 'c'], ['y'], 'add'));
  nodes.push(node('If', ['cond'], ['z'], 'if', [graphAttr('then_branch', thenG), graphAttr('else_branch', elseG)]));
  return model(graph({ nodes, name: 'g', inits, inputs: [valueInfo('x', FLOAT, ['N', 3]), valueInfo('cond', BOOL, [])], outputs: [valueInfo('z', FLOAT, ['N', 3])] }));
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ort_compare_test_'));
const write = (name, buf) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, buf);
  return p;
};
const original = write('original.onnx', makeModel({ withConstant: true, bias: 0.5 }));
const same = write('same.onnx', makeModel({ withConstant: false, bias: 0.5 }));
const wrong = write('wrong.onnx', makeModel({ withConstant: false, bias: 1.5 }));

test('counts non-Constant nodes including subgraph bodies', () => {
  const m = onnx.parseModel(fs.readFileSync(original));
  const c = onnx.countNodes(m.graph);
  assert.strictEqual(c.all, 5);
  assert.strictEqual(c.nonConstant, 4); // Add, If, Identity, Neg
  assert.strictEqual(c.mainNonConstant, 2);
  assert.deepStrictEqual(c.ops, { Add: 1, If: 1, Identity: 1, Neg: 1 });
  const names = onnx.listNodes(m.graph).map((n) => `${n.path}/${n.name}`);
  assert.deepStrictEqual(names, ['/add', '/if', 'if/then_id', 'if/else_neg']);
});

test('feeds only graph inputs that are not initializers, with symbolic dims', () => {
  const m = onnx.parseModel(fs.readFileSync(same));
  assert.ok(m.graph.initializers.has('c'));
  const feeds = onnx.feedInputs(m.graph);
  assert.deepStrictEqual(feeds.map((v) => v.name), ['x', 'cond']);
  assert.deepStrictEqual(feeds[0].type.shape, ['N', 3]);
  assert.strictEqual(feeds[1].type.elemType, BOOL);
});

test('reads TensorProto test inputs: raw data and packed int64 data', () => {
  const f = onnx.parseTensor(tensorF('in0', [2], [1.5, -2]));
  assert.strictEqual(f.name, 'in0');
  assert.deepStrictEqual(f.dims, [2]);
  assert.strictEqual(f.raw.readFloatLE(4), -2);
  const i = onnx.parseTensor(cat(int(1, 3), int(2, INT64), str(8, 'ids'), bytes(7, cat(varint(4), varint(-1), varint(7)))));
  assert.deepStrictEqual(i.ints, [4n, -1n, 7n]);
});

test('rejects a truncated model with an error, not a crash', () => {
  const buf = fs.readFileSync(original);
  assert.throws(() => onnx.parseModel(buf.subarray(0, buf.length - 3)), /truncated/);
});

test('argument errors are reported', () => {
  assert.throws(() => cmp.parseArgs(['--dim', 'N']), /NAME=VALUE/);
  assert.throws(() => cmp.parseArgs(['--bogus']), /unknown option/);
  assert.deepStrictEqual(cmp.parseArgs(['a', 'b', '--shape', 'x=1,3']).shapes, { x: [1, 3] });
});

test('ORT: equal models compare equal, a changed constant is caught', { skip: !cmp.ortAvailable() && 'onnxruntime-node not installed' }, async () => {
  const opts = cmp.parseArgs(['--dim', 'N=4']);
  const ok = await cmp.compare(original, same, opts);
  assert.strictEqual(ok.outputsEqual, true, JSON.stringify(ok));
  assert.strictEqual(ok.nodes.original, 4);
  assert.strictEqual(ok.nodes.optimized, 4);
  assert.ok(ok.nodes.ortBasic <= 4, 'ORT basic counted');
  const bad = await cmp.compare(original, wrong, opts);
  assert.strictEqual(bad.outputsEqual, false);
  assert.match(bad.mismatches[0], /output 'z'/);
});

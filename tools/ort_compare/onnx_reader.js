'use strict';
// A minimal reader of the ONNX protobuf messages this tool needs (graph structure, value types,
// TensorProto for test inputs). It skips initializer payloads by length, so large models parse
// fast, and needs no protobuf package (only onnxruntime-node is installed on the machine).
// Field numbers are those of onnx/onnx.proto (ModelProto, GraphProto, NodeProto, ...).

class Reader {
  constructor(buf, start = 0, end = buf.length) {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }
  done() { return this.pos >= this.end; }
  varint() {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.end) throw new Error('truncated varint');
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
    }
  }
  // Returns [fieldNumber, wireType].
  tag() {
    const t = Number(this.varint());
    return [t >>> 3, t & 7];
  }
  bytes() {
    const len = Number(this.varint());
    const start = this.pos;
    this.pos += len;
    if (this.pos > this.end) throw new Error('truncated length-delimited field');
    return [start, this.pos];
  }
  skip(wire) {
    if (wire === 0) this.varint();
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) this.bytes();
    else if (wire === 5) this.pos += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
  string([s, e]) { return this.buf.toString('utf8', s, e); }
}

// Iterates the fields of the message buf[start,end): cb(field, wire, reader).
// cb must consume the field (or return false to let it be skipped).
function fields(buf, start, end, cb) {
  const r = new Reader(buf, start, end);
  while (!r.done()) {
    const [f, w] = r.tag();
    const before = r.pos;
    if (cb(f, w, r) === false || r.pos === before) r.skip(w);
  }
}

function parseDim(buf, s, e) {
  let dim = null;
  fields(buf, s, e, (f, w, r) => {
    if (f === 1 && w === 0) dim = Number(BigInt.asIntN(64, r.varint()));
    else if (f === 2 && w === 2) dim = r.string(r.bytes());
    else return false;
  });
  return dim; // number, symbolic name, or null (unknown)
}

function parseType(buf, s, e) {
  const type = { kind: 'other', elemType: 0, shape: null };
  fields(buf, s, e, (f, w, r) => {
    if (f === 1 && w === 2) { // tensor_type
      type.kind = 'tensor';
      const [ts, te] = r.bytes();
      fields(buf, ts, te, (f2, w2, r2) => {
        if (f2 === 1 && w2 === 0) type.elemType = Number(r2.varint());
        else if (f2 === 2 && w2 === 2) {
          type.shape = [];
          const [ss, se] = r2.bytes();
          fields(buf, ss, se, (f3, w3, r3) => {
            if (f3 === 1 && w3 === 2) type.shape.push(parseDim(buf, ...r3.bytes()));
            else return false;
          });
        } else return false;
      });
    } else return false;
  });
  return type;
}

function parseValueInfo(buf, s, e) {
  const vi = { name: '', type: null };
  fields(buf, s, e, (f, w, r) => {
    if (f === 1 && w === 2) vi.name = r.string(r.bytes());
    else if (f === 2 && w === 2) vi.type = parseType(buf, ...r.bytes());
    else return false;
  });
  return vi;
}

function parseNode(buf, s, e) {
  const node = { name: '', opType: '', domain: '', inputs: [], outputs: [], subgraphs: [] };
  fields(buf, s, e, (f, w, r) => {
    if (f === 1 && w === 2) node.inputs.push(r.string(r.bytes()));
    else if (f === 2 && w === 2) node.outputs.push(r.string(r.bytes()));
    else if (f === 3 && w === 2) node.name = r.string(r.bytes());
    else if (f === 4 && w === 2) node.opType = r.string(r.bytes());
    else if (f === 7 && w === 2) node.domain = r.string(r.bytes());
    else if (f === 5 && w === 2) { // AttributeProto: g = 6, graphs = 11
      const [as, ae] = r.bytes();
      fields(buf, as, ae, (f2, w2, r2) => {
        if ((f2 === 6 || f2 === 11) && w2 === 2) node.subgraphs.push(parseGraph(buf, ...r2.bytes()));
        else return false;
      });
    } else return false;
  });
  return node;
}

function parseTensorName(buf, s, e) {
  let name = '';
  fields(buf, s, e, (f, w, r) => {
    if (f === 8 && w === 2) name = r.string(r.bytes());
    else return false;
  });
  return name;
}

function parseGraph(buf, s, e) {
  const g = { name: '', nodes: [], inputs: [], outputs: [], initializers: new Set() };
  fields(buf, s, e, (f, w, r) => {
    if (f === 1 && w === 2) g.nodes.push(parseNode(buf, ...r.bytes()));
    else if (f === 2 && w === 2) g.name = r.string(r.bytes());
    else if (f === 5 && w === 2) g.initializers.add(parseTensorName(buf, ...r.bytes()));
    else if (f === 15 && w === 2) { // sparse_initializer: values (1) is a TensorProto with the name
      const [ss, se] = r.bytes();
      fields(buf, ss, se, (f2, w2, r2) => {
        if (f2 === 1 && w2 === 2) g.initializers.add(parseTensorName(buf, ...r2.bytes()));
        else return false;
      });
    } else if (f === 11 && w === 2) g.inputs.push(parseValueInfo(buf, ...r.bytes()));
    else if (f === 12 && w === 2) g.outputs.push(parseValueInfo(buf, ...r.bytes()));
    else return false;
  });
  return g;
}

function parseModel(buf) {
  let graph = null;
  const opsets = {};
  fields(buf, 0, buf.length, (f, w, r) => {
    if (f === 7 && w === 2) graph = parseGraph(buf, ...r.bytes());
    else if (f === 8 && w === 2) {
      let domain = '';
      let version = 0;
      const [os, oe] = r.bytes();
      fields(buf, os, oe, (f2, w2, r2) => {
        if (f2 === 1 && w2 === 2) domain = r2.string(r2.bytes());
        else if (f2 === 2 && w2 === 0) version = Number(r2.varint());
        else return false;
      });
      opsets[domain] = version;
    } else return false;
  });
  if (!graph) throw new Error('no graph in model');
  return { graph, opsets };
}

// Inputs the caller must feed: graph inputs that are not initializers.
function feedInputs(graph) {
  return graph.inputs.filter((vi) => !graph.initializers.has(vi.name));
}

// Node counts: all nodes, and nodes other than Constant (ORT turns Constant nodes into
// initializers when it loads a model, so only non-Constant nodes compare across tools).
// Nodes of subgraphs (If/Loop/Scan bodies) are counted too.
function countNodes(graph) {
  const out = { all: 0, nonConstant: 0, mainNonConstant: 0, ops: {} };
  const walk = (g, top) => {
    for (const n of g.nodes) {
      out.all++;
      if (n.opType !== 'Constant' || n.domain !== '') {
        out.nonConstant++;
        if (top) out.mainNonConstant++;
        const key = n.domain && n.domain !== 'ai.onnx' ? `${n.domain}.${n.opType}` : n.opType;
        out.ops[key] = (out.ops[key] || 0) + 1;
      }
      for (const sg of n.subgraphs) walk(sg, false);
    }
  };
  walk(graph, true);
  return out;
}

// All non-Constant nodes as {name, opType, path} (path = enclosing node names for subgraphs).
function listNodes(graph) {
  const list = [];
  const walk = (g, path) => {
    for (const n of g.nodes) {
      if (n.opType !== 'Constant' || n.domain !== '') list.push({ name: n.name, opType: n.opType, path, inputs: n.inputs, outputs: n.outputs });
      for (const sg of n.subgraphs) walk(sg, path ? `${path}/${n.name}` : n.name);
    }
  };
  walk(graph, '');
  return list;
}

// TensorProto (test_data_set_*/input_*.pb): {name, dims, dataType, values (typed array)}.
function parseTensor(buf) {
  const t = { name: '', dims: [], dataType: 0, raw: null, floats: [], ints: [], doubles: [], uints: [], strings: [] };
  const packedOr = (r, w, list, read) => {
    if (w === 2) {
      const [s, e] = r.bytes();
      const sub = new Reader(buf, s, e);
      while (!sub.done()) list.push(read(sub));
    } else list.push(read(r));
  };
  fields(buf, 0, buf.length, (f, w, r) => {
    if (f === 1) packedOr(r, w, t.dims, (x) => Number(BigInt.asIntN(64, x.varint())));
    else if (f === 2 && w === 0) t.dataType = Number(r.varint());
    else if (f === 4) packedOr(r, w, t.floats, (x) => { const v = buf.readFloatLE(x.pos); x.pos += 4; return v; });
    else if (f === 5) packedOr(r, w, t.ints, (x) => BigInt.asIntN(64, x.varint()));
    else if (f === 6 && w === 2) t.strings.push(r.string(r.bytes()));
    else if (f === 7) packedOr(r, w, t.ints, (x) => BigInt.asIntN(64, x.varint()));
    else if (f === 8 && w === 2) t.name = r.string(r.bytes());
    else if (f === 9 && w === 2) { const [s, e] = r.bytes(); t.raw = buf.subarray(s, e); }
    else if (f === 10) packedOr(r, w, t.doubles, (x) => { const v = buf.readDoubleLE(x.pos); x.pos += 8; return v; });
    else if (f === 11) packedOr(r, w, t.uints, (x) => x.varint());
    else return false;
  });
  return t;
}

module.exports = { parseModel, feedInputs, countNodes, listNodes, parseTensor };

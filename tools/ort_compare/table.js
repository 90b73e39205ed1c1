#!/usr/bin/env node
'use strict';
// Renders compare.js JSON lines as a markdown table (or, with --summary, counts and the models
// where PassScope leaves more nodes than ONNX Runtime's basic level).
// Usage: node table.js [--summary] RESULTS.jsonl
const fs = require('fs');

const args = process.argv.slice(2);
const summary = args.includes('--summary');
const file = args.find((a) => !a.startsWith('--'));
if (!file || !fs.existsSync(file)) {
  console.error('usage: node table.js [--summary] RESULTS.jsonl');
  process.exit(2);
}
const rows = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

// Nodes PassScope has more of than ORT once ORT's fusions are set aside: BatchNormalization
// (ORT fuses it into the Conv before it), one MatMul plus one Add per Gemm ORT made, and a
// HardSwish per HardSigmoid ORT has more of (ORT's CPU provider has no HardSwish kernel at
// opset 14 and inlines the ONNX function, HardSigmoid then Mul: an expansion, not a removal).
function gapFusionsAside(r) {
  const more = { ...(r.opsMoreThanOrt || {}) };
  delete more.BatchNormalization;
  const fewer = r.opsFewerThanOrt || {};
  const gemms = fewer.Gemm || 0;
  for (const op of ['MatMul', 'Add']) if (more[op]) more[op] = Math.max(0, more[op] - gemms);
  if (more.HardSwish) more.HardSwish = Math.max(0, more.HardSwish - (fewer.HardSigmoid || 0));
  return Object.values(more).reduce((a, b) => a + b, 0);
}
const fmtOps = (ops) => Object.entries(ops || {}).map(([k, v]) => `${k}×${v}`).join(' ');
const equalText = (r) => {
  if (r.optimizeError) return `optimize failed: ${r.optimizeError}`;
  if (r.error) return `error: ${r.error}`;
  if (r.outputsEqual === true) return 'yes';
  if (r.outputsEqual === false && r.equalToOrtBasicRun) return `differs from the original as ORT basic's own run does (${(r.mismatches || [])[0]})`;
  if (r.outputsEqual === false) return `**NO**: ${(r.mismatches || []).join('; ')}`;
  return `not run (${r.runError})`;
};
const ortText = (r) => (r.nodes && r.nodes.ortBasic !== undefined ? String(r.nodes.ortBasic) : `ORT failed: ${r.ortBasicError || '-'}`);

if (!summary) {
  console.log('| model | nodes original | ORT basic | PassScope | ORT basic after PassScope | outputs equal | PassScope has more than ORT | gap, fusions aside |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const n = r.nodes || {};
    console.log(`| ${r.name} | ${n.original ?? '-'} | ${r.nodes ? ortText(r) : '-'} | ${n.optimized ?? '-'} | ${n.ortBasicOnOptimized ?? '-'} | ${equalText(r)} | ${fmtOps(r.opsMoreThanOrt)} | ${r.opsMoreThanOrt ? gapFusionsAside(r) : 0} |`);
  }
  process.exit(0);
}

const count = (f) => rows.filter(f).length;
const withOrt = rows.filter((r) => r.nodes && r.nodes.ortBasic !== undefined);
console.log(`models: ${rows.length}`);
console.log(`optimize failed: ${count((r) => r.optimizeError)}`);
console.log(`ORT cannot load the original: ${count((r) => r.ortBasicError)}`);
console.log(`compared with ORT basic: ${withOrt.length}`);
console.log(`  PassScope fewer nodes: ${count((r) => r.nodes && r.nodes.optimized < r.nodes.ortBasic)}`);
console.log(`  equal: ${count((r) => r.nodes && r.nodes.optimized === r.nodes.ortBasic)}`);
const more = withOrt.filter((r) => r.nodes.optimized > r.nodes.ortBasic);
console.log(`  PassScope more nodes: ${more.length} (${more.filter((r) => gapFusionsAside(r) > 0).length} once BatchNormalization, MatMul+Add->Gemm and HardSwish inlining are set aside)`);
console.log(`outputs equal: ${count((r) => r.outputsEqual === true)}, different as ORT basic's own run: ${count((r) => r.outputsEqual === false && r.equalToOrtBasicRun)}, different: ${count((r) => r.outputsEqual === false && !r.equalToOrtBasicRun)}, not run: ${count((r) => r.outputsEqual === null || r.outputsEqual === undefined)}`);
if (more.length) {
  console.log('\n| model | original | ORT basic | PassScope | op types PassScope has more of | ORT has more of |');
  console.log('|---|---|---|---|---|---|');
  for (const r of more) console.log(`| ${r.name} | ${r.nodes.original} | ${r.nodes.ortBasic} | ${r.nodes.optimized} | ${fmtOps(r.opsMoreThanOrt)} | ${fmtOps(r.opsFewerThanOrt)} |`);
}
const wrong = rows.filter((r) => r.outputsEqual === false && !r.equalToOrtBasicRun);
if (wrong.length) {
  console.log('\nOutputs differ under ORT:');
  for (const r of wrong) console.log(`- ${r.name}: ${(r.mismatches || []).join('; ')}`);
}
const failed = rows.filter((r) => r.optimizeError);
if (failed.length) {
  console.log('\nOptimize failed:');
  for (const r of failed) console.log(`- ${r.name}: ${r.optimizeError}`);
}

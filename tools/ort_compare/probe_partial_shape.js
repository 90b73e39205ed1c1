'use strict';
// Probe (run by hand): what ONNX Runtime's basic level does with shape chains over x [N,3,4]:
//  - Gather(Shape(x), 1) (a static dim, dim 0 symbolic) -> Cast -> Mul: ORT 1.30 keeps it;
//  - Gather(Shape(x), 0) -> Unsqueeze -> Concat([.., 12]) -> Reshape(x): ORT's ReshapeFusion
//    replaces the chain by the constant [0, 12] (0 = copy the dim of Reshape's own input).
// Writes probe.onnx and probe_ort.onnx in the current folder and prints ORT's nodes.
// Usage: NODE_PATH=... node probe_partial_shape.js
const fs=require('fs'); const onnx=require('/work/wt-measure/tools/ort_compare/onnx_reader.js'); const ort=require('onnxruntime-node');
const varint=(v)=>{let n=BigInt(v);if(n<0n)n+=1n<<64n;const o=[];do{let b=Number(n&0x7fn);n>>=7n;if(n>0n)b|=0x80;o.push(b);}while(n>0n);return Buffer.from(o);};
const tag=(f,w)=>varint((f<<3)|w),int=(f,v)=>Buffer.concat([tag(f,0),varint(v)]),bytes=(f,b)=>Buffer.concat([tag(f,2),varint(b.length),b]),str=(f,s)=>bytes(f,Buffer.from(s)),cat=(...p)=>Buffer.concat(p.flat());
const tI=(name,dims,vals)=>{const raw=Buffer.alloc(vals.length*8);vals.forEach((v,i)=>raw.writeBigInt64LE(BigInt(v),i*8));return cat(dims.map(d=>int(1,d)),int(2,7),str(8,name),bytes(9,raw));};
const vi=(name,et,shape)=>cat(str(1,name),bytes(2,bytes(1,cat(int(1,et),bytes(2,cat(shape.map(d=>bytes(1,typeof d==='number'?int(1,d):str(2,d)))))))));
const node=(op,i,o,name,attrs=[])=>cat(i.map(x=>str(1,x)),o.map(x=>str(2,x)),str(3,name),str(4,op),attrs.map(a=>bytes(5,a)));
const iattr=(n,v)=>cat(str(1,n),int(3,v),int(20,2));
const nodes=[
 node('Shape',['x'],['s'],'shape'),
 node('Gather',['s','i1'],['d1'],'gather_static',[iattr('axis',0)]),   // dim 1 = 3 static
 node('Cast',['d1'],['d1f'],'cast',[iattr('to',1)]),
 node('Mul',['y','d1f'],['out1'],'mul'),
 node('Gather',['s','i0'],['d0'],'gather_sym',[iattr('axis',0)]),     // dim 0 = N symbolic
 node('Unsqueeze',['d0','ax0'],['d0u'],'unsq'),
 node('Concat',['d0u','c12'],['shp'],'concat',[iattr('axis',0)]),
 node('Reshape',['x','shp'],['out2'],'reshape'),
];
const g=cat(nodes.map(n=>bytes(1,n)),str(2,'g'),bytes(5,tI('i1',[],[1])),bytes(5,tI('i0',[],[0])),bytes(5,tI('ax0',[1],[0])),bytes(5,tI('c12',[1],[12])),
 bytes(11,vi('x',1,['N',3,4])),bytes(11,vi('y',1,[2])),bytes(12,vi('out1',1,[2])),bytes(12,vi('out2',1,['N',12])));
const m=cat(int(1,8),bytes(8,cat(str(1,''),int(2,13))),bytes(7,g));
fs.writeFileSync('probe.onnx',m);
(async()=>{const s=await ort.InferenceSession.create('probe.onnx',{graphOptimizationLevel:'basic',optimizedModelFilePath:'probe_ort.onnx'});
const o=onnx.parseModel(fs.readFileSync('probe_ort.onnx'));console.log(onnx.listNodes(o.graph).map(n=>n.opType+':'+n.name).join(' '), [...o.graph.initializers].join(','));})();

#!/usr/bin/python3
"""Write PyTorch ONNX exports with random weights (issue 21, item 6).

The small set (committed under resources/models/pytorch/) is written to --out; --large DIR also
writes full-size torchvision models and a wider transformer encoder for local measurement (not
committed). Every model: random initialisation under torch.manual_seed(0), no downloaded weights,
exported twice and compared byte for byte, checked with onnx.checker (full_check=True).

Needs python3-torch, python3-torchvision, python3-onnx and python3-numpy (Debian's, run with
/usr/bin/python3); tools/torch_exports/generate.sh installs them and runs this script.
"""

import argparse
import hashlib
import io
import math
import os
import sys
import time
import warnings

import onnx
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision

# torch 1.13 exports opsets 7 to 17; 14 is a common choice of published exports (LayerNorm is written
# out as ReduceMean/Sub/Pow/Sqrt/Div below opset 17)
OPSET = 14


# ---------------------------------------------------------------------------------------------
# Models written in this file (architectures from torch.nn; the CNNs come from torchvision)


class TransformerEncoderClassifier(nn.Module):
    """Token embedding + learned position table + nn.TransformerEncoder + a linear head on the
    first token. attention_mask is 1 for tokens and 0 for padding (as in Hugging Face models)
    and becomes the encoder's src_key_padding_mask."""

    def __init__(self, vocab=1000, d_model=64, nhead=4, dim_ff=128, layers=4, max_len=256,
                 classes=10):
        super().__init__()
        self.embedding = nn.Embedding(vocab, d_model)
        self.pos_embedding = nn.Parameter(torch.randn(1, max_len, d_model) * 0.02)
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=dim_ff, dropout=0.0,
                                           activation="gelu", batch_first=True)
        # enable_nested_tensor=False: no nested-tensor conversion of padded batches (the fused
        # fast path cannot be exported; see export_one for the other half of this)
        self.encoder = nn.TransformerEncoder(layer, layers, norm=nn.LayerNorm(d_model),
                                             enable_nested_tensor=False)
        self.classifier = nn.Linear(d_model, classes)

    def forward(self, input_ids, attention_mask):
        seq = input_ids.shape[1]
        x = self.embedding(input_ids) + self.pos_embedding[:, :seq]
        x = self.encoder(x, src_key_padding_mask=attention_mask == 0)
        return self.classifier(x[:, 0])


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, nhead, block_size):
        super().__init__()
        self.nhead = nhead
        self.head_dim = d_model // nhead
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        mask = torch.triu(torch.ones(block_size, block_size, dtype=torch.bool), diagonal=1)
        self.register_buffer("causal_mask", mask, persistent=False)

    def forward(self, x):
        b, t, c = x.shape
        hd = self.head_dim
        q, k, v = self.qkv(x).split(c, dim=2)
        q = q.view(b, t, self.nhead, hd).transpose(1, 2)
        k = k.view(b, t, self.nhead, hd).transpose(1, 2)
        v = v.view(b, t, self.nhead, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))
        att = att.masked_fill(self.causal_mask[:t, :t], float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, c)
        return self.proj(y)


class MLP(nn.Module):
    def __init__(self, d_model):
        super().__init__()
        self.fc = nn.Linear(d_model, 4 * d_model)
        self.act = nn.GELU()
        self.proj = nn.Linear(4 * d_model, d_model)

    def forward(self, x):
        return self.proj(self.act(self.fc(x)))


class Block(nn.Module):
    def __init__(self, d_model, nhead, block_size):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, nhead, block_size)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPTDecoder(nn.Module):
    """A small GPT-2-style decoder: token and position embeddings, pre-norm blocks with causal
    self-attention (triu mask + masked_fill) and a GELU MLP, a final LayerNorm and an LM head."""

    def __init__(self, vocab=512, d_model=64, nhead=4, layers=4, block_size=128):
        super().__init__()
        self.wte = nn.Embedding(vocab, d_model)
        self.wpe = nn.Embedding(block_size, d_model)
        self.blocks = nn.ModuleList(Block(d_model, nhead, block_size) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d_model)
        self.lm_head = nn.Linear(d_model, vocab, bias=False)

    def forward(self, input_ids):
        t = input_ids.shape[1]
        pos = torch.arange(t, dtype=torch.long, device=input_ids.device).unsqueeze(0)
        x = self.wte(input_ids) + self.wpe(pos)
        for block in self.blocks:
            x = block(x)
        return self.lm_head(self.ln_f(x))


class RMSNorm(nn.Module):
    """Llama's RMSNorm: x / sqrt(mean(x^2) + eps) * weight (Pow, ReduceMean, Add, Sqrt, Div, Mul)."""

    def __init__(self, d_model, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class LlamaAttention(nn.Module):
    def __init__(self, d_model, nhead):
        super().__init__()
        self.nhead = nhead
        self.head_dim = d_model // nhead
        self.q_proj = nn.Linear(d_model, d_model, bias=False)
        self.k_proj = nn.Linear(d_model, d_model, bias=False)
        self.v_proj = nn.Linear(d_model, d_model, bias=False)
        self.o_proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, cos, sin, mask):
        b, t, c = x.shape
        shape = (b, t, self.nhead, self.head_dim)
        q = self.q_proj(x).view(shape).transpose(1, 2)
        k = self.k_proj(x).view(shape).transpose(1, 2)
        v = self.v_proj(x).view(shape).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        att = (q @ k.transpose(-2, -1)) / math.sqrt(self.head_dim) + mask
        att = F.softmax(att, dim=-1)
        return self.o_proj((att @ v).transpose(1, 2).reshape(b, t, c))


class LlamaMLP(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.gate_proj = nn.Linear(d_model, hidden, bias=False)
        self.up_proj = nn.Linear(d_model, hidden, bias=False)
        self.down_proj = nn.Linear(hidden, d_model, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class LlamaDecoderLayer(nn.Module):
    def __init__(self, d_model, nhead, hidden):
        super().__init__()
        self.input_layernorm = RMSNorm(d_model)
        self.self_attn = LlamaAttention(d_model, nhead)
        self.post_attention_layernorm = RMSNorm(d_model)
        self.mlp = LlamaMLP(d_model, hidden)

    def forward(self, x, cos, sin, mask):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin, mask)
        return x + self.mlp(self.post_attention_layernorm(x))


class LlamaModel(nn.Module):
    def __init__(self, vocab, d_model, nhead, hidden, layers):
        super().__init__()
        self.head_dim = d_model // nhead
        self.embed_tokens = nn.Embedding(vocab, d_model)
        self.layers = nn.ModuleList(LlamaDecoderLayer(d_model, nhead, hidden) for _ in range(layers))
        self.norm = RMSNorm(d_model)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, input_ids):
        t = input_ids.shape[1]
        # the rotary tables and the causal mask are computed in the graph, once, and read by
        # every layer (as Hugging Face's LlamaModel does)
        pos = torch.arange(t, dtype=torch.float32, device=input_ids.device)
        freqs = torch.outer(pos, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos()[None, None], emb.sin()[None, None]
        mask = torch.full((t, t), float("-inf"), device=input_ids.device).triu(1)[None, None]
        x = self.embed_tokens(input_ids)
        for layer in self.layers:
            x = layer(x, cos, sin, mask)
        return self.norm(x)


class LlamaForCausalLM(nn.Module):
    """A Llama-2-shaped decoder (Hugging Face's module names: model.layers.N.self_attn.q_proj, ...):
    RMSNorm, rotary position tables and a causal mask computed in the graph and read by every
    layer, SwiGLU MLP, no biases."""

    def __init__(self, vocab=1000, d_model=64, nhead=4, hidden=172, layers=80):
        super().__init__()
        self.model = LlamaModel(vocab, d_model, nhead, hidden, layers)
        self.lm_head = nn.Linear(d_model, vocab, bias=False)

    def forward(self, input_ids):
        return self.lm_head(self.model(input_ids))


class SegmentationOut(nn.Module):
    """torchvision's segmentation models return a dict; the export wants a tensor ("out")."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x)["out"]


# ---------------------------------------------------------------------------------------------
# The model lists: name -> dict(build, args (example inputs), inputs, outputs, axes (dynamic))


def ids(batch, seq, vocab):
    g = torch.Generator().manual_seed(1)
    return torch.randint(0, vocab, (batch, seq), generator=g)


def image(batch, size=224):
    g = torch.Generator().manual_seed(1)
    return torch.randn(batch, 3, size, size, generator=g)


def encoder_spec(d_model, nhead, dim_ff):
    def build():
        return TransformerEncoderClassifier(d_model=d_model, nhead=nhead, dim_ff=dim_ff)

    mask = torch.ones(2, 16, dtype=torch.long)
    mask[1, 12:] = 0  # the second sequence is padded
    seq_axes = {0: "batch", 1: "sequence"}
    return dict(build=build, args=(ids(2, 16, 1000), mask),
                inputs=["input_ids", "attention_mask"], outputs=["logits"],
                axes={"input_ids": seq_axes, "attention_mask": seq_axes, "logits": {0: "batch"}})


def gpt_spec():
    seq_axes = {0: "batch", 1: "sequence"}
    return dict(build=lambda: GPTDecoder(), args=(ids(2, 16, 512),),
                inputs=["input_ids"], outputs=["logits"],
                axes={"input_ids": seq_axes, "logits": seq_axes})


def llama_spec(**kwargs):
    seq_axes = {0: "batch", 1: "sequence"}
    return dict(build=lambda: LlamaForCausalLM(**kwargs), args=(ids(1, 16, 1000),),
                inputs=["input_ids"], outputs=["logits"],
                axes={"input_ids": seq_axes, "logits": seq_axes})


def vision_spec(build, size=224):
    return dict(build=build, args=(image(1, size),), inputs=["input"], outputs=["logits"],
                axes={"input": {0: "batch"}, "logits": {0: "batch"}})


def swin_small():
    from torchvision.models.swin_transformer import SwinTransformer
    # Swin-T's depths, window and input size at a sixth of its width (embed_dim 96 -> 16, heads
    # 3,6,12,24 -> 1,2,4,8, so 16 channels a head), 100 classes: the same blocks, nodes and scopes
    # as swin_t in about 3 MB
    return SwinTransformer(patch_size=[4, 4], embed_dim=16, depths=[2, 2, 6, 2],
                           num_heads=[1, 2, 4, 8], window_size=[7, 7],
                           stochastic_depth_prob=0.0, num_classes=100)


SMALL = {
    "transformer_encoder": encoder_spec(d_model=64, nhead=4, dim_ff=128),
    "gpt_decoder": gpt_spec(),
    "shufflenet_v2_x0_5": vision_spec(
        lambda: torchvision.models.shufflenet_v2_x0_5(weights=None, num_classes=100)),
    "swin_tiny_windows": vision_spec(swin_small),
}

LARGE = {
    "resnet18": vision_spec(lambda: torchvision.models.resnet18(weights=None)),
    "convnext_tiny": vision_spec(lambda: torchvision.models.convnext_tiny(weights=None)),
    "swin_t": vision_spec(lambda: torchvision.models.swin_t(weights=None)),
    "vit_b_16": vision_spec(lambda: torchvision.models.vit_b_16(weights=None)),
    "mobilenet_v3_large": vision_spec(lambda: torchvision.models.mobilenet_v3_large(weights=None)),
    "transformer_encoder_d256": encoder_spec(d_model=256, nhead=8, dim_ff=1024),
    # More torchvision CNNs and a segmentation model, for the comparison with ONNX Runtime's basic
    # level (tools/ort_compare/pytorch_models.tsv, issue 23)
    "mobilenet_v2": vision_spec(lambda: torchvision.models.mobilenet_v2(weights=None)),
    "efficientnet_b0": vision_spec(lambda: torchvision.models.efficientnet_b0(weights=None)),
    "densenet121": vision_spec(lambda: torchvision.models.densenet121(weights=None)),
    "googlenet": vision_spec(
        lambda: torchvision.models.googlenet(weights=None, aux_logits=False, init_weights=True)),
    "regnet_y_400mf": vision_spec(lambda: torchvision.models.regnet_y_400mf(weights=None)),
    "deeplabv3_mobilenet_v3_large": vision_spec(lambda: SegmentationOut(
        torchvision.models.segmentation.deeplabv3_mobilenet_v3_large(
            weights=None, weights_backbone=None, aux_loss=False))),
    # The graph view's cases (issue 35): ShuffleNetV2 at full width and an LLM-depth decoder
    "shufflenet_v2_x1_0": vision_spec(lambda: torchvision.models.shufflenet_v2_x1_0(weights=None)),
    "llama_decoder_80": llama_spec(d_model=64, nhead=4, hidden=172, layers=80),
}


# ---------------------------------------------------------------------------------------------


def build_model(spec):
    """The model of spec as it is exported: seed 0, eval mode, weights perturbed (see below)."""
    torch.manual_seed(0)
    model = spec["build"]()
    model.eval()
    # PyTorch's initialisation leaves many tensors equal (every LayerNorm weight is 1, the layers
    # of nn.TransformerEncoder are deep copies of one layer), and the exporter merges equal
    # initializers into one plus Identity nodes, which the export of a trained model would not
    # have. A little noise on every parameter makes them all distinct, as in a trained model.
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.02)
    return model


def export_bytes(spec):
    model = build_model(spec)
    # The fused fast paths of nn.TransformerEncoder(Layer) and nn.MultiheadAttention
    # (_transformer_encoder_layer_fwd, _native_multi_head_attention) cannot be exported; they are
    # taken only in eval mode with autograd off or no parameter requiring grad. Keep autograd on
    # and the parameters requiring grad so the exporter traces the modules' ordinary code.
    for p in model.parameters():
        p.requires_grad_(True)
    buf = io.BytesIO()
    with torch.enable_grad():
        torch.onnx.export(model, spec["args"], buf, opset_version=OPSET,
                          input_names=spec["inputs"], output_names=spec["outputs"],
                          dynamic_axes=spec["axes"], do_constant_folding=True)
    return buf.getvalue()


def scope_of(node_name):
    """'/encoder/layers.0/self_attn/MatMul' -> ('encoder', 'layers.0', 'self_attn')."""
    if not node_name.startswith("/"):
        return ()
    return tuple(p for p in node_name.split("/")[1:-1] if p)


def stats(model):
    nodes = list(model.graph.node)
    scopes = set()
    depth = 0
    for n in nodes:
        s = scope_of(n.name)
        depth = max(depth, len(s))
        for i in range(1, len(s) + 1):
            scopes.add(s[:i])
    sub = sum(1 for n in nodes for a in n.attribute if a.type in (onnx.AttributeProto.GRAPH,
                                                                  onnx.AttributeProto.GRAPHS))
    ops = {}
    for n in nodes:
        ops[n.op_type] = ops.get(n.op_type, 0) + 1
    return dict(nodes=len(nodes), scopes=len(scopes), depth=depth, subgraph_nodes=sub,
                constants=ops.get("Constant", 0), initializers=len(model.graph.initializer),
                ops=ops)


def check_names(name, model):
    names = [n.name for n in model.graph.node]
    if name.startswith("transformer_encoder"):
        for i in range(4):
            want = f"/encoder/layers.{i}/self_attn/"
            if not any(n.startswith(want) for n in names):
                raise SystemExit(f"{name}: no node under {want}")
    if name == "gpt_decoder":
        for i in range(4):
            want = f"/blocks.{i}/attn/"
            if not any(n.startswith(want) for n in names):
                raise SystemExit(f"{name}: no node under {want}")


def write_set(specs, out_dir, repeat):
    os.makedirs(out_dir, exist_ok=True)
    rows = []
    for name, spec in specs.items():
        t0 = time.time()
        data = export_bytes(spec)
        if repeat:
            again = export_bytes(spec)
            if again != data:
                raise SystemExit(f"{name}: two exports differ ({len(data)} vs {len(again)} bytes)")
        path = os.path.join(out_dir, name + ".onnx")
        with open(path, "wb") as f:
            f.write(data)
        model = onnx.load_from_string(data)
        onnx.checker.check_model(model, full_check=True)
        check_names(name, model)
        s = stats(model)
        secs = time.time() - t0
        rows.append((path, len(data), s))
        print(f"{path}: {len(data) / 1e6:.2f} MB, {s['nodes']} nodes ({s['constants']} Constant, "
              f"{s['initializers']} initializers), {s['scopes']} scopes, max scope depth "
              f"{s['depth']}, sha256 {hashlib.sha256(data).hexdigest()}, {secs:.1f} s"
              + (", deterministic" if repeat else ""), flush=True)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="resources/models/pytorch",
                    help="folder for the small set (default: %(default)s)")
    ap.add_argument("--large", metavar="DIR", help="also write the large set into DIR")
    ap.add_argument("--only", action="append", metavar="NAME",
                    help="write only this model (repeatable)")
    ap.add_argument("--no-repeat", action="store_true",
                    help="export once instead of twice (skips the determinism check)")
    ap.add_argument("--ops", action="store_true", help="also print each model's op mix")
    a = ap.parse_args()

    unknown = set(a.only or []) - set(SMALL) - set(LARGE)
    if unknown:
        ap.error(f"unknown model {', '.join(sorted(unknown))}; known: {', '.join([*SMALL, *LARGE])}")
    print(f"torch {torch.__version__}, torchvision {torchvision.__version__}, "
          f"onnx {onnx.__version__}, opset {OPSET}", flush=True)
    # torchvision's Swin and ViT turn shapes into Python numbers (padding, window counts): fixed
    # for the 224x224 input, which is why only the batch dimension of the images is dynamic
    warnings.filterwarnings("ignore", category=torch.jit.TracerWarning)
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    t0 = time.time()
    sets = [(SMALL, a.out)]
    if a.large:
        sets.append((LARGE, a.large))
    for specs, out in sets:
        if a.only:
            specs = {k: v for k, v in specs.items() if k in a.only}
        for path, size, s in write_set(specs, out, not a.no_repeat):
            if a.ops:
                print("  " + ", ".join(f"{k} {v}" for k, v in
                                       sorted(s["ops"].items(), key=lambda kv: (-kv[1], kv[0]))))
    print(f"done in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Write the graph view's layout fixtures (issue 35): torchvision's own models and a deep
Llama-shaped decoder, exported as users export them, with their weights made tiny.

What a layout test needs is the graph, not the weights: the file a user gets from
`torch.onnx.export(torchvision.models.X(), x, f, opset_version=14, dynamic batch)` holds hundreds
of MB of them. So each model is

1. built with torchvision's own classes and module names, at a reduced width where the class takes
   one and the graph stays the same: the script exports the full-width model too and checks that
   both graphs have the same node names and op types, in order (LAYOUT says which);
2. exported as a user does: default initialisation (so the exporter's merged initializers and their
   unscoped `Identity_N` readers are there), the model as constructed, opset 14, dynamic batch;
3. stripped: every floating-point initializer of 64 elements or more is filled with one value of
   its own (0.0101, 0.0102, ...: never 0 or 1, which passes would take for no-ops, and never equal
   to another's, which passes could merge), so that the files compress to almost nothing;
4. packed into one tar.gz (resources/models/pytorch/layout_models.tar.gz), which the build
   unpacks for tests/gui/test_real_layouts.cpp and passscope-bench-gui --real.

Run with Debian's torch and torchvision (tools/torch_exports/generate.sh installs them):
    /usr/bin/python3 tools/torch_exports/layout_models.py [--out FILE] [--keep DIR] [--no-check]
"""

import argparse
import gzip
import io
import os
import sys
import tarfile
import time
import warnings

import numpy
import onnx
import onnx.numpy_helper
import torch
import torchvision

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export_models import LlamaForCausalLM, SegmentationOut  # noqa: E402

OPSET = 14
FILL_MIN_ELEMENTS = 64


def efficientnet_b0(width):
    from torchvision.models.efficientnet import EfficientNet, _efficientnet_conf
    settings, last = _efficientnet_conf("efficientnet_b0", width_mult=width, depth_mult=1.0)
    return EfficientNet(settings, 0.2, last_channel=last, num_classes=10)


def mobilenet_v3_large(width):
    from torchvision.models.mobilenetv3 import MobileNetV3, _mobilenet_v3_conf
    settings, last = _mobilenet_v3_conf("mobilenet_v3_large", width_mult=width)
    return MobileNetV3(settings, last, num_classes=10)


def convnext_tiny(width):
    from torchvision.models.convnext import CNBlockConfig, ConvNeXt
    d = [int(c * width) for c in (96, 192, 384, 768)]
    return ConvNeXt([CNBlockConfig(d[0], d[1], 3), CNBlockConfig(d[1], d[2], 3),
                     CNBlockConfig(d[2], d[3], 9), CNBlockConfig(d[3], None, 3)],
                    stochastic_depth_prob=0.1, num_classes=10)


def swin_t(width):
    from torchvision.models.swin_transformer import SwinTransformer
    # embed_dim 96 and heads 3, 6, 12, 24 at full width: 32 channels a head
    heads = [3, 6, 12, 24] if width == 1 else [1, 2, 4, 8]
    return SwinTransformer(patch_size=[4, 4], embed_dim=int(96 * width), depths=[2, 2, 6, 2],
                           num_heads=heads, window_size=[7, 7], stochastic_depth_prob=0.2,
                           num_classes=10)


def shufflenet_v2_x1_0(width):
    from torchvision.models.shufflenetv2 import ShuffleNetV2
    channels = [24, 116, 232, 464, 1024]
    return ShuffleNetV2([4, 8, 4], [channels[0]] + [2 * int(c * width / 2) for c in channels[1:]],
                        num_classes=10)


def regnet_y_400mf(width):
    from torchvision.models.regnet import BlockParams, RegNet
    full = BlockParams.from_init_params(depth=16, w_0=48, w_a=27.89, w_m=2.09, group_width=8,
                                        se_ratio=0.25)
    if width == 1:
        return RegNet(full, num_classes=10)
    widths = [2 * max(1, int(w * width / 2)) for w in full.widths]
    tiny = BlockParams(full.depths, widths, [2] * len(widths), full.bottleneck_multipliers,
                       full.strides, full.se_ratio)
    return RegNet(tiny, num_classes=10)


def resnet18(width):
    # ResNet's widths are fixed in its class: the fixture is the full model, stripped (step 3)
    return torchvision.models.resnet18(num_classes=10)


def deeplabv3_mobilenet_v3_large(width):
    from torchvision.models.segmentation.deeplabv3 import _deeplabv3_mobilenetv3
    backbone = torchvision.models.mobilenet_v3_large(weights=None, dilated=True, width_mult=width)
    return SegmentationOut(_deeplabv3_mobilenetv3(backbone, num_classes=4, aux=False))


def llama_decoder(width):
    # Hugging Face's Llama-2 module names; width 64 (4 heads) at "full" width, 16 (1 head) tiny
    d = 64 if width == 1 else 16
    return LlamaForCausalLM(vocab=1000, d_model=d, nhead=max(1, d // 16), hidden=d * 172 // 64,
                            layers=80)


def image_spec(build, width):
    x = torch.randn(1, 3, 224, 224, generator=torch.Generator().manual_seed(1))
    return dict(build=build, width=width, args=(x,), inputs=["input"], outputs=["output"],
                axes={"input": {0: "batch"}, "output": {0: "batch"}})


def tokens_spec(build, width):
    ids = torch.randint(0, 1000, (1, 16), generator=torch.Generator().manual_seed(1))
    axes = {0: "batch", 1: "sequence"}
    return dict(build=build, width=width, args=(ids,), inputs=["input_ids"], outputs=["logits"],
                axes={"input_ids": axes, "logits": axes})


# Widths checked to give the full-width graph (same node names and op types, the exporter's
# Identity nodes included); where no smaller width does (EfficientNet's and MobileNetV3's channel
# rounding adds residual connections and changes which initializers are equal), the model is kept
# at full width and only stripped.
LAYOUT = {
    "efficientnet_b0": image_spec(efficientnet_b0, 1),
    "convnext_tiny": image_spec(convnext_tiny, 0.125),
    "swin_t": image_spec(swin_t, 1 / 6),
    "deeplabv3_mobilenet_v3_large": image_spec(deeplabv3_mobilenet_v3_large, 1),
    "shufflenet_v2_x1_0": image_spec(shufflenet_v2_x1_0, 0.5),
    "mobilenet_v3_large": image_spec(mobilenet_v3_large, 1),
    "resnet18": image_spec(resnet18, 1),
    "regnet_y_400mf": image_spec(regnet_y_400mf, 0.25),
    "llama_decoder_80": tokens_spec(llama_decoder, 0.25),
}


def export(spec, width):
    torch.manual_seed(0)
    model = spec["build"](width)
    buf = io.BytesIO()
    torch.onnx.export(model, spec["args"], buf, opset_version=OPSET, input_names=spec["inputs"],
                      output_names=spec["outputs"], dynamic_axes=spec["axes"])
    return onnx.load_from_string(buf.getvalue())


def structure(model):
    """What the layout sees of a graph: its nodes' names and op types, in order."""
    return [(n.name, n.op_type) for n in model.graph.node]


def strip_weights(model):
    """Fills each large floating-point initializer with a value of its own (step 3)."""
    filled = 0
    for k, init in enumerate(model.graph.initializer):
        if init.data_type not in (onnx.TensorProto.FLOAT, onnx.TensorProto.FLOAT16,
                                  onnx.TensorProto.DOUBLE):
            continue
        count = int(numpy.prod(init.dims)) if init.dims else 1
        if count < FILL_MIN_ELEMENTS:
            continue
        dtype = onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[init.data_type]
        value = numpy.full(tuple(init.dims), 0.0101 + 0.0001 * (k % 9000), dtype=dtype)
        init.CopyFrom(onnx.numpy_helper.from_array(value, init.name))
        filled += 1
    return filled


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--out", default=os.path.join(root, "resources", "models", "pytorch",
                                                  "layout_models.tar.gz"))
    ap.add_argument("--keep", metavar="DIR", help="also write the stripped .onnx files into DIR")
    ap.add_argument("--no-check", action="store_true",
                    help="skip the full-width export and its comparison (faster)")
    ap.add_argument("--only", action="append", metavar="NAME")
    a = ap.parse_args()
    warnings.filterwarnings("ignore")
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    print(f"torch {torch.__version__}, torchvision {torchvision.__version__}, onnx {onnx.__version__}")
    files = []
    for name, spec in LAYOUT.items():
        if a.only and name not in a.only:
            continue
        t0 = time.time()
        model = export(spec, spec["width"])
        if not a.no_check and spec["width"] != 1:
            full = export(spec, 1)
            if structure(full) != structure(model):
                raise SystemExit(f"{name}: the reduced-width graph differs from the full-width one")
        filled = strip_weights(model)
        onnx.checker.check_model(model, full_check=True)
        data = model.SerializeToString()
        files.append((name + ".onnx", data))
        print(f"{name}: {len(model.graph.node)} nodes, {filled} initializers filled, "
              f"{len(data) / 1e6:.2f} MB, {time.time() - t0:.1f} s"
              + ("" if a.no_check or spec["width"] == 1 else ", same graph as full width"),
              flush=True)
        if a.keep:
            os.makedirs(a.keep, exist_ok=True)
            with open(os.path.join(a.keep, name + ".onnx"), "wb") as f:
                f.write(data)
    if a.only:
        return
    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 0  # reproducible bytes
            tar.addfile(info, io.BytesIO(data))
    with open(a.out, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
        gz.write(packed.getvalue())
    print(f"wrote {a.out}: {os.path.getsize(a.out) / 1e3:.0f} kB")


if __name__ == "__main__":
    sys.exit(main())

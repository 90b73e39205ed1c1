#!/usr/bin/python3
"""Write PyTorch LSTM/GRU exports as ONNX node-test folders (issue 23, item 3).

Each model (random weights under torch.manual_seed(0): a two-layer bidirectional LSTM with its
initial states as inputs, batch_first; a two-layer bidirectional GRU, sequence first) is written
to OUT/<name>/model.onnx with OUT/<name>/test_data_set_0/input_<i>.pb and output_<i>.pb, the
outputs computed by PyTorch. The folders have the layout of ONNX's node tests, so
`kernel_conformance OUT` and `folding_conformance OUT` check PassScope's kernels on them, and
`node tools/ort_compare/check_testcases.js OUT/*` checks ONNX Runtime on the same data.

Needs python3-torch and python3-onnx (Debian's; run with /usr/bin/python3).
"""

import argparse
import os

import onnx
import onnx.numpy_helper
import torch
import torch.nn as nn

OPSET = 14


class BiLstm(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(16, 32, num_layers=2, bidirectional=True, batch_first=True)
        self.head = nn.Linear(64, 4)

    def forward(self, x, h0, c0):
        y, (h, c) = self.rnn(x, (h0, c0))
        return self.head(y), h, c


class BiGru(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(16, 24, num_layers=2, bidirectional=True)

    def forward(self, x):
        y, h = self.rnn(x)
        return y, h


def write_case(out_dir, name, model, inputs, input_names, output_names):
    folder = os.path.join(out_dir, name)
    data = os.path.join(folder, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    path = os.path.join(folder, "model.onnx")
    torch.onnx.export(model, inputs, path, opset_version=OPSET, input_names=input_names,
                      output_names=output_names)
    onnx.checker.check_model(onnx.load(path), full_check=True)
    with torch.no_grad():
        outputs = model(*inputs)
    for i, (n, t) in enumerate(zip(input_names, inputs)):
        with open(os.path.join(data, f"input_{i}.pb"), "wb") as f:
            f.write(onnx.numpy_helper.from_array(t.numpy(), n).SerializeToString())
    for i, (n, t) in enumerate(zip(output_names, outputs)):
        with open(os.path.join(data, f"output_{i}.pb"), "wb") as f:
            f.write(onnx.numpy_helper.from_array(t.numpy(), n).SerializeToString())
    print(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder to write the test folders into")
    args = parser.parse_args()
    torch.manual_seed(0)
    lstm = BiLstm().eval()
    x = torch.randn(3, 7, 16)
    h0 = torch.randn(4, 3, 32)
    c0 = torch.randn(4, 3, 32)
    write_case(args.out, "torch_lstm_bidirectional_2layer", lstm, (x, h0, c0), ["x", "h0", "c0"],
               ["y", "h", "c"])
    gru = BiGru().eval()
    write_case(args.out, "torch_gru_bidirectional_2layer", gru, (torch.randn(5, 2, 16),), ["x"], ["y", "h"])


if __name__ == "__main__":
    main()

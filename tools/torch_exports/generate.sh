#!/bin/sh
# Writes the PyTorch ONNX exports (random weights) with Debian's torch and torchvision.
#
#   tools/torch_exports/generate.sh [--out DIR] [--large DIR] [other export_models.py options]
#
# Default: the small set into resources/models/pytorch/ (the committed files). --large DIR also
# writes resnet18, convnext_tiny, swin_t, vit_b_16, mobilenet_v3_large, a d_model 256
# transformer encoder, mobilenet_v2, efficientnet_b0, densenet121, googlenet, regnet_y_400mf and
# deeplabv3_mobilenet_v3_large into DIR (local measurement only, not committed; about 820 MB).
# Installs python3-torch, python3-torchvision, python3-onnx and python3-numpy when missing
# (as root or via sudo). Runs /usr/bin/python3, Debian's interpreter, whatever python3 is on PATH.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
pkgs="python3-torch python3-torchvision python3-onnx python3-numpy"

if ! [ -x "$py" ] || ! "$py" -c 'import torch, torchvision, onnx, numpy' 2>/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        sudo=
    elif command -v sudo >/dev/null 2>&1; then
        sudo=sudo
    else
        echo "generate.sh: need $pkgs; run as root or install sudo" >&2
        exit 1
    fi
    echo "generate.sh: installing $pkgs" >&2
    $sudo apt-get update
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $pkgs
fi

case " $* " in
*" --out "* | *" --out="*) exec "$py" "$here/export_models.py" "$@" ;;
*) exec "$py" "$here/export_models.py" --out "$root/resources/models/pytorch" "$@" ;;
esac

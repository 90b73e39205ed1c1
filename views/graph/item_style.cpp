#include "item_style.h"

#include <algorithm>
#include <unordered_map>

#include <QCoreApplication>
#include <QFontMetricsF>

#include "ir/op_traits.h"

namespace passscope::views::style {

QFont titleFont() {
    QFont f;
    f.setPointSizeF(9);
    f.setBold(true);
    return f;
}

QFont textFont() {
    QFont f;
    f.setPointSizeF(8);
    return f;
}

QFont smallFont() {
    QFont f;
    f.setPointSizeF(7);
    return f;
}

QString groupLabel(const ScopeGroup& group) {
    return QString::fromStdString(group.label);
}

QSizeF itemSize(const DiagramModel& diagram, const VisibleItem& item) {
    const QFontMetricsF title(titleFont()), text(textFont());
    if (item.kind == VisibleItem::Kind::Group) {
        const ScopeGroup& g = diagram.scopes().group(item.index);
        const double w = std::max(title.horizontalAdvance(groupLabel(g)) + 40, 120.0);
        return {std::min(w, kMaxNodeWidth + 60), 46};
    }
    const DiagramNode& n = diagram.node(item.index);
    const double opWidth = title.horizontalAdvance(QString::fromStdString(n.opType));
    const double nameWidth =
        std::min(text.horizontalAdvance(QString::fromStdString(n.name)), kMaxNodeWidth - 16);
    const double w = std::clamp(std::max(opWidth, nameWidth) + 20, kMinNodeWidth, kMaxNodeWidth);
    const int lines = std::min(n.weightInputs, kMaxWeightLines);
    return {w, 36.0 + lines * 12.0};
}

QColor opColor(const std::string& opType, const std::string& domain) {
    static const std::unordered_map<std::string, QColor> byOp = [] {
        std::unordered_map<std::string, QColor> m;
        const QColor layer(0x33, 0x6f, 0xb0), activation(0x8b, 0x2d, 0x2d), norm(0x33, 0x6b, 0x3a),
            pool(0x2f, 0x7d, 0x6d), shape(0x6d, 0x5a, 0x8a), math(0x5a, 0x5a, 0x5a),
            constant(0x9a, 0x9a, 0x9a), io(0x2b, 0x2b, 0x2b), format(0xb0, 0x3a, 0x8c);
        for (const char* op : {"Conv", "ConvTranspose", "Gemm", "MatMul", "MatMulInteger", "QLinearConv",
                               "QLinearMatMul", "LSTM", "GRU", "RNN", "Attention", "Einsum"})
            m[op] = layer;
        for (const char* op : {"Relu", "Sigmoid", "Tanh", "LeakyRelu", "PRelu", "Elu", "Selu", "Gelu",
                               "HardSigmoid", "HardSwish", "Softmax", "LogSoftmax", "Softplus", "Softsign",
                               "Mish", "Clip", "ThresholdedRelu"})
            m[op] = activation;
        for (const char* op : {"BatchNormalization", "LayerNormalization", "InstanceNormalization",
                               "GroupNormalization", "LRN", "Dropout", "MeanVarianceNormalization"})
            m[op] = norm;
        for (const char* op :
             {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool", "Resize", "Upsample"})
            m[op] = pool;
        for (const char* op : {"Reshape",  "Transpose", "Flatten", "Squeeze",  "Unsqueeze",
                               "Concat",   "Split",     "Slice",   "Gather",   "GatherElements",
                               "GatherND", "Shape",     "Size",    "Expand",   "Tile",
                               "Pad",      "Identity",  "Cast",    "CastLike", "ConstantOfShape",
                               "Range"})
            m[op] = shape;
        for (const char* op :
             {"Add", "Sub", "Mul", "Div", "Pow", "Sqrt", "Exp", "Log", "Neg", "Abs", "Reciprocal",
              "ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "Equal", "Where", "Less", "Greater"})
            m[op] = math;
        for (const char* op : {"Const", "Constant", "FileConstant", "ConstPlaceHolder"}) m[op] = constant;
        for (const char* op : {"Data", "NetOutput", "Variable", "VarRef"}) m[op] = io;
        for (const char* op : {"TransData", "ReFormat"}) m[op] = format;
        return m;
    }();
    // Control flow and state writers share one colour; which ops they are is op_traits' to say.
    if (op::isControlFlow(opType, domain) || op::writesState(opType, domain)) return QColor(0xa0, 0x6a, 0x1a);
    auto it = byOp.find(opType);
    if (it != byOp.end()) return it->second;
    return domain.empty() ? QColor(0x4a, 0x55, 0x68) : QColor(0x6a, 0x4a, 0x68);
}

QColor addedColor() {
    return {0x1e, 0x9e, 0x3e};
}
QColor removedColor() {
    return {0xd0, 0x3a, 0x2f};
}
QColor editedColor() {
    return {0xe8, 0x9b, 0x0c};
}
QColor ghostColor() {
    return {0xb0, 0xb0, 0xb0};
}
QColor searchColor() {
    return {0x00, 0x9b, 0xd8};
}
QColor potentialConstColor() {
    return {0x8e, 0x44, 0xad};
}
QColor foldedColor() {
    return {0x16, 0xa0, 0x85};
}
QColor transDataColor() {
    return {0xc2, 0x18, 0x5b};
}

QColor numericColor(NumericLevel level) {
    switch (level) {
        case NumericLevel::Same:
            return {};
        case NumericLevel::Slight:  // a light-to-dark heat scale: the eye finds the worst first
            return {0xff, 0xe0, 0x82};
        case NumericLevel::Moderate:
            return {0xff, 0xb0, 0x74};
        case NumericLevel::Large:
            return {0xef, 0x6a, 0x6a};
        case NumericLevel::Unpaired:
            return {0x5c, 0x6b, 0xc0};
        case NumericLevel::NotEvaluated:
            return {0xcf, 0xd4, 0xd9};
    }
    return {};
}

QColor formatColor(Format format) {
    switch (format) {
        case Format::ND:
            return {0xbd, 0xc3, 0xc7};
        case Format::NCHW:
            return {0x34, 0x98, 0xdb};
        case Format::NHWC:
            return {0x2e, 0xcc, 0x71};
        case Format::HWCN:
            return {0x1a, 0xbc, 0x9c};
        case Format::NCDHW:
            return {0x5d, 0x6d, 0x7e};
        case Format::NDHWC:
            return {0x95, 0xa5, 0xa6};
        case Format::NC1HWC0:
            return {0xe6, 0x7e, 0x22};
        case Format::FRACTAL_Z:
            return {0xe7, 0x4c, 0x3c};
        case Format::FRACTAL_NZ:
            return {0x9b, 0x59, 0xb6};
        case Format::RESERVED:
            return {0x7f, 0x8c, 0x8d};
    }
    return Qt::gray;
}

}  // namespace passscope::views::style

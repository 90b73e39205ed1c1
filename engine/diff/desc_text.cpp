#include "diff/desc_text.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

#include "ir/graph.h"
#include "kernels/tensor_util.h"

namespace passscope::diff {
namespace {

std::string number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

template <class T>
std::string listText(const std::vector<T>& v, std::string (*item)(const T&)) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + item(v[i]);
    return s + "]";
}

std::string intText(const int64_t& v) {
    return std::to_string(v);
}
std::string doubleText(const double& v) {
    return number(v);
}
std::string stringText(const std::string& v) {
    return '"' + v + '"';
}
std::string tensorItem(const Tensor& t) {
    return tensorText(t);
}
std::string graphText(const GraphPtr& g) {
    if (!g) return "graph(null)";
    return "graph " + g->name + " (" + std::to_string(g->nodeCount()) + " nodes)";
}
std::string opaqueText(const OpaqueProto& p) {
    return "<" + std::to_string(p.bytes.size()) + " bytes>";
}

uint32_t fnv1a(const uint8_t* data, size_t size) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
    return h;
}

// The values of a tensor of at most 8 elements ("" for other dtypes or a payload that does not
// match its shape): read with the kernels' helpers, which know every numeric dtype.
std::string valuesText(const Tensor& t) {
    const int64_t count = t.elementCount();
    if (count > 8 || !t.rawData() || t.byteSize() != static_cast<size_t>(count) * elementSize(t.dtype()))
        return {};
    std::vector<std::string> items;
    try {
        if (t.dtype() == DataType::Bool)
            for (uint8_t v : kernels::boolValues(t)) items.push_back(v ? "true" : "false");
        else if (isIntegerType(t.dtype()))
            for (int64_t v : kernels::toInt64s(t)) items.push_back(std::to_string(v));
        else if (isFloatingType(t.dtype()))
            for (double v : kernels::toDoubles(t)) items.push_back(number(v));
        else
            return {};
    } catch (const std::exception&) {  // a dtype the kernels do not read (float8): digest only
        return {};
    }
    std::string s = " {";
    for (size_t i = 0; i < items.size(); ++i) s += (i ? "," : "") + items[i];
    return s + "}";
}

}  // namespace

std::string tensorText(const Tensor& t) {
    std::string s = std::string(dataTypeName(t.dtype())) + listText<int64_t>(t.dims(), intText);
    if (t.dtype() == DataType::String) {
        std::string joined;
        for (const std::string& x : t.strings()) joined += x + '\0';
        return s + " #" + [&] {
            char buf[16];
            std::snprintf(buf, sizeof buf, "%08" PRIx32,
                          fnv1a(reinterpret_cast<const uint8_t*>(joined.data()), joined.size()));
            return std::string(buf);
        }();
    }
    if (const std::string values = valuesText(t); !values.empty()) return s + values;
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08" PRIx32, t.rawData() ? fnv1a(t.rawData(), t.byteSize()) : 0u);
    return s + " #" + buf + (t.external() ? " (external)" : "");
}

std::string attrText(const Attribute& a) {
    return std::visit(
        [](const auto& v) -> std::string {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, double>)
                return number(v);
            else if constexpr (std::is_same_v<T, int64_t>)
                return std::to_string(v);
            else if constexpr (std::is_same_v<T, std::string>)
                return stringText(v);
            else if constexpr (std::is_same_v<T, Tensor>)
                return tensorText(v);
            else if constexpr (std::is_same_v<T, GraphPtr>)
                return graphText(v);
            else if constexpr (std::is_same_v<T, OpaqueProto>)
                return opaqueText(v);
            else if constexpr (std::is_same_v<T, std::vector<double>>)
                return listText<double>(v, doubleText);
            else if constexpr (std::is_same_v<T, std::vector<int64_t>>)
                return listText<int64_t>(v, intText);
            else if constexpr (std::is_same_v<T, std::vector<std::string>>)
                return listText<std::string>(v, stringText);
            else if constexpr (std::is_same_v<T, std::vector<Tensor>>)
                return listText<Tensor>(v, tensorItem);
            else if constexpr (std::is_same_v<T, std::vector<GraphPtr>>)
                return listText<GraphPtr>(v, graphText);
            else
                return listText<OpaqueProto>(v, opaqueText);
        },
        a.value);
}

bool sameAttrValue(const Attribute& x, const Attribute& y) {
    if (x.kind != y.kind || x.refAttrName != y.refAttrName || x.value.index() != y.value.index())
        return false;
    if (const auto* t = std::get_if<Tensor>(&x.value)) return t->sameValue(std::get<Tensor>(y.value));
    if (const auto* ts = std::get_if<std::vector<Tensor>>(&x.value)) {
        const auto& us = std::get<std::vector<Tensor>>(y.value);
        if (ts->size() != us.size()) return false;
        for (size_t i = 0; i < ts->size(); ++i)
            if (!(*ts)[i].sameValue(us[i])) return false;
        return true;
    }
    if (std::holds_alternative<GraphPtr>(x.value) || std::holds_alternative<std::vector<GraphPtr>>(x.value))
        return true;  // bodies: compared node by node (graph_diff.cpp, "body:<attr>")
    return std::visit(
        [&](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, Tensor> || std::is_same_v<T, std::vector<Tensor>>)
                return false;
            else
                return v == std::get<T>(y.value);
        },
        x.value);
}

}  // namespace passscope::diff

#include "numeric/node_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "numeric/input_files.h"
#include "util/diagnostics.h"

namespace passscope::numeric {
namespace fs = std::filesystem;
namespace {

using Json = nlohmann::json;

// PassScope's gradient when a set brings none: light yellow to red, as the numeric overlay's heat.
const std::vector<ColorStop> kDefaultGradient = {{0.0, "#fff3c4"}, {0.5, "#f4a259"}, {1.0, "#d1495b"}};
// A NaN or infinite number of one set.
constexpr const char* kNotFiniteColor = "#7a1f3d";

std::string fileText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ModelError("cannot read node data file '" + path.string() + "'");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::optional<std::string> decodeBase64(const std::string& in) {
    auto digit = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+' || c == '-') return 62;
        if (c == '/' || c == '_') return 63;
        return -1;
    };
    std::string out;
    unsigned buffer = 0;
    int bits = 0;
    for (char c : in) {
        if (c == '=' || c == '\n' || c == '\r' || c == ' ') continue;
        const int d = digit(c);
        if (d < 0) return std::nullopt;
        buffer = (buffer << 6) | static_cast<unsigned>(d);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((buffer >> bits) & 0xff);
        }
    }
    return out;
}

// "#rgb" or "#rrggbb" as "#rrggbb"; nullopt for anything else (a CSS name, rgb(...)).
std::optional<std::string> hexColor(const Json& j) {
    if (!j.is_string()) return std::nullopt;
    std::string s = j.get<std::string>();
    if (s.empty() || s[0] != '#') return std::nullopt;
    if (s.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos) return std::nullopt;
    if (s.size() == 4) s = {'#', s[1], s[1], s[2], s[2], s[3], s[3]};
    if (s.size() != 7) return std::nullopt;
    std::transform(s.begin(), s.end(), s.begin(), [](char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::vector<ColorStop> colorStops(const Json& list, const char* key, const std::string& where,
                                  std::vector<std::string>& notes) {
    std::vector<ColorStop> out;
    if (list.is_null()) return out;
    if (!list.is_array()) throw ModelError(where + " is not a list");
    for (const Json& item : list) {
        const Json at = item.is_object() ? item.value(key, Json()) : Json();
        const auto color = item.is_object() ? hexColor(item.value("bgColor", Json())) : std::nullopt;
        if (!at.is_number() || !color) {
            notes.push_back(where + ": an entry without a number '" + key +
                            "' and a #rrggbb 'bgColor' is left out");
            continue;
        }
        out.push_back({at.get<double>(), *color});
    }
    return out;
}

// One graph's entry of Model Explorer's node data (results, thresholds, gradient) into `set`.
void readModelExplorerGraph(const Json& g, const std::string& where, NodeDataSet& set) {
    const Json& results = g.at("results");
    if (!results.is_object()) throw ModelError(where + ": 'results' is not an object");
    size_t skipped = 0;
    for (auto it = results.begin(); it != results.end(); ++it) {
        const Json& v = it.value().is_object() ? it.value().value("value", Json()) : it.value();
        if (v.is_number()) {
            set.values[it.key()] = v.get<double>();
        } else if (v.is_string()) {  // Model Explorer shows strings too; a numeric one is a number
            try {
                size_t used = 0;
                const double d = std::stod(v.get<std::string>(), &used);
                if (used != v.get<std::string>().size()) throw std::invalid_argument("text");
                set.values[it.key()] = d;
            } catch (const std::exception&) {
                ++skipped;
            }
        } else {
            ++skipped;
        }
    }
    if (skipped)
        set.notes.push_back(where + ": " + std::to_string(skipped) +
                            " result(s) without a numeric 'value' left out");
    auto thresholds = colorStops(g.value("thresholds", Json()), "value", where + " thresholds", set.notes);
    auto gradient = colorStops(g.value("gradient", Json()), "stop", where + " gradient", set.notes);
    set.thresholds.insert(set.thresholds.end(), thresholds.begin(), thresholds.end());
    set.gradient.insert(set.gradient.end(), gradient.begin(), gradient.end());
}

NodeDataSet readModelExplorer(const Json& root, const fs::path& path) {
    NodeDataSet set;
    set.label = path.filename().string();
    const std::string where = "'" + path.string() + "'";
    if (root.contains("results")) {
        readModelExplorerGraph(root, where, set);
    } else {
        size_t graphs = 0;
        for (auto it = root.begin(); it != root.end(); ++it)
            if (it.value().is_object() && it.value().contains("results")) {
                readModelExplorerGraph(it.value(), where + " graph '" + it.key() + "'", set);
                ++graphs;
            }
        if (graphs == 0)
            throw ModelError(where +
                             " holds no 'results' (Model Explorer node data: {\"<graph id>\": "
                             "{\"results\": {\"<node>\": {\"value\": 1.0}}}})");
        if (graphs > 1)
            set.notes.push_back(where + ": the results of " + std::to_string(graphs) + " graphs are merged");
    }
    if (set.values.empty()) throw ModelError(where + " holds no numeric result");
    std::sort(set.gradient.begin(), set.gradient.end(),
              [](const ColorStop& a, const ColorStop& b) { return a.at < b.at; });
    return set;
}

Tensor polygraphyArray(const Json& j, const std::string& where) {
    if (!j.is_object() || !j.contains("array") || !j["array"].is_string())
        throw ModelError(where +
                         " is not a Polygraphy ndarray ({\"array\": \"<base64 .npy>\", "
                         "\"polygraphy_class\": \"ndarray\"})");
    const std::optional<std::string> bytes = decodeBase64(j["array"].get<std::string>());
    if (!bytes) throw ModelError(where + ": its 'array' is not base64");
    return readNpyBytes(*bytes, where);
}

// An iteration: {"outputs": {name: ndarray}} (IterationResult) or the name -> ndarray dict itself.
std::map<std::string, Tensor> polygraphyIteration(const Json& it, const std::string& where) {
    const Json& outputs = it.is_object() && it.contains("outputs") ? it["outputs"] : it;
    if (!outputs.is_object()) throw ModelError(where + " is not a dict of tensor name -> array");
    std::map<std::string, Tensor> out;
    for (auto o = outputs.begin(); o != outputs.end(); ++o) {
        if (!o.value().is_object() || !o.value().contains("array")) continue;  // runtime, runner_name, ...
        out[o.key()] = polygraphyArray(o.value(), where + " tensor '" + o.key() + "'");
    }
    if (out.empty()) throw ModelError(where + " holds no array");
    return out;
}

std::vector<NodeDataSet> readPolygraphy(const Json& root, const fs::path& path) {
    const std::string where = "'" + path.string() + "'";
    const Json& list = root.is_object() ? root.value("lst", Json()) : root;
    if (!list.is_array() || list.empty())
        throw ModelError(where + ": a Polygraphy RunResults file holds a list of [runner, [iterations]]");
    std::vector<NodeDataSet> sets;
    for (const Json& entry : list) {
        if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string() || !entry[1].is_array())
            throw ModelError(where + ": a RunResults entry is not [\"<runner>\", [iterations]]");
        const std::string runner = entry[0].get<std::string>();
        if (entry[1].empty()) throw ModelError(where + ": runner '" + runner + "' has no iteration");
        NodeDataSet set;
        set.label = path.filename().string() + ": " + runner;
        set.tensors = polygraphyIteration(entry[1][0], where + " runner '" + runner + "' iteration 0");
        if (entry[1].size() > 1)
            set.notes.push_back(set.label + ": the first of " + std::to_string(entry[1].size()) +
                                " iterations is shown");
        sets.push_back(std::move(set));
    }
    return sets;
}

bool isTensorFile(const fs::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".pb" || ext == ".npy" || ext == ".tensorproto";
}

NodeDataSet readTensorFiles(const fs::path& path) {
    NodeDataSet set;
    set.label = path.filename().string();
    std::vector<fs::path> files;
    if (fs::is_directory(path)) {
        for (const auto& e : fs::directory_iterator(path))
            if (e.is_regular_file() && isTensorFile(e.path())) files.push_back(e.path());
        if (files.empty())
            throw ModelError("'" + path.string() + "' holds no tensor files (.pb, .tensorproto, .npy)");
        std::sort(files.begin(), files.end());
    } else {
        files.push_back(path);
    }
    for (const fs::path& f : files) {
        auto [name, tensor] = readInputFile(f);
        if (!set.tensors.emplace(name, std::move(tensor)).second)
            throw ModelError("two files of '" + path.string() + "' hold tensor '" + name + "'");
    }
    return set;
}

// ---- laying a set on a graph ----

bool isFiniteNumber(double v) {
    return std::isfinite(v);
}

// The largest |x| of a tensor (NaN when one is NaN); nullopt for strings and bools.
std::optional<double> largestMagnitude(const Tensor& t) {
    if (t.dtype() == DataType::String || t.dtype() == DataType::Bool) return std::nullopt;
    try {
        double m = 0;
        for (double v : kernels::toDoubles(t)) {
            if (std::isnan(v)) return v;
            m = std::max(m, std::fabs(v));
        }
        return m;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::string numberText(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

// The keys naming node `n`: its name, then its outputs' names.
std::vector<std::string> keysOf(const Node& n) {
    std::vector<std::string> keys;
    if (!n.name().empty()) keys.push_back(n.name());
    for (const NodeOutput& o : n.outputs())
        if (!o.name.empty()) keys.push_back(o.name);
    return keys;
}

void forEachGraph(const Graph& g, const std::function<void(const Graph&)>& fn) {
    fn(g);
    g.forEachNode([&](const Node& n) {
        for (const Graph* body : n.subgraphs())
            if (body) forEachGraph(*body, fn);
    });
}

struct SetLookup {
    const NodeDataSet& set;
    std::set<std::string>& used;
    // A Model Explorer set's value for `n` (its name first), or nullopt.
    std::optional<double> value(const Node& n) const {
        for (const std::string& k : keysOf(n))
            if (auto it = set.values.find(k); it != set.values.end()) {
                used.insert(k);
                return it->second;
            }
        return std::nullopt;
    }
    // A tensor set's tensors for `n`'s outputs (null where none).
    std::vector<const Tensor*> tensors(const Node& n) const {
        std::vector<const Tensor*> out;
        for (const NodeOutput& o : n.outputs()) {
            auto it = o.name.empty() ? set.tensors.end() : set.tensors.find(o.name);
            out.push_back(it == set.tensors.end() ? nullptr : &it->second);
            if (it != set.tensors.end()) used.insert(o.name);
        }
        return out;
    }
    std::optional<double> number(const Node& n) const {
        if (!set.holdsTensors()) return value(n);
        std::optional<double> m;
        for (const Tensor* t : tensors(n))
            if (t)
                if (auto v = largestMagnitude(*t)) m = (!m || std::isnan(*v)) ? *v : std::max(*m, *v);
        return m;
    }
};

Tensor scalarTensor(double v) {
    return kernels::makeTensor<double>({}, {v});
}

// Two sets' values of one node, compared by the one rule (exec/tensor_compare.h).
std::optional<NodeDatum> differenceOf(const SetLookup& a, const SetLookup& b, const Node& n, double rtol,
                                      double atol) {
    NodeDatum d;
    if (!a.set.holdsTensors()) {
        const auto x = a.value(n), y = b.value(n);
        if (!x && !y) return std::nullopt;
        d.paired = x && y;
        if (d.paired) d.difference = compareTensors(scalarTensor(*x), scalarTensor(*y), rtol, atol);
        d.text = (x ? numberText(*x) : "—") + " → " + (y ? numberText(*y) : "—");
    } else {
        const auto xs = a.tensors(n), ys = b.tensors(n);
        bool any = false;
        d.paired = false;
        for (size_t i = 0; i < xs.size(); ++i) {
            any |= xs[i] || ys[i];
            if (!xs[i] || !ys[i]) continue;
            d.paired = true;
            const TensorComparison c = compareTensors(*xs[i], *ys[i], rtol, atol);
            if (!d.difference) {
                d.difference = c;
                continue;
            }
            TensorComparison& w = *d.difference;
            if (!c.equal && w.equal) w.detail = c.detail;
            w.equal = w.equal && c.equal;
            w.maxAbsDiff = std::max(w.maxAbsDiff, c.maxAbsDiff);
            w.maxRelDiff = std::max(w.maxRelDiff, c.maxRelDiff);
        }
        if (!any) return std::nullopt;
    }
    if (d.difference) {
        d.value = d.difference->maxAbsDiff;
        if (!d.difference->equal)
            d.text += (d.text.empty() ? "" : ", ") + std::string("max |diff| ") +
                      numberText(d.difference->maxAbsDiff) + ", max rel " +
                      numberText(d.difference->maxRelDiff);
        else
            d.text += (d.text.empty() ? "" : ", ") + std::string("equal within tolerance");
    } else if (a.set.holdsTensors()) {
        d.text = "in one file only";
    }
    return d;
}

}  // namespace

std::vector<NodeDataSet> readNodeData(const fs::path& path) {
    if (fs::is_directory(path)) return {readTensorFiles(path)};
    if (!fs::exists(path)) throw ModelError("no node data file '" + path.string() + "'");
    if (path.extension() != ".json") {
        if (isTensorFile(path)) return {readTensorFiles(path)};
        throw ModelError("'" + path.string() +
                         "': node data is a .json file (Model Explorer, Polygraphy), a tensor file (.pb, "
                         ".tensorproto, .npy) or a folder of them");
    }
    const std::string text = fileText(path);
    Json root = Json::parse(text, nullptr, false);
    if (root.is_discarded()) throw ModelError("'" + path.string() + "' is not valid JSON");
    try {
        const bool polygraphy = (root.is_object() && (root.contains("lst") ||
                                                      root.value("polygraphy_class", "") == "RunResults")) ||
                                root.is_array();
        if (polygraphy) return readPolygraphy(root, path);
        if (root.is_object()) return {readModelExplorer(root, path)};
    } catch (const Json::exception& e) {  // a member of the wrong type deep inside
        throw ModelError("'" + path.string() + "': " + e.what());
    }
    throw ModelError("'" + path.string() + "' is neither Model Explorer node data nor Polygraphy RunResults");
}

std::string colorFor(const NodeDataSet& set, double value, double low, double high) {
    if (!isFiniteNumber(value)) return kNotFiniteColor;
    if (!set.thresholds.empty()) {
        for (const ColorStop& t : set.thresholds)
            if (value <= t.at) return t.color;
        return {};
    }
    const std::vector<ColorStop>& stops = set.gradient.empty() ? kDefaultGradient : set.gradient;
    const double x = high > low ? (value - low) / (high - low) : 0.0;
    if (x <= stops.front().at) return stops.front().color;
    if (x >= stops.back().at) return stops.back().color;
    for (size_t i = 1; i < stops.size(); ++i) {
        if (x > stops[i].at) continue;
        const ColorStop& a = stops[i - 1];
        const ColorStop& b = stops[i];
        const double f = b.at > a.at ? (x - a.at) / (b.at - a.at) : 0.0;
        auto channel = [](const std::string& c, int k) {
            return std::stoi(c.substr(1 + 2 * k, 2), nullptr, 16);
        };
        char out[8];
        int rgb[3];
        for (int k = 0; k < 3; ++k)
            rgb[k] = static_cast<int>(
                std::lround(channel(a.color, k) + f * (channel(b.color, k) - channel(a.color, k))));
        std::snprintf(out, sizeof out, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
        return out;
    }
    return stops.back().color;
}

NodeDataView nodeDataView(const Graph& root, const std::vector<NodeDataSet>& sets, double rtol, double atol) {
    NodeDataView view;
    if (sets.empty()) return view;
    const NodeDataSet& first = sets[0];
    const NodeDataSet* second = sets.size() > 1 ? &sets[1] : nullptr;
    if (second && second->holdsTensors() != first.holdsTensors()) {
        view.notes.push_back("'" + second->label + "' holds " +
                             (second->holdsTensors() ? "tensors" : "values") + " and '" + first.label + "' " +
                             (first.holdsTensors() ? "tensors" : "values") + ": only the first is shown");
        second = nullptr;
    }
    if (sets.size() > 2) view.notes.push_back("only the first two sets are shown");
    for (const NodeDataSet* s : {&first, second})
        if (s) view.notes.insert(view.notes.end(), s->notes.begin(), s->notes.end());
    view.difference = second != nullptr;
    view.title = second ? first.label + " against " + second->label : first.label;
    std::set<std::string> usedA, usedB;
    const SetLookup a{first, usedA};
    std::optional<SetLookup> b;
    if (second) b.emplace(SetLookup{*second, usedB});

    // One set: every node's number first, for the gradient's range.
    std::vector<std::tuple<GraphPath, NodeId, double>> numbers;
    forEachGraph(root, [&](const Graph& g) {
        const GraphPath path = pathOf(g);
        g.forEachNode([&](const Node& n) {
            if (n.opType() == op::kNetOutput) return;
            if (b) {
                if (auto d = differenceOf(a, *b, n, rtol, atol)) view.nodes[path][n.id()] = std::move(*d);
            } else if (auto v = a.number(n)) {
                numbers.emplace_back(path, n.id(), *v);
            }
        });
    });
    if (!b) {
        double low = INFINITY, high = -INFINITY;
        for (const auto& [p, id, v] : numbers)
            if (isFiniteNumber(v)) low = std::min(low, v), high = std::max(high, v);
        if (!(low <= high)) low = high = 0;
        for (const auto& [p, id, v] : numbers) {
            NodeDatum d;
            d.value = v;
            d.color = colorFor(first, v, low, high);
            d.text = numberText(v) + (first.holdsTensors() ? " (largest |value|)" : "");
            view.nodes[p][id] = std::move(d);
        }
        if (!first.thresholds.empty()) {
            view.legend = first.thresholds;
        } else {
            for (const ColorStop& s : first.gradient.empty() ? kDefaultGradient : first.gradient)
                view.legend.push_back({low + s.at * (high - low), s.color});
        }
        if (std::any_of(numbers.begin(), numbers.end(),
                        [](const auto& t) { return !isFiniteNumber(std::get<2>(t)); }))
            view.legend.push_back({NAN, kNotFiniteColor});
    }
    auto unmatched = [&](const NodeDataSet& s, const std::set<std::string>& used) {
        for (const auto& [k, v] : s.values)
            if (!used.count(k)) view.unmatchedKeys.push_back(k);
        for (const auto& [k, t] : s.tensors)
            if (!used.count(k)) view.unmatchedKeys.push_back(k);
        view.matchedKeys += used.size();
    };
    unmatched(first, usedA);
    if (second) unmatched(*second, usedB);
    return view;
}

}  // namespace passscope::numeric

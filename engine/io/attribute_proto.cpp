#include "io/attribute_proto.h"

#include <string>
#include <vector>

namespace passscope::io {

std::optional<Attribute> plainAttributeFromProto(const onnx::AttributeProto& ap,
                                                 onnx::AttributeProto::AttributeType type) {
    using AP = onnx::AttributeProto;
    Attribute a;
    a.name = ap.name();
    switch (type) {
        case AP::FLOAT:
            a.kind = AttrKind::Float;
            a.value = static_cast<double>(ap.f());
            return a;
        case AP::INT:
            a.kind = AttrKind::Int;
            a.value = static_cast<int64_t>(ap.i());
            return a;
        case AP::STRING:
            a.kind = AttrKind::String;
            a.value = ap.s();
            return a;
        case AP::FLOATS:
            a.kind = AttrKind::Floats;
            a.value = std::vector<double>(ap.floats().begin(), ap.floats().end());
            return a;
        case AP::INTS:
            a.kind = AttrKind::Ints;
            a.value = std::vector<int64_t>(ap.ints().begin(), ap.ints().end());
            return a;
        case AP::STRINGS:
            a.kind = AttrKind::Strings;
            a.value = std::vector<std::string>(ap.strings().begin(), ap.strings().end());
            return a;
        default:
            return std::nullopt;
    }
}

}  // namespace passscope::io

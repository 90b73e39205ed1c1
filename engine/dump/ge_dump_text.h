#pragma once
// Reading a dump file as protobuf text with the position of every field kept, so that syntax
// errors and the later semantic checks can name "<file>:<line>" (docs/ge-dumps.md §5).
#include <filesystem>
#include <string>

#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

namespace passscope::dump::detail {

using ParseTree = google::protobuf::TextFormat::ParseInfoTree;

// Reads and parses the whole file into `out`; throws ModelError "<file>:<line>:<column>: ..." on the
// first syntax error (a truncated file, an unknown field, a value of the wrong type).
void parseTextDump(const std::filesystem::path& path, google::protobuf::Message& out, ParseTree& tree);

// 1-based line of field `name` (index for a repeated field, -1 otherwise) in `tree`; 0 if unknown.
int lineOf(const ParseTree* tree, const google::protobuf::Message& msg, const char* name, int index = -1);
// The tree of a nested message (null when absent).
const ParseTree* nestedTree(const ParseTree* tree, const google::protobuf::Message& msg, const char* name,
                            int index = -1);

}  // namespace passscope::dump::detail

#pragma once
// Errors and warnings for the user. Every bad input ends in a LoadError (or another ModelError)
// with a message that names the file and the offending element; warnings are collected and shown.
#include <stdexcept>
#include <string>
#include <vector>

namespace passscope {

// The model (or a file it refers to) is invalid: the message is meant for the user.
class ModelError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct Diagnostics {
    std::vector<std::string> warnings;
    void warn(std::string message) { warnings.push_back(std::move(message)); }
};

}  // namespace passscope

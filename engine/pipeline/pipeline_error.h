#pragma once
// Errors that stop a pipeline run. Every one says what failed and where, so the CLI (exit 1,
// nothing written) and the GUI (the run's error message) can show it as it is.
#include <stdexcept>
#include <string>

namespace passscope {

// The run cannot go on: a cyclic graph, a pass that broke the graph, a kernel that failed.
class PipelineError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A pass failed or left the graph broken; what() names the pass.
class PassFailure : public PipelineError {
  public:
    PassFailure(std::string pass, const std::string& message)
        : PipelineError("pass " + pass + ": " + message), pass_(std::move(pass)) {}
    const std::string& pass() const { return pass_; }

  private:
    std::string pass_;
};

// A host kernel threw something other than a deliberate refusal: a kernel bug, not a property of
// the model. what() names the op, the node and the workaround (--no-fold NODE).
class KernelFailure : public PipelineError {
  public:
    KernelFailure(std::string opType, std::string node, const std::string& what)
        : PipelineError("the " + opType + " kernel failed on node '" + node + "': " + what +
                        " (a kernel error, not a property of the model; --no-fold " + node +
                        " works around it)"),
          opType_(std::move(opType)),
          node_(std::move(node)) {}
    const std::string& opType() const { return opType_; }
    const std::string& node() const { return node_; }

  private:
    std::string opType_;
    std::string node_;
};

}  // namespace passscope

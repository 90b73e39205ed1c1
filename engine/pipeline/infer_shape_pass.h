#pragma once
// Shape inference as a pass run, so that it is a journal step like any other: the pass manager runs
// it between a stage's iterations, and runPipeline after the user's --input-shape pins.
#include "ir/model.h"
#include "pipeline/pass.h"

namespace passscope {

// Shape inference between iterations, so passes that need static shapes see what folding
// revealed (GE runs InferShape between its stages too). Its warnings become the run's.
class InferShapePass : public Pass {
  public:
    explicit InferShapePass(Model& model) : model_(model) {}
    std::string name() const override { return "InferShape"; }
    PassFamily family() const override { return PassFamily::Format; }
    bool run(Graph&, PassContext& ctx) override;

  private:
    Model& model_;
};

}  // namespace passscope

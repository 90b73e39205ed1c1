// Hostile values that reached undefined behaviour or an uncaught exception (issue 9, "Hostile
// models"): dims whose product passes 2^63, a reduction axis on a scalar, and storage dims in
// PassScope's format metadata that are not numbers.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>

#include "io/onnx_import.h"
#include "kernels/reduction/reduction_util.h"
#include "kernels/tensor_util.h"

using namespace passscope;

TEST(HostileValues, ElementCountOverflowIsAnError) {
    EXPECT_EQ(kernels::product({1 << 20, 1 << 20, 1 << 20}), int64_t(1) << 60);
    EXPECT_THROW(kernels::product({int64_t(1) << 32, int64_t(1) << 32}), kernels::KernelError);
    EXPECT_THROW(kernels::product({3, int64_t(1) << 62}), kernels::KernelError);
    EXPECT_EQ(kernels::product({int64_t(1) << 32, int64_t(1) << 32, 0}, 2), 0);
}

TEST(HostileValues, ReducingAxisZeroOfAScalarIsAnError) {
    EXPECT_THROW(kernels::red::splitAxes({}, {0}, true), kernels::KernelError);
    EXPECT_THROW(kernels::red::splitAxes({2, 3}, {2}, false), kernels::KernelError);
    const kernels::red::AxisSplit ok = kernels::red::splitAxes({2, 3}, {1}, true);
    EXPECT_EQ(ok.outDims, (std::vector<int64_t>{2, 1}));
}

TEST(HostileValues, BadStorageDimsInFormatMetadataAreIgnoredWithAWarning) {
    for (const char* dims : {"1,x,3", "99999999999999999999", "-4", "1,,2,?"}) {
        onnx::ModelProto m;
        m.set_ir_version(8);
        m.add_opset_import()->set_version(13);
        onnx::GraphProto& g = *m.mutable_graph();
        g.set_name("g");
        auto* in = g.add_input();
        in->set_name("x");
        in->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
        auto* n = g.add_node();
        n->set_op_type("Relu");
        n->add_input("x");
        n->add_output("y");
        g.add_output()->CopyFrom(*in);
        g.mutable_output(0)->set_name("y");
        auto* meta = m.add_metadata_props();
        meta->set_key(io::kFormatsMetadataKey);
        meta->set_value(std::string("y\tNCHW\tNC1HWC0\t") + dims);
        Diagnostics diag;
        Model model;
        ASSERT_NO_THROW(model = io::importModel(m, ".", diag)) << dims;
        const bool valid = std::string(dims) == "1,,2,?";
        bool warned = false;
        for (const std::string& w : diag.warnings) warned |= w.find("storage dims") != std::string::npos;
        EXPECT_EQ(warned, !valid) << dims;
    }
}

// Parses `passscope-make-large-model OUT.onnx [--nodes N] [--weight-mb M] [--external]`.
#include "cli_options.h"

#include <charconv>
#include <iostream>
#include <string_view>
#include <system_error>

namespace passscope::bench_model {

namespace {

constexpr std::string_view kUsage =
    "usage: passscope-make-large-model OUT.onnx [--nodes N] [--weight-mb M] [--external]\n"
    "       passscope-make-large-model OUT.onnx --chain N\n"
    "  --nodes N       about N nodes in the main graph (default 50000)\n"
    "  --weight-mb M   about M * 1,000,000 bytes of float initializers (default 500)\n"
    "  --external      store large initializers in OUT.onnx.data (needed above 2 GB)\n"
    "  --chain N       a chain of N foldable nodes instead (Neg, and Add of an initializer of its\n"
    "                  own, alternating, on one [4] initializer): all of it folds to one constant\n";

// from_chars rather than stoll/stod: no exceptions, no locale, and trailing junk
// ("50k") is rejected instead of silently ignored.
template <typename T>
bool parse_number(std::string_view text, T& out) {
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end;
}

}  // namespace

std::optional<CliOptions> parse_cli(int argc, char** argv, int& exit_code) {
    CliOptions options;
    exit_code = 2;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "-h" || arg == "--help") {
            std::cerr << kUsage;
            exit_code = 0;
            return std::nullopt;
        } else if (arg == "--external") {
            options.external = true;
        } else if (arg == "--chain" && has_value) {
            if (!parse_number(argv[++i], options.chain) || options.chain < 1 || options.chain > 100'000'000) {
                std::cerr << "error: --chain needs an integer in [1, 100000000]\n" << kUsage;
                return std::nullopt;
            }
        } else if (arg == "--nodes" && has_value) {
            if (!parse_number(argv[++i], options.nodes) || options.nodes < 1 || options.nodes > 100'000'000) {
                std::cerr << "error: --nodes needs an integer in [1, 100000000]\n" << kUsage;
                return std::nullopt;
            }
        } else if (arg == "--weight-mb" && has_value) {
            // Capped at 1 TB so that "inf" or a typo cannot overflow the integer sizing.
            if (!parse_number(argv[++i], options.weight_mb) || !(options.weight_mb > 0.0) ||
                !(options.weight_mb <= 1e6)) {
                std::cerr << "error: --weight-mb needs a number in (0, 1000000]\n" << kUsage;
                return std::nullopt;
            }
        } else if (!arg.starts_with("-") && options.output_path.empty()) {
            options.output_path = arg;
        } else {
            std::cerr << "error: unexpected argument '" << arg << "'\n" << kUsage;
            return std::nullopt;
        }
    }
    if (options.output_path.empty()) {
        std::cerr << "error: missing OUT.onnx\n" << kUsage;
        return std::nullopt;
    }
    return options;
}

}  // namespace passscope::bench_model

#include "cli_common.h"

#include <iostream>
#include <new>

namespace passscope::cli {

void printWarnings(const Diagnostics& diag) {
    for (const std::string& w : diag.warnings) std::cerr << "warning: " << w << "\n";
}

void printDefaultedDimsHint(const std::vector<std::string>& notes) {
    for (const std::string& n : notes)
        if (n.find("' set to 1") != std::string::npos) {
            std::cerr << "hint: symbolic dimensions were set to 1 (see the notes above); give the sizes the "
                         "model expects with --input-shape NAME:D0,D1,...\n";
            return;
        }
}

int guarded(const std::function<int()>& body, int failureCode) {
    try {
        return body();
    } catch (const ModelError& e) {
        std::cerr << "error: " << e.what() << "\n";
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
    }
    return failureCode;
}

}  // namespace passscope::cli

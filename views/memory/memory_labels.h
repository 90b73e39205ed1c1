#pragma once
// How a variable memory plan entry is presented: translated names of kinds, memory types and reuse
// reasons, hexadecimal addresses, human-readable sizes, kind colours and the hover text. Shared by
// the memory map and its table so both say the same thing.
#include <QColor>
#include <QCoreApplication>
#include <QString>

#include "vars/var_memory_plan.h"

namespace passscope::views {

class MemoryLabels {
    Q_DECLARE_TR_FUNCTIONS(MemoryLabels)
  public:
    static QString kind(VarKind kind);
    static QString memoryType(MemoryType type);
    static QString reuseReason(ReuseReason reason);
    static QString address(uint64_t address);  // "0x2000000600"
    static QString size(uint64_t bytes);       // "1.5 KiB", in the user's locale
    static QColor kindColor(VarKind kind);
    // Name, kind, key, memory type, address, sizes and, for a reused entry, what it shares and why.
    static QString toolTip(const VarMemoryPlan& plan, size_t entry);
    // "shares <origin> (identical weight bytes)", or empty when the entry has its own memory.
    static QString reuseSummary(const VarMemoryPlan& plan, size_t entry);
};

}  // namespace passscope::views

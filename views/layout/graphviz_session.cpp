#include "layout/graphviz_session.h"

#include <dlfcn.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include <QCoreApplication>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

namespace passscope::views {
namespace {

// Everything below is guarded by processMutex(): it is Graphviz's global state seen from here.
std::mutex& processMutex() {
    static std::mutex m;
    return m;
}

struct ContextState {
    bool initialised = false;
    GVC_t* gvc = nullptr;
    QString error;
    // lt_symlist_t keeps pointers to the names; they must outlive the context.
    std::array<lt_symlist_t, 3> builtins{};
};

ContextState& contextState() {
    static ContextState s;
    return s;
}

// cgraph hands a user error function "Error" or "Warning", then ": ", then the text; a
// continuation (AGPREV) comes as text alone (lib/cgraph/agerror.c, userout()).
struct MessageCapture {
    enum class Level { None, Error, Warning };
    Level current = Level::None;
    std::vector<std::string> errors;
    std::vector<std::string> warnings;

    void clear() {
        current = Level::None;
        errors.clear();
        warnings.clear();
    }
    std::vector<std::string>* target() {
        if (current == Level::Error) return &errors;
        if (current == Level::Warning) return &warnings;
        return nullptr;
    }
};

MessageCapture& capture() {
    static MessageCapture c;
    return c;
}

int captureMessage(char* text) {
    MessageCapture& c = capture();
    if (std::strcmp(text, "Error") == 0 || std::strcmp(text, "Warning") == 0) {
        c.current = text[0] == 'E' ? MessageCapture::Level::Error : MessageCapture::Level::Warning;
        c.target()->emplace_back();
        return 0;
    }
    if (std::strcmp(text, ": ") == 0) return 0;
    if (c.current == MessageCapture::Level::None) {
        c.current = MessageCapture::Level::Warning;  // a continuation with nothing before it
        c.target()->emplace_back();
    }
    c.target()->back() += text;
    return 0;
}

QStringList toStringList(const std::vector<std::string>& messages) {
    QStringList out;
    for (const std::string& m : messages) {
        const QString s = QString::fromUtf8(m).trimmed();
        if (!s.isEmpty()) out << s;
    }
    return out;
}

// The plugin libraries live beside libgvc in graphviz/ (Debian: <libdir>/graphviz). Looking
// there first follows the libgvc actually loaded; the configure-time path is the fallback.
std::vector<std::string> pluginDirectories() {
    std::vector<std::string> dirs;
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&gvContextPlugins), &info) != 0 && info.dli_fname) {
        std::string lib = info.dli_fname;
        const auto slash = lib.rfind('/');
        if (slash != std::string::npos) dirs.push_back(lib.substr(0, slash) + "/graphviz");
    }
#ifdef PASSSCOPE_GRAPHVIZ_PLUGIN_DIR
    dirs.emplace_back(PASSSCOPE_GRAPHVIZ_PLUGIN_DIR);
#endif
    return dirs;
}

#ifndef PASSSCOPE_GRAPHVIZ_PLUGIN_VERSION
#define PASSSCOPE_GRAPHVIZ_PLUGIN_VERSION "6"
#endif

// dlopen()s a plugin library and returns its `<name>_LTX_library` table, or nullptr.
// The handle is never closed: the context refers to the plugin for the life of the process.
void* loadPluginLibrary(const char* plugin, QString* why) {
    const std::string file =
        std::string("libgvplugin_") + plugin + ".so." + PASSSCOPE_GRAPHVIZ_PLUGIN_VERSION;
    const std::string symbol = std::string("gvplugin_") + plugin + "_LTX_library";
    for (const std::string& dir : pluginDirectories()) {
        const std::string path = dir + "/" + file;
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            *why = QString::fromUtf8(dlerror());
            continue;
        }
        if (void* library = dlsym(handle, symbol.c_str())) return library;
        *why = QString::fromUtf8(dlerror());
    }
    return nullptr;
}

// Called with the lock held. gvContextPlugins() with our own table of builtins installs the
// plugins without reading <libdir>/graphviz/config6a, which is missing where libgvc6's install
// script did not run ("Layout type: dot not recognized", docs/architecture.md §6.2). demand_loading = 0 keeps
// it from reading that file at all.
void initialiseContext(ContextState& s) {
    s.initialised = true;
    // Route every cgraph message to captureMessage() so nothing reaches stderr; AGWARN means
    // warnings are reported too (the level below which messages go to a temp file instead).
    agseterrf(&captureMessage);
    agseterr(AGWARN);

    QString why;
    void* dot = loadPluginLibrary("dot_layout", &why);
    if (!dot) {
        // Last resort: Graphviz's own plugin configuration, which works where config6a exists.
        // The reason is kept so a failed layout can say what went wrong.
        s.error = QCoreApplication::translate("GraphvizLayout",
                                              "The Graphviz dot layout plugin could not be loaded: %1")
                      .arg(why);
        s.gvc = gvContext();
        return;
    }
    // The core plugin (dot/svg output) is not needed to lay out; load it when present so a
    // debugging gvRender() to "dot" works, but do not fail without it.
    QString ignored;
    void* core = loadPluginLibrary("core", &ignored);
    std::size_t i = 0;
    s.builtins[i++] = lt_symlist_t{"gvplugin_dot_layout_LTX_library", dot};
    if (core) s.builtins[i++] = lt_symlist_t{"gvplugin_core_LTX_library", core};
    s.builtins[i] = lt_symlist_t{nullptr, nullptr};
    s.gvc = gvContextPlugins(s.builtins.data(), 0);
    if (!s.gvc)
        s.error =
            QCoreApplication::translate("GraphvizLayout", "Graphviz could not create a layout context.");
}

}  // namespace

GraphvizSession::GraphvizSession() : m_lock(processMutex()) {
    ContextState& s = contextState();
    if (!s.initialised) initialiseContext(s);
    capture().clear();
}

GraphvizSession::~GraphvizSession() {
    capture().clear();
}

GVC_s* GraphvizSession::context() const {
    return contextState().gvc;
}

QString GraphvizSession::contextError() const {
    return contextState().error;
}

QStringList GraphvizSession::errors() const {
    return toStringList(capture().errors);
}

QStringList GraphvizSession::warnings() const {
    return toStringList(capture().warnings);
}

}  // namespace passscope::views

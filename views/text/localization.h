#pragma once
// Installs the embedded PassScope translation (:/i18n/passscope_<locale>.qm) and, when the system
// has them, Qt's own translations for the same language.
#include <QString>

class QCoreApplication;

namespace passscope::views {

struct LocalizationResult {
    QString locale;   // the locale whose translation was installed; empty for the built-in English
    QString warning;  // set when a requested language has no translation
};

// `requested` is a locale name such as "zh_CN"; empty means the system's UI languages.
LocalizationResult installTranslations(QCoreApplication& app, const QString& requested = {});

}  // namespace passscope::views

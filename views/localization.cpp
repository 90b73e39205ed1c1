#include "localization.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace passscope::views {
namespace {

const QString kResourceDir = QStringLiteral(":/i18n");

QTranslator* loadOwn(QCoreApplication& app, const QLocale& locale) {
    auto* translator = new QTranslator(&app);
    if (translator->load(locale, QStringLiteral("passscope"), QStringLiteral("_"), kResourceDir))
        return translator;
    delete translator;
    return nullptr;
}

}  // namespace

LocalizationResult installTranslations(QCoreApplication& app, const QString& requested) {
    LocalizationResult result;
    const QLocale locale = requested.isEmpty() ? QLocale::system() : QLocale(requested);
    if (!requested.isEmpty()) QLocale::setDefault(locale);
    const bool english = locale.language() == QLocale::English || locale.language() == QLocale::C;

    QTranslator* own = english ? nullptr : loadOwn(app, locale);
    if (own) {
        result.locale = own->language();
    } else {
        if (!requested.isEmpty() && !english)
            result.warning =
                QCoreApplication::translate("Localization", "No translation for “%1”; using English.")
                    .arg(requested);
        // The source strings are English; passscope_en holds only their plural forms ("1 warning").
        own = loadOwn(app, QLocale(QLocale::English));
    }
    if (own) QCoreApplication::installTranslator(own);
    if (result.locale.isEmpty()) return result;

    // Standard dialog buttons and Qt's own messages (present when qt6-translations-l10n is installed).
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return result;
}

}  // namespace passscope::views

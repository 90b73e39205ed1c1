#include "text/localization.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontDatabase>
#include <QGuiApplication>
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

// Chinese text drawn with a Chinese face. Without this, Qt asks fontconfig for any face that has
// the glyphs, and with Noto CJK installed (one file holding the Japanese, Korean and both Chinese
// variants) that can be the Japanese one, whose shapes differ from the Chinese. The faces are the
// ones Debian packages: fonts-noto-cjk, fonts-wqy-microhei, fonts-wqy-zenhei, fonts-arphic-*.
void preferChineseFaces(const QLocale& locale) {
    if (locale.language() != QLocale::Chinese ||
        !qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return;
    const bool traditional = locale.script() == QLocale::TraditionalChineseScript;
    const QStringList faces =
        traditional ? QStringList{QStringLiteral("Noto Sans CJK TC"), QStringLiteral("WenQuanYi Micro Hei"),
                                  QStringLiteral("WenQuanYi Zen Hei"), QStringLiteral("AR PL UMing TW")}
                    : QStringList{QStringLiteral("Noto Sans CJK SC"), QStringLiteral("WenQuanYi Micro Hei"),
                                  QStringLiteral("WenQuanYi Zen Hei"), QStringLiteral("AR PL UMing CN")};
    QFont font = QGuiApplication::font();
    QStringList families = font.families();
    if (families.isEmpty()) families << font.family();
    for (const QString& face : faces)
        if (QFontDatabase::hasFamily(face) && !families.contains(face)) families << face;
    font.setFamilies(families);
    QGuiApplication::setFont(font);
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
    preferChineseFaces(locale);

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

#include "window/welcome_page.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace passscope::views {

WelcomePage::WelcomePage(QAction* open, const QIcon& windowIcon, QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("welcomePage"));
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(3);
    auto* icon = new QLabel(this);
    icon->setPixmap(windowIcon.pixmap(96, 96));
    icon->setAlignment(Qt::AlignCenter);
    layout->addWidget(icon);
    auto* title = new QLabel(tr("Open a model to see what the graph compiler does to it"), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    title->setFont(titleFont);
    title->setAlignment(Qt::AlignCenter);
    layout->addWidget(title);
    auto* hint =
        new QLabel(tr("Choose File ▸ Open… (%1), pick a recent model, or drop an ONNX file (or a folder of "
                      "GE graph dumps) on this window.")
                       .arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)),
                   this);
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(hint);
    auto* button = new QPushButton(open->icon(), tr("Open Model…"), this);
    connect(button, &QPushButton::clicked, open, &QAction::trigger);
    auto* row = new QHBoxLayout;
    row->addStretch();
    row->addWidget(button);
    row->addStretch();
    layout->addSpacing(8);
    layout->addLayout(row);
    layout->addStretch(4);
}

}  // namespace passscope::views

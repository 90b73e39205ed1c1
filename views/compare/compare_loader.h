#pragma once
// Loads two models and diffs them off the UI thread (a BackgroundJob), as ModelLoader does for
// one. A new comparison supersedes one still running: the older result is
// dropped when it arrives. Errors of any kind become a message naming the file.
#include <memory>

#include <QObject>
#include <QString>

#include "comparison.h"
#include "runner/background_job.h"

namespace passscope::views {

class CompareLoader : public QObject {
    Q_OBJECT
  public:
    explicit CompareLoader(QObject* parent = nullptr);
    ~CompareLoader() override;

    // Compares the models in `pathA` (left) and `pathB` (right); ready() or failed() follows.
    void compare(const QString& pathA, const QString& pathB);
    bool isBusy() const { return job_.isBusy(); }

  signals:
    void started(const QString& pathA, const QString& pathB);
    void ready(std::shared_ptr<const passscope::views::Comparison> comparison);
    void failed(const QString& message);

  private:
    struct Outcome {
        std::shared_ptr<const Comparison> comparison;
        QString error;
    };
    static Outcome compareInBackground(const QString& pathA, const QString& pathB);

    BackgroundJob<Outcome> job_{this};
};

}  // namespace passscope::views

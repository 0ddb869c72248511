#pragma once
#include <string>

namespace acme {

// class GhostEngine {};

class Engine {
public:
    explicit Engine(std::string name);
    ~Engine();
    void start();
    bool running() const { return running_; }

private:
    std::string name_;
    bool running_ = false;
};

enum class Mode : int { Fast, Safe };

}  // namespace acme

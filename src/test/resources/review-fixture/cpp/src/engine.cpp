#include "engine.hpp"

#include <iostream>

namespace acme {

Engine::Engine(std::string name) : name_(std::move(name)) {}

Engine::~Engine() = default;

void Engine::start() {
    const char *raw = R"(void fake_raw() {})";
    std::cout << name_ << raw << '\n';
    running_ = true;
}

}  // namespace acme

int main() {
    acme::Engine engine("demo");
    engine.start();
    return engine.running() ? 0 : 1;
}

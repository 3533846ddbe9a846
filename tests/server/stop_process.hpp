#pragma once
// Stopping a child process with a signal, and waiting for it within a limit: a server that does
// not stop when told (a drain that never ends) fails its test at once, with a word on stderr,
// instead of holding ctest until its own timeout and leaving the process behind.
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <thread>

namespace taol::testing {

// Sends `sig` to `pid` and reaps it. True when it ended within `limit`; otherwise it is killed
// (SIGKILL), reaped, and false.
inline bool stop_within(pid_t pid, int sig, std::chrono::seconds limit = std::chrono::seconds(60)) {
    kill(pid, sig);
    const auto until = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() >= until) {
            std::fprintf(stderr, "process %d did not end within %lld s of signal %d: killed\n", static_cast<int>(pid),
                         static_cast<long long>(limit.count()), sig);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

}  // namespace taol::testing

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

// Reaps `pid` once it ends. True when it ended within `limit`; otherwise false, and it still runs.
inline bool ended_within(pid_t pid, std::chrono::seconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

// Kills `pid` (SIGKILL) and reaps it, with a word on stderr of what did not end in time.
inline void kill_late(pid_t pid, const char* what, std::chrono::seconds limit) {
    std::fprintf(stderr, "%s (process %d) did not end within %lld s: killed\n", what, static_cast<int>(pid),
                 static_cast<long long>(limit.count()));
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
}

// Sends `sig` to `pid` and reaps it. True when it ended within `limit`; otherwise it is killed
// (SIGKILL), reaped, and false.
inline bool stop_within(pid_t pid, int sig, std::chrono::seconds limit = std::chrono::seconds(60)) {
    kill(pid, sig);
    if (ended_within(pid, limit)) return true;
    kill_late(pid, "a server told to stop", limit);
    return false;
}

}  // namespace taol::testing

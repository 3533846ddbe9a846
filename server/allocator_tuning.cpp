#include "server/allocator_tuning.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace taol::server {

void tune_allocator(char** argv) {
    constexpr const char* kTunable = "glibc.malloc.tcache_count";
    const char* given = std::getenv("GLIBC_TUNABLES");
    const std::string tunables = given ? given : "";
    if (tunables.find(kTunable) != std::string::npos) return;
    const std::string tuned = (tunables.empty() ? "" : tunables + ":") + kTunable + "=4096";
    if (setenv("GLIBC_TUNABLES", tuned.c_str(), 1) != 0) return;
    // The binary's own path rather than /proc/self/exe, which would name the process "exe" (in
    // ps and top, and for pkill).
    char self[4096];
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length > 0) {
        self[length] = '\0';
        execv(self, argv);
    }
    execv("/proc/self/exe", argv);  // the binary was moved or replaced since it started
    // Not started again (no /proc): the server runs untuned, as it did before.
    if (given) setenv("GLIBC_TUNABLES", tunables.c_str(), 1);  // (given may not outlive the setenv)
    else unsetenv("GLIBC_TUNABLES");
}

}  // namespace taol::server

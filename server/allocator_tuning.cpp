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
    execv("/proc/self/exe", argv);
    // Not started again (no /proc): the server runs untuned, as it did before.
    if (given) setenv("GLIBC_TUNABLES", given, 1);
    else unsetenv("GLIBC_TUNABLES");
}

}  // namespace taol::server

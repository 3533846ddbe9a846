#pragma once
// How a harness reports a broken check: what broke on stderr, then abort(), which libFuzzer
// records as a crash and saves with the input that caused it.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace taol::fuzz {

[[noreturn]] inline void broken(const std::string& what) {
    std::fprintf(stderr, "\nBROKEN: %s\n", what.c_str());
    std::abort();
}

}  // namespace taol::fuzz

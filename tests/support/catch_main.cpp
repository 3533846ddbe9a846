// The one Catch2 main, compiled once and shared by every test program.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

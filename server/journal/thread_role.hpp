#pragma once
// What a thread of the server is for, told to the system: its name, as `top -H`, `ps -L` and
// perf show it, and, for work nobody waits for (a finished game's replay kept), a lower priority:
// on a busy machine such work then waits for the threads that serve players instead of taking
// their turn.
#include <string_view>

namespace taol::server {

enum class ThreadPriority { normal, background };

// Names the calling thread (the system keeps 15 characters) and sets its priority. Best effort:
// a system that refuses leaves the thread as it was.
void take_thread_role(std::string_view name, ThreadPriority priority = ThreadPriority::normal);

}  // namespace taol::server

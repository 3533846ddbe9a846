#include "server/journal/thread_role.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <string>

namespace taol::server {

void take_thread_role(std::string_view name, ThreadPriority priority) {
    // Linux applies a "process" priority given a thread's id to that thread alone. Raising the
    // nice value needs no privilege (lowering it back would). Before the name: a thread seen by
    // its name has its priority already.
    if (priority == ThreadPriority::background) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
    const std::string kept(name.substr(0, 15));
    pthread_setname_np(pthread_self(), kept.c_str());
}

}  // namespace taol::server

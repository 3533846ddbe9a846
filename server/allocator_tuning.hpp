#pragma once
// glibc's malloc, tuned for a server that builds and drops many small JSON trees per action: each
// thread keeps up to 4,096 freed blocks of each size (glibc's default is 7) instead of handing
// them back to the shared free lists, which then fragment and get consolidated again and again
// (README "Throughput": at 3,800 rooms, p50 of an action's fan-out 336 -> 70 ms, CPU per action
// 524 -> 437 µs, for about 2 KiB more per connection). glibc reads its tunables only when a
// program starts, so the server starts itself again once with them set.
namespace taol::server {

// Returns only when nothing is to be done: the tunable is already set (by the environment, which
// may also choose another count, glibc's own default included), or the new start failed.
void tune_allocator(char** argv);

}  // namespace taol::server

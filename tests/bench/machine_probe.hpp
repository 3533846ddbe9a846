#pragma once
// What this machine's kernel costs, measured before a run: the same build measures a third more
// CPU per action on some days than on others while the room core (`room_bench`) costs the same,
// so a run's figures are read beside these two.

namespace taol::bench {

struct MachineCost {
    double syscall_us = 0;   // the cheapest system call there is (getppid)
    double loopback_us = 0;  // 1 KiB sent and received again through a TCP connection on loopback; 0 if it could not
};

MachineCost probe_machine();

}  // namespace taol::bench

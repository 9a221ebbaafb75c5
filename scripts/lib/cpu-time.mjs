// CPU time of this benchmark's processes (Node, with its receiver, and the workerd Miniflare runs),
// in ms: on a shared, loaded machine the CPU a piece of work burns varies far less than its wall time.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** utime + stime of a process, in ms (0 when it is gone). */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The descendants of `root` (Miniflare's workerd and what it starts). */
function descendants(root) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const walk = (pid) => {
    for (const [child, parent] of parents)
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
  };
  walk(root);
  return found;
}

/** CPU ms used so far by this process and its descendants (null where /proc is not there). */
export function cpuMs() {
  try {
    const own = process.cpuUsage();
    return (
      (own.user + own.system) / 1000 + descendants(process.pid).reduce((t, pid) => t + processCpuMs(pid), 0)
    );
  } catch {
    return null;
  }
}

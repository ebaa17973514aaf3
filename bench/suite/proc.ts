// Reading a process tree's CPU time and resident memory from /proc (Linux): the gateway under test
// may fork workers, so its descendants count too.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function stat(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after it.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The pid and its descendants (children of children too), alive now. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = stat(Number(name));
    // After the name: state (index 0), ppid (index 1).
    if (!fields) continue;
    const ppid = Number(fields[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

/** User + system CPU time of the tree, in milliseconds. */
export function cpuMs(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const fields = stat(pid);
    // utime and stime are fields 14 and 15 of stat, indices 11 and 12 after the name.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Resident set size of the tree, in MB. */
export function rssMb(root: number): number {
  let kb = 0;
  for (const pid of processTree(root)) {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return kb / 1024;
}

import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every Linux the bench runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, in ms) a server under test has used so far: the process and every process of its process
 * group (`npm start`'s node runs in a group of its own, with its workers) or, with `children`, every process it
 * started (PostgreSQL's backends each lead a group of their own; a backend that exits takes its CPU time along,
 * which a pool's long-lived connections do not). Taken before and after a run and divided
 * by the requests it answered, it is the server's CPU per request, which depends far less than requests per second
 * on what else the machine is doing (issue 28: the bench shares two cores with other work). null off Linux.
 */
export function cpuMsOf(pid: number, children = false): number | null {
  let ticks = 0;
  let seen = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^[0-9]+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone between the listing and the read
    }
    // the command name (field 2) is in parentheses and may hold spaces: the fields after its closing one are fixed
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const group = Number(fields[2]);
    if (Number(entry) !== pid && group !== pid && !(children && Number(fields[1]) === pid)) continue;
    seen = true;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return seen ? (ticks * 1000) / TICKS_PER_SECOND : null;
}

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU time a process has spent so far, in microseconds (/proc/<pid>/stat utime + stime: every thread). Read before
 * and after a load run, the difference is what the run cost the server; time the VM gave to other guests, or to
 * this machine's other processes, is not in it, which makes CPU time per answer steadier than req/s on a shared VM.
 */
export function processCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const TICK_US = 1_000_000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

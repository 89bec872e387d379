// Who claimed a print job: one id per spooler run ("host/pid/run"), and whether a claim found in the store belongs to
// a run that is gone (its job is a leftover a person must check) or to a live one (another station is sending it now).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** The runs of this process that are sending now; a claim of this pid by any other run is from before a restart. */
const liveRuns = new Set<string>();

export interface ClaimOwner {
  id: string;
  /** Call when the run stops: its claims become leftovers for the next run. */
  end(): void;
}

export function newClaimOwner(): ClaimOwner {
  const run = randomUUID();
  liveRuns.add(run);
  return { id: `${hostname()}/${process.pid}/${run}`, end: () => liveRuns.delete(run) };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A claim is a leftover when its run cannot still be sending: no owner (written before claims existed), another host
 * (SQLite's WAL needs every process on one machine, so that file was copied here), this process but not one of its live
 * runs, or a process that has exited.
 */
export function isLeftoverClaim(owner: string | undefined): boolean {
  const [host, pidText, run] = owner?.split('/') ?? [];
  const pid = Number(pidText);
  if (!host || !run || !Number.isInteger(pid) || pid <= 0 || host !== hostname()) return true;
  if (pid === process.pid) return !liveRuns.has(run);
  return !processAlive(pid);
}

// One line of /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat, as the benches read a process's or a thread's CPU.
// Linux only; the callers say what they do without /proc.

/**
 * What a stat line says: utime + stime in clock ticks (fields 14 and 15), and whether the process or thread is
 * running or waiting for a core (state R, field 3). The name, field 2, may hold spaces and brackets.
 */
export function taskStat(statLine: string): { ticks: number; runnable: boolean } {
  const afterName = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  // afterName[0] is field 3: fields 14 and 15 are at 11 and 12.
  return { ticks: Number(afterName[11]) + Number(afterName[12]), runnable: afterName[0] === 'R' };
}

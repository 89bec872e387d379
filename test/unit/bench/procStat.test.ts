// A /proc stat line read as the benches read a process's or a thread's CPU.
import { describe, expect, it } from 'vitest';
import { taskStat } from '../../bench/procStat';

describe('taskStat', () => {
  // pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime …
  const line = (state: string) =>
    `4242 (node (worker) 2) ${state} 1 4242 4242 0 -1 4194368 1500 0 3 0 123 45 0 0 20 0 7 0 900 1000 50`;

  it('sums utime and stime, fields 14 and 15, past a name with spaces and brackets', () => {
    expect(taskStat(line('S')).ticks).toBe(168);
  });

  it('calls a thread running or waiting for a core runnable, a sleeping one not', () => {
    expect(taskStat(line('R')).runnable).toBe(true);
    expect(taskStat(line('S')).runnable).toBe(false);
    expect(taskStat(line('D')).runnable).toBe(false);
  });
});

// A Log (src/shared/log.ts) that keeps what it is told, for the tests that check what a part wrote through it.
import type { Log } from '../../src/shared/log';

export interface RecordingLog extends Log {
  /** Every line in order, with its level. */
  readonly lines: { level: keyof Log; message: string }[];
  /** The messages of one level, in order. */
  of(level: keyof Log): string[];
}

export function recordingLog(): RecordingLog {
  const lines: { level: keyof Log; message: string }[] = [];
  return {
    lines,
    info: (message) => void lines.push({ level: 'info', message }),
    warn: (message) => void lines.push({ level: 'warn', message }),
    of: (level) => lines.filter((line) => line.level === level).map((line) => line.message),
  };
}

// A tiny tmpfs for full-disk tests: only root can mount one, and only where the kernel lets this process (no
// container restriction). `tmpfsSupport` says why not, so a skipped test says it too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  dir: string;
  unmount(): void;
}

export function mountTmpfs(sizeKb: number): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'tmpfs-test-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k,mode=0700`, 'tmpfs', dir], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mount failed: ${mounted.stderr || mounted.error?.message || `status ${mounted.status}`}`);
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', ['-l', dir], { timeout: 10_000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a tmpfs can be mounted here, and if not, why (the reason goes into the skipped test's name). */
export function tmpfsSupport(): { ok: true } | { ok: false; reason: string } {
  if (process.getuid?.() !== 0) return { ok: false, reason: 'not running as root' };
  try {
    mountTmpfs(64).unmount();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.trim() };
  }
}

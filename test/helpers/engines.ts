// Engines over a fresh SQLite file for the engine's scenarios: opened with their config, the caller of the key the
// scenario uses, and all closed (with the temp folders) by `afterEach(closeEngines)`.
import { join } from 'node:path';
import { createEngine, type Caller, type Engine, type EngineDeps } from '../../src/engine/index';
import { removeTempDirs, tempDir } from './tmp';

const opened: Engine[] = [];

/** An engine made of `deps` (over a new file unless one is given), and the caller of `key`. */
export function openEngine(
  key: string,
  deps: Omit<EngineDeps, 'file'> & { file?: string },
): { engine: Engine; caller: Caller } {
  const engine = createEngine({ file: join(tempDir(), 'engine.sqlite'), ...deps });
  opened.push(engine);
  const caller = engine.authenticate(key);
  if (!caller) throw new Error(`no caller for the key ${key}`);
  return { engine, caller };
}

/** Closes every engine opened since the last call, then removes the temp folders. */
export function closeEngines(): void {
  for (const engine of opened.splice(0)) engine.close();
  removeTempDirs();
}

// Waiting in a test for something the code under test does in its own time (a debounce, a scale reading, a save),
// polled rather than slept, so a test waits no longer than it must and fails with a clear reason when it never comes.

export const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await pause(10);
  }
}

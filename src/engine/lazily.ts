// Loading a slow library (or the module built on it) when it is first needed instead of with the engine: the
// renderers of PDF and JPG labels (labels/lazy.ts) and of manifests (manifests/store.ts).

/**
 * One load, kept for the process: every caller after the first gets the same promise. A failed load is forgotten, so
 * the next call tries again instead of failing for the rest of the process.
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

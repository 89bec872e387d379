// The station's background parts (the remote client and sync worker, the mail and partner workers, the printers, the
// bench devices, the local API), each registered once as it starts, with its stop. They are stopped last started
// first: on close, and when a start fails halfway, so a failed start leaves no worker or port behind. Every stop is
// tried even when one fails; the first failure is the one reported, as it was thrown.

export interface Services {
  /** Registers a started part; `stop` may find nothing to stop (a part that was switched off meanwhile). */
  add(name: string, stop: () => unknown): void;
  /** Stops every part, last started first, each once. */
  stopAll(): Promise<void>;
  /** The registered parts, in start order (for the log and tests). */
  names(): string[];
}

export function createServices(): Services {
  const parts: { name: string; stop: () => unknown }[] = [];
  return {
    add(name, stop) {
      parts.push({ name, stop });
    },
    async stopAll() {
      let failure: unknown;
      for (const part of parts.splice(0).reverse()) {
        try {
          await part.stop();
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
    },
    names: () => parts.map((part) => part.name),
  };
}

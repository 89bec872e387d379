// Once per test run, before the UI files start: the renderer built (one build, not one per file racing another) and
// one Chromium that every UI file connects to (a page or context each), instead of a browser started per file.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../../provision.mjs';
import { CHROMIUM_ARGS, ensureRendererBuilt } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint (playwright's browser server). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureRendererBuilt();
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, timeout: 60_000 });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}

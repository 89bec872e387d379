// Starts one service for a test file (beforeAll) and stops it after (afterAll): in the test's own process, or as a real
// process when the file asks for what only a process has (its environment, its command line).
import { afterAll, beforeAll } from 'vitest';
import { startService, startServiceInProcess, type RunningService, type StartOptions } from '../peers/service';
import { apiClient, type ApiClient } from './api';
import { removeTempDirs, tempDir } from './tmp';
import { DEMO_KEY } from '../fixtures/shipments';

export interface ServiceHandle {
  readonly service: RunningService;
  readonly api: ApiClient;
}

export function useService(options: Partial<StartOptions> & { apiKey?: string } = {}): ServiceHandle {
  let service: RunningService | undefined;
  let api: ApiClient | undefined;
  beforeAll(async () => {
    const start = { dataDir: tempDir(), ...options };
    // An environment or extra arguments mean something only to a process of its own.
    service = start.env || start.extraArgs ? await startService(start) : await startServiceInProcess(start);
    api = apiClient(service.baseUrl, options.apiKey ?? DEMO_KEY);
  });
  afterAll(async () => {
    await service?.stop();
    removeTempDirs();
  });
  return {
    get service() {
      if (!service) throw new Error('service not started yet');
      return service;
    },
    get api() {
      if (!api) throw new Error('service not started yet');
      return api;
    },
  };
}

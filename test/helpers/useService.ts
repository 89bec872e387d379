// Starts one real service process for a test file (beforeAll) and stops it after (afterAll).
import { afterAll, beforeAll } from 'vitest';
import { startService, type ServicePeer, type StartOptions } from '../peers/service';
import { apiClient, type ApiClient } from './api';
import { removeTempDirs, tempDir } from './tmp';
import { DEMO_KEY } from '../fixtures/shipments';

export interface ServiceHandle {
  readonly service: ServicePeer;
  readonly api: ApiClient;
}

export function useService(options: Partial<StartOptions> & { apiKey?: string } = {}): ServiceHandle {
  let service: ServicePeer | undefined;
  let api: ApiClient | undefined;
  beforeAll(async () => {
    service = await startService({ dataDir: tempDir(), ...options });
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

import { describe, expect, it } from 'vitest';
import { createServices } from '../../../src/station/services';

describe('the station services list', () => {
  it('stops the parts last started first, each once', async () => {
    const services = createServices();
    const stopped: string[] = [];
    for (const name of ['engine', 'sync worker', 'printers', 'local API'])
      services.add(name, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        stopped.push(name);
      });
    expect(services.names()).toEqual(['engine', 'sync worker', 'printers', 'local API']);
    await services.stopAll();
    expect(stopped).toEqual(['local API', 'printers', 'sync worker', 'engine']);
    await services.stopAll();
    expect(stopped).toHaveLength(4);
    expect(services.names()).toEqual([]);
  });

  it('tries every stop when one fails and reports the first failure as thrown', async () => {
    const services = createServices();
    const stopped: string[] = [];
    const first = new Error('port busy');
    services.add('engine', () => stopped.push('engine'));
    services.add('printers', () => {
      throw new Error('printer gone');
    });
    services.add('local API', () => Promise.reject(first));
    await expect(services.stopAll()).rejects.toBe(first);
    expect(stopped).toEqual(['engine']);
  });
});

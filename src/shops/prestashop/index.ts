// PrestaShop, declared to the registry: its Webservice key is one text, kept as it is.
import { z } from 'zod';
import { SHOP_PLATFORMS } from '../../shared/domain/shopPlatforms';
import { declarePlatform } from '../platform';
import { prestashopShape } from './shape';
import { prestashopClient } from './client';

export const prestashop = declarePlatform({
  ...SHOP_PLATFORMS.prestashop,
  shape: prestashopShape,
  secretSchema: z.string(),
  secretOf: (key) => key.trim(),
  client: (address, key, options) =>
    prestashopClient({
      address,
      key,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
});

// The renderer's stores as the screens reach them: through React context (the set itself: ./connect.ts).
import { createContext, useContext, type ReactNode } from 'react';
import type { Stores } from './connect';

export { connectStores, createStores, type Connection, type Stores } from './connect';

const StoresContext = createContext<Stores | undefined>(undefined);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores outside StoresProvider');
  return stores;
}

// The app's start (read by boot.ts, the page's entry): pick the transport (Electron bridge or browser host), build
// the stores over it, connect them to the station's events and mount the app once its start-up read is answered; a
// refused token puts only its message there.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { TokenRefused } from './components/TokenRefused';
import { loadDictionary } from './i18n/translate';
import { connectStores, createStores, StoresProvider } from './stores';
import { createStationApi, pickTransport } from './transport';

const element = document.getElementById('root');
if (element) {
  const root = createRoot(element);
  let refused = false;
  const refuse = () => {
    if (refused) return;
    refused = true;
    // It says what to do in both languages: English is read first (an Italian bench has no other need of it).
    void loadDictionary('en').then(() => root.render(<TokenRefused />));
  };
  const api = createStationApi(pickTransport(window, refuse));
  const stores = createStores(api);
  // A tab with a token the station refuses never shows a form that looks usable, not even for a moment: the bench is
  // drawn once the start-up read is answered.
  void connectStores(api, stores).started.then(() => {
    if (refused) return;
    root.render(
      <StrictMode>
        <StoresProvider stores={stores}>
          <App />
        </StoresProvider>
      </StrictMode>,
    );
  });
}

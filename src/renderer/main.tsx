// Renderer entry: pick the transport (Electron bridge or browser host), build the stores over it, connect them to
// the station's events and mount the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectStores, createStores, StoresProvider } from './stores';
import { createStationApi, pickTransport } from './transport';
import './styles/app.css';

const api = createStationApi(pickTransport(window));
const stores = createStores(api);
connectStores(api, stores);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StoresProvider stores={stores}>
        <App />
      </StoresProvider>
    </StrictMode>,
  );
}

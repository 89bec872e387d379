// The app shell: navigation on top, the open screen, the status bar; global function keys; the language from the
// station's settings feeding the i18n context.
import { lazy, Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Nav, SCREEN_LABELS } from './components/Nav';
import { StatusBar } from './components/StatusBar';
import { globalAction } from './components/shortcuts';
import { errorText } from './components/errorText';
import { I18nProvider, useT } from './i18n';
import { translate } from './i18n/translate';
import { NewShipmentScreen } from './screens/newShipment/NewShipmentScreen';
import { useStores } from './stores';

// The bench opens on the new-shipment screen: only it is in the first bundle. The others are their own chunks, read
// when first shown (a few milliseconds from the disk or the local host), so the first paint does not wait for them.
const ConfirmScreen = lazy(() => import('./screens/ConfirmScreen').then((m) => ({ default: m.ConfirmScreen })));
const FirstRunScreen = lazy(() => import('./screens/FirstRunScreen').then((m) => ({ default: m.FirstRunScreen })));
const CodScreen = lazy(() => import('./screens/cod/CodScreen').then((m) => ({ default: m.CodScreen })));
const ManifestsScreen = lazy(() => import('./screens/ManifestsScreen').then((m) => ({ default: m.ManifestsScreen })));
const OrdersScreen = lazy(() => import('./screens/orders/OrdersScreen').then((m) => ({ default: m.OrdersScreen })));
const SettingsScreen = lazy(() => import('./screens/SettingsScreen').then((m) => ({ default: m.SettingsScreen })));
const AttentionScreen = lazy(() =>
  import('./screens/attention/AttentionScreen').then((m) => ({ default: m.AttentionScreen })),
);
const ShipmentListScreen = lazy(() =>
  import('./screens/shipments/ShipmentListScreen').then((m) => ({ default: m.ShipmentListScreen })),
);

function CurrentScreen() {
  const { app } = useStores();
  const screen = useStore(app, (s) => s.screen);
  switch (screen) {
    case 'new':
      return <NewShipmentScreen />;
    case 'departing':
      return <ShipmentListScreen key="departing" view="departing" />;
    case 'confirm':
      return <ConfirmScreen />;
    case 'manifests':
      return <ManifestsScreen />;
    case 'departed':
      return <ShipmentListScreen key="departed" view="departed" />;
    case 'attention':
      return <AttentionScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'orders':
      return <OrdersScreen />;
    case 'cod':
      return <CodScreen />;
  }
}

function Screen() {
  const t = useT();
  const { app } = useStores();
  const screen = useStore(app, (s) => s.screen);
  return (
    <ErrorBoundary resetKey={screen} title={t('error.screen')} retry={t('error.retry')}>
      <Suspense fallback={null}>
        <CurrentScreen />
      </Suspense>
    </ErrorBoundary>
  );
}

function StartError() {
  const t = useT();
  const { app } = useStores();
  const error = useStore(app, (s) => s.error);
  if (!error) return null;
  return (
    <p className="banner banner--error" data-testid="app-error" role="alert">
      {errorText(t, error)}
    </p>
  );
}

export function App() {
  const { app, detail } = useStores();
  const language = useStore(app, (s) => s.language);
  // A bench not set up yet opens on the first-run screen (nothing else to do there until it is done).
  const firstRun = useStore(app, (s) => s.settings?.setupDone === false);

  // The window's title names the open screen, in the bench's language (it follows F8 too).
  const screen = useStore(app, (s) => s.screen);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = `${translate(language, SCREEN_LABELS[screen])} — ${translate(language, 'app.title')}`;
  }, [language, screen]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = globalAction(event);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'language') {
        void app.getState().toggleLanguage();
        return;
      }
      detail.getState().close();
      app.getState().go(action.screen);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [app, detail]);

  return (
    <I18nProvider language={language}>
      <div className="app">
        {firstRun ? null : <Nav />}
        <StartError />
        <main className="screen">
          {firstRun ? (
            <Suspense fallback={null}>
              <FirstRunScreen />
            </Suspense>
          ) : (
            <Screen />
          )}
        </main>
        <StatusBar />
      </div>
    </I18nProvider>
  );
}

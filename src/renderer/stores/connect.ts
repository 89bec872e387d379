// All the renderer's stores, made from one station API, and the one subscription that routes station events to
// them; without React, so tests build the same set against a real station (./index.tsx hands it to the screens).
import type { StationApi } from '../stationApi';
import { createAppStore, type AppStore } from './appStore';
import { createAttentionStore, type AttentionStore } from './attentionStore';
import { createConfirmStore, type ConfirmStore } from './confirmStore';
import { createDetailStore, type DetailStore } from './detailStore';
import { createListStore, type ListStore } from './listStore';
import { createManifestsStore, type ManifestsStore } from './manifestsStore';
import { createFormStore, type FormStore } from './shipmentForm/formStore';
import { followGoodsDefault } from './shipmentForm/goodsWord';
import { createStatusStore, type StatusStore } from './statusStore';
import { createOrdersStore, type OrdersStore } from './ordersStore';
import { createBatchesStore, type BatchesStore } from './batchesStore';
import { createScaleStore, type ScaleStore } from './scaleStore';
import { createPickupsStore, type PickupsStore } from './pickupsStore';

export interface Stores {
  /** The station API itself, for the stores a screen makes for as long as it is open (the settings drafts). */
  api: StationApi;
  app: AppStore;
  status: StatusStore;
  form: FormStore;
  departing: ListStore;
  departed: ListStore;
  detail: DetailStore;
  confirm: ConfirmStore;
  manifests: ManifestsStore;
  orders: OrdersStore;
  batches: BatchesStore;
  scale: ScaleStore;
  attention: AttentionStore;
  pickups: PickupsStore;
}

export function createStores(api: StationApi): Stores {
  return {
    api,
    app: createAppStore(api),
    status: createStatusStore(api),
    form: createFormStore(api),
    departing: createListStore(api, 'departing'),
    departed: createListStore(api, 'departed'),
    detail: createDetailStore(api),
    confirm: createConfirmStore(api),
    manifests: createManifestsStore(api),
    orders: createOrdersStore(api),
    batches: createBatchesStore(api),
    scale: createScaleStore(api),
    attention: createAttentionStore(api),
    pickups: createPickupsStore(api),
  };
}

export interface Connection {
  /** The start-up read has been answered (or refused): the bench can be drawn. */
  started: Promise<void>;
  disconnect(): void;
}

/**
 * Loads what the screens need at start and keeps it current from station events. The start-up read goes first and
 * alone, once events flow; the day's reminders and the scale follow it.
 */
export function connectStores(api: StationApi, stores: Stores, refreshDelayMs = 100): Connection {
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const changed = new Set<number>();
  /** After a break in the event stream nobody knows what changed: everything on screen is read again. */
  let everything = false;

  const refreshShipments = () => {
    refreshTimer = undefined;
    const ids = [...changed];
    const all = everything;
    changed.clear();
    everything = false;
    stores.departing.getState().refresh();
    stores.departed.getState().refresh();
    const openId = stores.detail.getState().id;
    if (openId !== undefined && (all || ids.includes(openId))) void stores.detail.getState().reload();
    const savedId = stores.form.getState().saved?.id;
    if (savedId !== undefined && (all || ids.includes(savedId))) void stores.form.getState().refreshSaved();
    if (stores.app.getState().screen === 'manifests') void stores.manifests.getState().load();
    // F4's summary is what Conferma takes: it follows shipments saved, answered by the remote or fixed meanwhile.
    if (stores.app.getState().screen === 'confirm' && !stores.confirm.getState().running) {
      void stores.confirm.getState().loadPreview(stores.departing.getState().selected);
      // Today's confirmed parcels per courier are what a pickup carries.
      void stores.pickups.getState().load();
    }
  };

  /** One `station.start` for the session, the status bar and the form; the day's unprinted papers after it. */
  const startUp = async () => {
    const start = api.call('station.start', {});
    void stores.status.getState().init(start);
    await stores.app.getState().init(start);
    stores.form.getState().init(stores.app.getState().info?.clientIds ?? [], stores.app.getState().info?.mode);
  };

  /** The station restarted on another connection: another database, maybe other client ids and couriers. */
  const reloadStation = () => {
    // Ids held on screen belong to the previous database: forget them rather than read other shipments by them.
    stores.form.getState().forgetShipments();
    stores.detail.getState().close();
    void startUp();
    everything = true;
    if (!refreshTimer) refreshTimer = setTimeout(refreshShipments, refreshDelayMs);
  };

  const unsubscribe = api.on((event) => {
    stores.status.getState().apply(event);
    stores.orders.getState().apply(event);
    stores.batches.getState().apply(event);
    stores.scale.getState().apply(event);
    stores.attention.getState().apply(event);
    stores.pickups.getState().apply(event);
    if (event.name === 'station.changed') reloadStation();
    if (event.name === 'papers.changed') {
      // The saved panel and the detail read a shipment's papers with it: only the one shown is read again.
      const { shipmentId } = event.payload;
      if (stores.form.getState().saved?.id === shipmentId) void stores.form.getState().refreshSaved();
      if (stores.detail.getState().id === shipmentId) void stores.detail.getState().reload();
    }
    if (event.name === 'shipments.changed') {
      // A burst of changes (a batch confirm, a sync drain) becomes one refresh.
      for (const id of event.payload.ids) changed.add(id);
      if (!refreshTimer) refreshTimer = setTimeout(refreshShipments, refreshDelayMs);
    }
  });

  const unsubscribeGoods = followGoodsDefault(stores.app, stores.form);

  const unsubscribeReconnect = api.onReconnect(() => {
    void startUp();
    void stores.attention.getState().load();
    everything = true;
    if (!refreshTimer) refreshTimer = setTimeout(refreshShipments, refreshDelayMs);
  });

  const started = api
    .eventsFlowing()
    .then(startUp)
    .then(() => {
      void stores.scale.getState().init();
      void stores.attention.getState().load();
    });

  return {
    started,
    disconnect() {
      unsubscribe();
      unsubscribeGoods();
      unsubscribeReconnect();
      if (refreshTimer) clearTimeout(refreshTimer);
      stores.departing.getState().dispose();
      stores.departed.getState().dispose();
    },
  };
}

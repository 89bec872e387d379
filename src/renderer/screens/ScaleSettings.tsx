// The bench scale in Settings: its serial port (the ones the computer has are offered), speed and protocol,
// with the live reading beside it so the operator sees at once whether the settings are right.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { controlId } from '../components/Field';
import { errorText } from '../components/errorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { ScaleReadout } from './newShipment/ScanBar';
import {
  DEFAULT_CAPACITY_KG,
  DEFAULT_SCALE_BAUD,
  SCALE_BAUD_RATES,
  type ScaleConfig,
  type ScaleProtocol,
} from '../../shared/domain/scale';

type Props = { onMessage(text: string, error: boolean): void };

export function ScaleSettings({ onMessage }: Props) {
  const { scale } = useStores();
  const config = useStore(scale, (s) => s.config);
  useEffect(() => {
    void scale.getState().init();
  }, [scale]);
  // Keyed by the saved settings: the form starts again from them whenever the station says other ones.
  return <ScaleForm key={JSON.stringify(config)} saved={config} onMessage={onMessage} />;
}

function ScaleForm({ saved, onMessage }: Props & { saved: ScaleConfig | null }) {
  const t = useT();
  const { scale } = useStores();
  const config = saved;
  const ports = useStore(scale, (s) => s.ports);
  const [draft, setDraft] = useState<ScaleConfig>(
    saved ?? { path: '', baudRate: DEFAULT_SCALE_BAUD, protocol: 'mt-sics' },
  );

  // The plate's "Max": blank is the usual bench scale's (DEFAULT_CAPACITY_KG); no weight beyond it is used.
  const [capacity, setCapacity] = useState(saved?.capacityKg === undefined ? '' : String(saved.capacityKg));
  const withCapacity = (next: ScaleConfig): ScaleConfig => {
    const { capacityKg: _previous, ...rest } = next;
    const kg = Number(capacity.trim().replace(',', '.'));
    return capacity.trim() !== '' && Number.isFinite(kg) && kg > 0 ? { ...rest, capacityKg: kg } : rest;
  };

  const save = async (next: ScaleConfig | null) => {
    const saved = await scale.getState().save(next);
    const error = scale.getState().error;
    onMessage(saved ? t('settings.scale.saved') : error ? errorText(t, error) : '', !saved);
  };

  return (
    <form
      className="scale-settings"
      data-testid="scale-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save(draft.path.trim() ? withCapacity({ ...draft, path: draft.path.trim() }) : null);
      }}
    >
      <div className="field">
        <label htmlFor={controlId('scale-path')}>{t('settings.scale.port')}</label>
        <input
          id={controlId('scale-path')}
          data-testid="scale-path"
          list={controlId('scale-ports')}
          value={draft.path}
          placeholder="/dev/ttyUSB0, COM3"
          onChange={(event) => setDraft({ ...draft, path: event.target.value })}
        />
        <datalist id={controlId('scale-ports')}>
          {ports.map((port) => (
            <option key={port} value={port} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={controlId('scale-baud')}>{t('settings.scale.baud')}</label>
        <select
          id={controlId('scale-baud')}
          data-testid="scale-baud"
          value={String(draft.baudRate)}
          onChange={(event) => setDraft({ ...draft, baudRate: Number(event.target.value) })}
        >
          {SCALE_BAUD_RATES.map((baud) => (
            <option key={baud} value={String(baud)}>
              {baud}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={controlId('scale-protocol')}>{t('settings.scale.protocol')}</label>
        <select
          id={controlId('scale-protocol')}
          data-testid="scale-protocol"
          value={draft.protocol}
          onChange={(event) => setDraft({ ...draft, protocol: event.target.value as ScaleProtocol })}
        >
          <option value="mt-sics">{t('settings.scale.mtSics')}</option>
          <option value="continuous">{t('settings.scale.continuous')}</option>
        </select>
      </div>
      <div className="field field--short">
        <label htmlFor={controlId('scale-capacity')}>{t('settings.scale.capacity')}</label>
        <input
          id={controlId('scale-capacity')}
          data-testid="scale-capacity"
          inputMode="decimal"
          value={capacity}
          placeholder={String(DEFAULT_CAPACITY_KG)}
          onChange={(event) => setCapacity(event.target.value)}
        />
      </div>
      <button type="submit" className="primary" data-testid="scale-save">
        {t('common.save')}
      </button>{' '}
      {config ? (
        <button type="button" data-testid="scale-remove" onClick={() => void save(null)}>
          {t('settings.scale.none')}
        </button>
      ) : null}
      <ScaleReadout />
    </form>
  );
}

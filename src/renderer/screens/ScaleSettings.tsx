// The bench scale in Settings: its serial port (the ones the computer has are offered), speed and protocol,
// with the live reading beside it so the operator sees at once whether the settings are right. The draft is
// ../stores/settings/scaleDraft.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { controlId } from '../components/Field';
import { errorText } from '../components/errorText';
import { useFocusKept, type FocusKept } from '../components/useFocusKept';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { createScaleDraft, type ScaleDraft } from '../stores/settings/scaleDraft';
import { ScaleReadout } from './newShipment/ScanBar';
import { DEFAULT_CAPACITY_KG, SCALE_BAUD_RATES, type ScaleConfig, type ScaleProtocol } from '../../shared/domain/scale';

type Props = { onMessage(text: string, error: boolean): void };

export function ScaleSettings({ onMessage }: Props) {
  const { scale } = useStores();
  const config = useStore(scale, (s) => s.config);
  useEffect(() => {
    void scale.getState().init();
  }, [scale]);
  // Keyed by the saved settings: the form starts again from them whenever the station says other ones, with the focus
  // where it was when they were saved.
  const focus = useFocusKept(config);
  return <ScaleForm key={JSON.stringify(config)} saved={config} focus={focus} onMessage={onMessage} />;
}

function ScaleFields({ draft }: { draft: ScaleDraft }) {
  const t = useT();
  const { scale } = useStores();
  const ports = useStore(scale, (s) => s.ports);
  const values = useStore(draft, (s) => s.values);
  const edit = draft.getState();
  return (
    <>
      <div className="field">
        <label htmlFor={controlId('scale-path')}>{t('settings.scale.port')}</label>
        <input
          id={controlId('scale-path')}
          data-testid="scale-path"
          list={controlId('scale-ports')}
          value={values.path}
          placeholder="/dev/ttyUSB0, COM3"
          onChange={(event) => edit.set('path', event.target.value)}
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
          value={String(values.baudRate)}
          onChange={(event) => edit.set('baudRate', Number(event.target.value))}
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
          value={values.protocol}
          onChange={(event) => edit.set('protocol', event.target.value as ScaleProtocol)}
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
          value={values.capacity}
          placeholder={String(DEFAULT_CAPACITY_KG)}
          onChange={(event) => edit.set('capacity', event.target.value)}
        />
      </div>
    </>
  );
}

function ScaleForm({ saved, focus, onMessage }: Props & { saved: ScaleConfig | null; focus: FocusKept }) {
  const t = useT();
  const { api, scale } = useStores();
  // The station answers the settings it now keeps: the scale is read again (and this form starts from them).
  const [draft] = useState(() => createScaleDraft(api, saved, { afterSave: () => scale.getState().init() }));

  const save = async (remove: boolean) => {
    focus.keep();
    const result = await (remove ? draft.getState().remove() : draft.getState().save());
    if (!result.ok) focus.drop();
    onMessage(result.ok ? t('settings.scale.saved') : errorText(t, result.error), !result.ok);
  };

  return (
    <form
      className="scale-settings"
      data-testid="scale-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <ScaleFields draft={draft} />
      <button type="submit" className="primary" data-testid="scale-save">
        {t('common.save')}
      </button>{' '}
      {saved ? (
        <button type="button" data-testid="scale-remove" onClick={() => void save(true)}>
          {t('settings.scale.none')}
        </button>
      ) : null}
      <ScaleReadout />
    </form>
  );
}

// Settings › Bench, "check items by scan": one switch per client of the station (off by default); an order of a
// client switched on is packed item by item at the scan before its label prints.
import type { CommandInput } from '../../../shared/ipc/commands';
import type { Settings } from '../../../shared/ipc/views';
import { Toggle } from '../../components/Controls';
import { useT } from '../../i18n';

export function ItemCheckSetting({
  settings,
  onUpdate,
}: {
  settings: Settings;
  onUpdate(patch: CommandInput<'settings.update'>): void;
}) {
  const t = useT();
  const on = new Set(settings.itemCheckClients);
  const toggle = (id: number, checked: boolean) => {
    const next = settings.clientIds.filter((client) => (client === id ? checked : on.has(client)));
    onUpdate({ itemCheckClients: next });
  };
  return (
    <div className="field field--wide" data-testid="settings-item-check">
      <span className="field__label">{t('settings.itemCheck')}</span>
      {settings.clientIds.map((id) => (
        <Toggle
          key={id}
          id={`settings-item-check-${id}`}
          inline
          checked={on.has(id)}
          label={t('settings.itemCheckClient', { id })}
          onChange={(checked) => toggle(id, checked)}
        />
      ))}
      <small className="muted">{t('settings.itemCheckHint')}</small>
    </div>
  );
}

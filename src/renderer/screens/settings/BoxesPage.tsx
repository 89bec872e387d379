// Settings › Boxes: the box presets the bench packs into, smallest first, each with its key, inner sizes, tare and
// most weight; added, edited in place (the row becomes its form, the name kept) or removed, from the keyboard.
import { useState } from 'react';
import type { Box } from '../../../shared/domain/boxes';
import { errorText } from '../../components/errorText';
import { useStationRead } from '../../components/useStationRead';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { BoxForm, boxTexts } from './BoxForm';

type Say = (text: string, error: boolean) => void;

function BoxRow({ box, onEdit, onRemove }: { box: Box; onEdit(): void; onRemove(): void }) {
  const { t, number } = useI18n();
  return (
    <tr data-testid={`box-row-${box.name}`}>
      <td>{box.name}</td>
      <td data-testid={`box-key-${box.name}`}>{box.key || '—'}</td>
      <td className="num">{[box.length, box.width, box.height].map((cm) => number(cm, 1)).join(' × ')}</td>
      <td className="num">{number(box.tare, 3)}</td>
      <td className="num">{box.max_weight > 0 ? number(box.max_weight, 3) : '—'}</td>
      <td>
        <button type="button" data-testid={`box-edit-${box.name}`} onClick={onEdit}>
          {t('boxes.edit')}
        </button>{' '}
        <button type="button" data-testid={`box-delete-${box.name}`} onClick={onRemove}>
          {t('boxes.delete')}
        </button>
      </td>
    </tr>
  );
}

export function BoxesPage({ onMessage }: { onMessage: Say }) {
  const { t } = useI18n();
  const { api } = useStores();
  const [editing, setEditing] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  // Read again after each change.
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);
  const boxes = useStationRead(
    () => api.call('boxes.list', {}),
    String(generation),
    (error) => onMessage(errorText(t, error), true),
  )?.boxes;

  const saved = (box: Box, verb: 'boxes.saved' | 'boxes.added') => {
    setEditing(undefined);
    setAdding(false);
    onMessage(t(verb, { name: box.name }), false);
    reload();
  };
  const remove = async (name: string) => {
    const result = await api.call('boxes.delete', { name });
    onMessage(result.ok ? t('boxes.deleted', { name }) : errorText(t, result.error), !result.ok);
    reload();
  };

  return (
    <fieldset className="group" data-testid="settings-boxes">
      <legend>{t('boxes.title')}</legend>
      <p className="group__note">{t('boxes.note')}</p>
      <div className="products-toolbar">
        <button type="button" data-testid="boxes-add" onClick={() => setAdding(true)} disabled={adding}>
          {t('boxes.add')}
        </button>
      </div>
      {adding ? (
        <BoxForm
          prefix="box-new"
          initial={boxTexts()}
          replace={false}
          onSaved={(box) => saved(box, 'boxes.added')}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {boxes === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : boxes.length === 0 ? (
        <p className="muted" data-testid="boxes-empty">
          {t('boxes.none')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="boxes-table">
            <thead>
              <tr>
                <th scope="col">{t('boxes.col.name')}</th>
                <th scope="col">{t('boxes.col.key')}</th>
                <th scope="col" className="num">
                  {t('boxes.col.sizes')}
                </th>
                <th scope="col" className="num">
                  {t('boxes.col.tare')}
                </th>
                <th scope="col" className="num">
                  {t('boxes.col.maxWeight')}
                </th>
                <th scope="col">{t('manifests.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {boxes.map((box) =>
                editing === box.name ? (
                  <tr key={box.name} data-testid={`box-row-${box.name}`}>
                    <td colSpan={6}>
                      <BoxForm
                        prefix="box-edit"
                        initial={boxTexts(box)}
                        replace
                        onSaved={(b) => saved(b, 'boxes.saved')}
                        onCancel={() => setEditing(undefined)}
                      />
                    </td>
                  </tr>
                ) : (
                  <BoxRow
                    key={box.name}
                    box={box}
                    onEdit={() => setEditing(box.name)}
                    onRemove={() => void remove(box.name)}
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}

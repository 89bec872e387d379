// The recipient as a bench types it: name (with recent recipients to pick from the keyboard), contact, address,
// CAP (5 digits look up city and province), city, province, country, phone, e-mail.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { controlId } from '../../components/Field';
import { useSuggest } from '../../components/useSuggest';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import type { CapSuggestion, Recipient } from '../../stores/shipmentForm/lookups';
import { placeHint } from '../../stores/shipmentForm/placeFix';
import { addressCut } from '../../stores/shipmentForm/remoteCut';
import { REMOTE_ADDR_MAX } from '../../../shared/api/remoteAddress';
import { FormInput } from './FormInput';
import { ABROAD_PROVINCE, provinceTyped } from '../../../shared/domain/subdivisions';

function SuggestionList<T>({
  id,
  items,
  active,
  label,
  testId,
  onPick,
}: {
  id: string;
  items: readonly T[];
  active: number;
  label(item: T): string;
  testId: string;
  onPick(item: T): void;
}) {
  return (
    <ul className="suggest" id={id} role="listbox" data-testid={testId}>
      {items.map((item, index) => (
        <li
          key={`${index}-${label(item)}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'suggest__item suggest__item--active' : 'suggest__item'}
          data-testid={`${testId}-${index}`}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(item);
          }}
        >
          {label(item)}
        </li>
      ))}
    </ul>
  );
}

function NameField() {
  const t = useT();
  const { form } = useStores();
  const recent = useStore(form, (s) => s.recent);
  const open = useStore(form, (s) => s.recentOpen);
  const { lookups } = form.getState();
  const suggest = useSuggest<Recipient>(
    recent,
    open,
    (r) => lookups.pickRecipient(r),
    () => lookups.closeRecent(),
  );
  const shown = open && recent.length > 0;
  const label = (r: Recipient) =>
    [r.rcpt_name, r.rcpt_addr, `${r.rcpt_cap} ${r.rcpt_city} (${r.rcpt_prov})`].filter(Boolean).join(' — ');

  return (
    <FormInput
      field="rcpt_name"
      className="field--wide field--suggest"
      role="combobox"
      aria-expanded={shown}
      aria-controls="recent-list"
      aria-autocomplete="list"
      aria-activedescendant={shown && suggest.active >= 0 ? `recent-list-${suggest.active}` : undefined}
      hint={t('hint.recent')}
      onKey={(event) => {
        if (suggest.onKeyDown(event)) return true;
        if (event.key === 'ArrowDown' && !shown) {
          event.preventDefault();
          lookups.searchRecent(form.getState().values.rcpt_name);
          return true;
        }
        return false;
      }}
      onBlur={() => lookups.closeRecent()}
      after={
        shown ? (
          <SuggestionList
            id="recent-list"
            testId="recent"
            items={recent}
            active={suggest.active}
            label={label}
            onPick={(r) => lookups.pickRecipient(r)}
          />
        ) : null
      }
    />
  );
}

/**
 * CAP, city and province that disagree, said under the city with the fix one key makes (Alt+C, from anywhere in the
 * form, or the button): the city and province of the CAP's one municipality, or the province of the city typed.
 */
function PlaceHintLine() {
  const t = useT();
  const { form } = useStores();
  const values = useStore(form, (s) => s.values);
  const suggestions = useStore(form, (s) => s.capSuggestions);
  const hint = useMemo(() => placeHint(values, suggestions), [values, suggestions]);
  const fix = hint?.fix;
  useEffect(() => {
    if (!fix) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyC') {
        event.preventDefault();
        form.getState().setValues(fix);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fix, form]);
  if (!hint) return null;
  return (
    <span className="place-hint" data-testid="place-hint" role="status">
      {t('place.cap', { cap: hint.cap, names: hint.names })}
      {hint.fix ? (
        <button
          type="button"
          className="place-hint__fix"
          data-testid="place-fix"
          aria-keyshortcuts="Alt+C"
          onClick={() => form.getState().setValues(hint.fix ?? {})}
        >
          {`${hint.field === 'rcpt_city' ? hint.fix.rcpt_city : hint.fix.rcpt_prov}?`} <kbd>Alt+C</kbd>
        </button>
      ) : null}
    </span>
  );
}

function CityField() {
  const { form } = useStores();
  const suggestions = useStore(form, (s) => s.capSuggestions);
  const city = useStore(form, (s) => s.values.rcpt_city);
  const [focused, setFocused] = useState(false);
  const typed = city.trim().toLowerCase();
  const exact = suggestions.some((s) => s.nome.toLowerCase() === typed);
  const items = useMemo(
    () => suggestions.filter((s) => typed === '' || exact || s.nome.toLowerCase().includes(typed)),
    [suggestions, typed, exact],
  );
  const shown = focused && suggestions.length > 1 && !exact && items.length > 0;
  const { lookups } = form.getState();
  // The CAP's one city filled in while the operator is in the empty field (tabbed there, about to type) is selected:
  // the next letter typed replaces it, Tab keeps it. Left as plain text, typing went after it ("MilanoMilano").
  const typedCity = useRef(city);
  useLayoutEffect(() => {
    const was = typedCity.current;
    typedCity.current = city;
    const input = document.activeElement;
    if (was.trim() !== '' || city === '' || !(input instanceof HTMLInputElement)) return;
    if (input.id === controlId('rcpt_city')) input.select();
  }, [city]);
  const suggest = useSuggest<CapSuggestion>(
    items,
    shown,
    (s) => lookups.pickCap(s),
    () => setFocused(false),
  );

  return (
    <FormInput
      field="rcpt_city"
      className="field--suggest"
      role="combobox"
      aria-expanded={shown}
      aria-controls="cap-list"
      aria-autocomplete="list"
      aria-activedescendant={shown && suggest.active >= 0 ? `cap-list-${suggest.active}` : undefined}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onChange={(event) => {
        const value = event.target.value;
        const match = suggestions.find((s) => s.nome.toLowerCase() === value.trim().toLowerCase());
        typedCity.current = value;
        form.getState().setValue('rcpt_city', value);
        if (match) form.getState().setValues({ rcpt_prov: match.sigla });
      }}
      onKey={(event) => {
        if (!shown && event.key === 'ArrowDown' && suggestions.length > 1) setFocused(true);
        return suggest.onKeyDown(event);
      }}
      after={
        shown ? (
          <SuggestionList
            id="cap-list"
            testId="cap-suggestions"
            items={items}
            active={suggest.active}
            label={(s) => `${s.nome} (${s.sigla})`}
            onPick={(s) => lookups.pickCap(s)}
          />
        ) : (
          <PlaceHintLine />
        )
      }
    />
  );
}

/**
 * At a connected bench, what the remote will not receive of the address as typed (it takes the two lines joined, cut
 * as its own clients cut them), said while it is typed; the first save stops on it too (./remoteCut).
 */
function RemoteCutNote() {
  const t = useT();
  const { form } = useStores();
  const connected = useStore(form, (s) => s.connected);
  const addr = useStore(form, (s) => s.values.rcpt_addr);
  const addr2 = useStore(form, (s) => s.values.rcpt_addr2);
  const cut = connected ? addressCut({ rcpt_addr: addr, rcpt_addr2: addr2 }) : undefined;
  if (!cut) return null;
  return (
    <span className="place-hint" data-testid="remote-cut" role="status">
      {t('address.remoteCut', { max: REMOTE_ADDR_MAX, lost: cut.lost })}
    </span>
  );
}

/**
 * The province: typed in Italy and where the country has states (US, Canada, Spain); elsewhere EE, shown and sent as
 * Italian shipping software does, never printed, and passed over by Tab.
 */
function ProvinceField() {
  const t = useT();
  const { form } = useStores();
  const typed = useStore(form, (s) => provinceTyped(s.values.rcpt_country_code));
  return typed ? (
    <FormInput field="rcpt_prov" className="field--tiny" maxLength={2} />
  ) : (
    <FormInput
      field="rcpt_prov"
      className="field--tiny"
      readOnly
      shown={ABROAD_PROVINCE}
      hint={t('hint.rcpt_prov_abroad')}
    />
  );
}

export function RecipientSection() {
  const t = useT();
  return (
    <fieldset className="group group--recipient" data-testid="group-recipient">
      <legend>{t('group.recipient')}</legend>
      <NameField />
      <FormInput field="rcpt_contact" hint={t('hint.rcpt_contact')} />
      <FormInput field="rcpt_addr" className="field--wide" />
      <FormInput field="rcpt_addr2" className="field--wide" hint={t('hint.rcpt_addr2')} after={<RemoteCutNote />} />
      <FormInput field="rcpt_cap" inputMode="numeric" className="field--short" />
      <CityField />
      <ProvinceField />
      <FormInput field="rcpt_country_code" className="field--tiny" maxLength={2} />
      <FormInput field="rcpt_phone" type="tel" />
      <FormInput field="rcpt_email" type="email" />
    </fieldset>
  );
}

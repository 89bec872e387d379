// The first run of a bench: try it with the demo couriers at once, or connect the account step by step: the service
// (address with its instance, key and client ids, checked with the service), each client's sender, the account's
// couriers, its price lists if any, and the label printer, each checked as it is entered. Settings has every step
// again for later changes.
import { useState } from 'react';
import { useStore } from 'zustand';
import { errorText } from '../components/errorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { CatalogEditor } from './CatalogEditor';
import { ConnectionForm } from './ConnectionForm';
import { PriceListsEditor } from './PriceListsEditor';
import { PrinterEditor } from './PrinterEditor';
import { SendersEditor } from './SendersEditor';

const STEPS = ['connection', 'senders', 'couriers', 'prices', 'printer'] as const;
type Step = 'choose' | (typeof STEPS)[number];

export function FirstRunScreen() {
  const t = useT();
  const { app, status } = useStores();
  const connected = useStore(app, (s) => s.settings?.mode === 'connected');
  const [step, setStep] = useState<Step>('choose');
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const onMessage = (text: string, error: boolean) => setMessage({ text, error });

  const finish = async () => {
    const result = await app.getState().finishSetup();
    if (!result.ok) return onMessage(errorText(t, result.error), true);
    // To the bench at once, before the status bar loads: a screen the operator picks meanwhile (F7) is theirs, never
    // overwritten by this once the status comes.
    app.getState().go('new');
    await status.getState().init();
  };
  const index = step === 'choose' ? -1 : STEPS.indexOf(step);
  const go = (to: Step) => {
    setMessage(undefined);
    setStep(to);
  };
  const next = STEPS[index + 1];

  return (
    <section className="first-run" data-testid="first-run" data-step={step} aria-labelledby="first-run-title">
      <h1 id="first-run-title">{t('firstRun.title')}</h1>
      {message ? (
        <p
          className={`banner ${message.error ? 'banner--error' : 'banner--ok'}`}
          role="status"
          data-testid="first-run-message"
        >
          {message.text}
        </p>
      ) : null}
      {step === 'choose' ? (
        <div className="first-run__choices">
          <button
            type="button"
            className="primary"
            data-testid="first-run-demo"
            onClick={() => void finish()}
            autoFocus
          >
            {t('firstRun.demo')}
          </button>
          <p className="muted">{t('firstRun.demoHint')}</p>
          <button type="button" data-testid="first-run-connect" onClick={() => go('connection')}>
            {t('firstRun.connect')}
          </button>
          <p className="muted">{t('firstRun.connectHint')}</p>
        </div>
      ) : (
        <>
          <h2 data-testid="first-run-step">
            {t('firstRun.stepOf', { n: index + 1, total: STEPS.length })}: {t(`firstRun.step.${step}`)}
          </h2>
          <p className="muted">{t(`firstRun.hint.${step}`)}</p>
          {step === 'connection' ? (
            <ConnectionForm accountOnly onMessage={onMessage} onConnected={() => go('senders')} />
          ) : null}
          {step === 'senders' ? <SendersEditor onMessage={onMessage} /> : null}
          {step === 'couriers' ? <CatalogEditor onMessage={onMessage} /> : null}
          {step === 'prices' ? <PriceListsEditor onMessage={onMessage} /> : null}
          {step === 'printer' ? <PrinterEditor onMessage={onMessage} /> : null}
          <div className="actions first-run__nav">
            <button type="button" data-testid="first-run-back" onClick={() => go(STEPS[index - 1] ?? 'choose')}>
              {t('firstRun.back')}
            </button>
            {next && (step !== 'connection' || connected) ? (
              <button type="button" className="primary" data-testid="first-run-next" onClick={() => go(next)}>
                {t('firstRun.next')}
              </button>
            ) : null}
            {!next ? (
              <button type="button" className="primary" data-testid="first-run-finish" onClick={() => void finish()}>
                {t('firstRun.finish')}
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

// A parcel never goes to the wrong order (issue 39), in Chromium at the bench's 1280×720 with an MT-SICS scale on a
// pseudo-terminal: a 900 kg reading is shown as beyond the scale, never as a green "Stabile", and refuses the order's
// weighing; the next order's parcel put on the pan is not taken for it, the order says it waits for the operator; and
// after a restart with a parcel still on the pan the next order does not take that parcel's weight either.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../helpers/tmp';
import { importOrderFile, scan, startBench, weigh } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

const CSV =
  'Ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Pagamento;Totale;Articolo;Quantità\r\n' +
  '2005;Rossi Mario;Via Po 1;47121;Forlì;FC;0543 100001;a@esempio.it;Carta di credito;12,50;Tè verde;1\r\n' +
  '2006;Bianchi Anna;Via Po 2;47121;Forlì;FC;0543 100002;b@esempio.it;Carta di credito;20;Tè nero;1\r\n' +
  '2007;Verdi Luca;Via Po 3;47121;Forlì;FC;0543 100003;c@esempio.it;Carta di credito;20;Caffè;2\r\n';

describe('a parcel at the bench', () => {
  it(
    'is never weighed for an order refused over the scale’s capacity, nor after a restart for the next order',
    { timeout: 180_000 },
    async () => {
      const bench = await startBench('mt-sics');
      const { zebra, scale } = bench;
      const options = bench.station;
      let { host, page, errors } = await startStationPage(chromium.get(), {
        ...options,
        before: (dispatch) => importOrderFile(dispatch, CSV, 3),
      });
      const focused = () => page.locator(':focus').getAttribute('data-testid');
      const state = (ref: string) => host.station.engine.orders.find(host.station.caller, ref)?.state;
      const weightOf = (ref: string) => {
        const order = host.station.engine.orders.find(host.station.caller, ref);
        return host.station.engine.getShipment(host.station.caller, order?.shipmentId ?? 0)?.peso;
      };
      try {
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        await page.getByTestId('field-merce').fill('Tè e caffè');
        await page.keyboard.press('F2');

        // 900 kg on a 150 kg scale: shown as beyond its capacity, in red, whatever the scale calls it.
        scale.setWeight(900);
        await expect.poll(() => page.getByTestId('scale-weight').textContent(), { timeout: 10_000 }).toBe('900,000 kg');
        expect(await page.getByTestId('scale-state').textContent()).toBe('Oltre la portata (150 kg)');
        expect(await page.getByTestId('scale-readout').getAttribute('data-state')).toBe('overload');
        await scan(page, '2005');
        const alert = page.getByTestId('scan-alert');
        await alert.waitFor({ timeout: 10_000 });
        expect(await page.getByTestId('scan-alert-text').textContent()).toBe(
          'Ordine 2005: peso oltre la portata della bilancia (150 kg): non usato. Pesatura interrotta: l’ordine non ' +
            'prende il peso di altri colli. Controllare la bilancia, poi Invio pesa di nuovo',
        );
        await expectHealthy(page, 'it-scan-over-capacity', errors);

        // The next order's parcel goes on the pan before that order is scanned: #2005 does not take it.
        await weigh(page, scale, 0, '0,000 kg');
        await weigh(page, scale, 0.8, '0,800 kg');
        await new Promise((done) => setTimeout(done, 800));
        expect(state('2005')).toBe('waiting');
        expect(zebra.labels()).toHaveLength(0);
        await page.keyboard.press('Enter');
        await expect.poll(() => alert.count()).toBe(0);
        expect(await page.getByTestId('scan-message').textContent()).toBe(
          'Ordine 2005: pesatura interrotta, in attesa dell’operatore. Invio pesa di nuovo',
        );
        expect(await page.getByTestId('field-peso').inputValue()).toBe('');
        expect(await focused()).toBe('field-scan_order');

        // Its own order takes it.
        await scan(page, '2006');
        await zebra.waitForLabels(1, 20_000);
        expect(state('2006')).toBe('shipped');
        expect(weightOf('2006')).toBe(0.8);
        expect(state('2005')).toBe('waiting');

        // The station restarts with #2006's parcel still on the pan: the next order waits for the pan to change.
        await page.close();
        await host.close();
        ({ host, page, errors } = await startStationPage(chromium.get(), options));
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        await page.getByTestId('field-merce').fill('Tè e caffè');
        await page.keyboard.press('F2');
        await expect.poll(() => page.getByTestId('scale-weight').textContent(), { timeout: 10_000 }).toBe('0,800 kg');
        await scan(page, '2007');
        const guard = page.getByTestId('scan-guard');
        await guard.waitFor({ timeout: 10_000 });
        expect(await page.getByTestId('scan-guard-text').textContent()).toBe(
          'Sulla bilancia c’è ancora il collo precedente (0,800 kg): toglierlo e mettere il collo 1 di 1 ' +
            'dell’ordine 2007',
        );
        await expectHealthy(page, 'it-scan-parcel-left-on-pan', errors);
        await new Promise((done) => setTimeout(done, 800));
        expect(state('2007')).toBe('waiting');
        await weigh(page, scale, 0, '0,000 kg');
        await expect.poll(() => guard.count()).toBe(0);
        expect(await page.getByTestId('scan-message').textContent()).toBe('Mettere sulla bilancia il collo 1 di 1');
        await weigh(page, scale, 1.3, '1,300 kg');
        await zebra.waitForLabels(2, 20_000);
        expect(state('2007')).toBe('shipped');
        expect(weightOf('2007')).toBe(1.3);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await bench.close();
      }
    },
  );
});

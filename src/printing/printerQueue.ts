// One printer's queue, as a loop of its own on the spooler's clock: before each job it asks the printer how it is and
// holds the queue (with the reason) while it is out of paper, open, paused or unreachable; it claims each job so only
// one station sends it, and when a send is cut off it asks the printer's label counter what reached the paper.
import type { PrintJob, SpoolStore } from '../shared/domain/printJobs';
import { startLoop, type Loop } from '../shared/workLoop';
import { formatsAfter, labelsInZpl, verdictFromCounts, type BreakVerdict } from './labelCounter';
import type { SpoolContext } from './spoolContext';
import type { PrinterConfig, PrinterStatus, PrinterTransport } from './types';
import { undeclaredStatus } from './transports/status';
import { errorMessage } from '../shared/errorMessage';

// Said of labels, packing slips and manifests alike ("la stampa"): a claim a stopped run left does not know its kind.
const INTERRUPTED_REASON = 'Invio interrotto: controllare la stampante e ristampare se la stampa manca';
const AUTO_RESEND_REASON = "Invio interrotto: la stampante non ha stampato l'etichetta, reinviata automaticamente";
const TOO_MANY_BREAKS_REASON = 'Invio interrotto più volte: controllare il collegamento della stampante e ristampare';
const LEFTOVER_REASON = 'Invio interrotto dalla chiusura della postazione';
/** A job of several labels cut off after some printed: the rest goes again, each label once by the counter. */
const restResendReason = (printed: number, rest: number) =>
  `Invio interrotto dopo ${printed} etichette stampate: le ${rest} restanti reinviate automaticamente`;

/** Resends after breaks the counter showed printed nothing; a line that keeps breaking needs a person, not a loop. */
export const MAX_AUTO_RESENDS = 2;
/** After a break, how often the printer is asked whether it has finished what it received, before giving up. */
const SETTLE_ROUNDS = 12;
const MAX_LOOP_BACKOFF_MS = 5_000;
/** How long a printer that cannot be asked idly sleeps with nothing queued (a new job wakes it at once). */
const QUIET_SLEEP_MS = 60_000;
/**
 * A printer that has not told its status (print servers and ZPL-emulating printers often never answer ~HS) is asked
 * again while idle within this limit, not the full status time-out: a job that arrives meanwhile waits this long at
 * most, instead of the two seconds every job used to wait for an answer that never comes.
 */
export const UNDECLARED_ASK_MS = 500;

type JobWithContent = PrintJob & { content: Uint8Array };

/**
 * Ends the claim of a job cut off (by a break, or by a run that stopped mid-send) as the counter says: printed;
 * nothing printed, sent again (a few times at most); its first labels printed, the rest sent again; else a person
 * decides.
 */
function settleBreak(
  store: SpoolStore,
  runOwner: string,
  job: JobWithContent,
  verdict: BreakVerdict,
  error: string,
): void {
  const again = job.autoResends < MAX_AUTO_RESENDS;
  const rest = typeof verdict === 'object' ? formatsAfter(job.content, verdict.partial) : undefined;
  if (verdict === 'printed') store.release(job.id, runOwner, { state: 'printed' });
  else if (verdict === 'not_printed' && again) {
    const reason = `${AUTO_RESEND_REASON} (${error})`;
    store.release(job.id, runOwner, { state: 'pending', reason, autoResend: true });
  } else if (typeof verdict === 'object' && rest && again) {
    const reason = `${restResendReason(verdict.partial, labelsInZpl(rest) ?? 0)} (${error})`;
    store.release(job.id, runOwner, { state: 'pending', reason, autoResend: true, content: rest });
  } else {
    const reason = verdict === 'not_printed' ? TOO_MANY_BREAKS_REASON : INTERRUPTED_REASON;
    store.release(job.id, runOwner, { state: 'failed', reason: `${reason} (${error})` });
  }
}

/** Serves one printer's queue until stopped; `kick` on the answer says a job was queued for it. */
export function servePrinter(
  ctx: SpoolContext,
  printer: PrinterConfig,
  transport: PrinterTransport,
  runOwner: string,
): Loop {
  const { store, timings } = ctx;
  const asksIdle = timings.idleStatusEveryMs > 0 && printer.target.kind === 'tcp' && printer.language === 'ZPL';
  let lastAsked = 0;
  /**
   * Whether the printer tells its status: unknown until asked; false once it gave no answer. One that does not tell
   * is sent each job at once (its status shown as not declared) and asked again while idle; one that tells is asked
   * before each job, and a job waits while it is out of paper, open, paused or unreachable.
   */
  let tells: boolean | undefined;

  /** Asks the printer how it is, learns whether it tells, and shows what it said (or that it did not say). */
  async function ask(): Promise<PrinterStatus> {
    const status = await transport.status(
      tells === false ? Math.min(timings.statusTimeoutMs, UNDECLARED_ASK_MS) : timings.statusTimeoutMs,
    );
    lastAsked = ctx.clock.now();
    // Only a network Zebra is asked while idle: another printer that cannot tell (a device file, a queue without
    // lpstat) keeps being asked before each job, as its answer costs nothing.
    if (status.state === 'unknown' && asksIdle) {
      tells = false;
      ctx.setStatus(printer.id, undeclaredStatus());
    } else {
      if (status.state !== 'unreachable') tells = true;
      ctx.setStatus(printer.id, status);
    }
    return status;
  }

  async function readCounter(): Promise<number | undefined> {
    if (!transport.labelCount || ctx.counterless.has(printer.id)) return undefined;
    const count = await transport.labelCount(timings.statusTimeoutMs);
    if (count === undefined) ctx.counterless.add(printer.id);
    return count;
  }

  /**
   * What a cut-off job left on paper. The printer is first asked until nothing waits in its buffer (a format still
   * printing, or held by paper out, would move the counter later), then its counter is read again.
   */
  async function afterBreak(before: number, jobLabels: number): Promise<BreakVerdict> {
    for (let round = 0; round < SETTLE_ROUNDS && loop.running; round += 1) {
      const status = await transport.status(timings.statusTimeoutMs);
      if (status.state === 'unreachable' || status.formatsInBuffer === undefined) return 'unknown';
      if (status.formatsInBuffer === 0) {
        const after = await transport.labelCount?.(timings.statusTimeoutMs);
        return after === undefined ? 'unknown' : verdictFromCounts(before, after, jobLabels);
      }
      await loop.sleep(Math.min(Math.max(timings.retryEveryMs, 50), 500));
    }
    return 'unknown';
  }

  /** A job a stopped run left mid-send: what reached the paper is read from the counter before anything is sent. */
  async function settleLeftover(job: JobWithContent, before: number): Promise<number> {
    if (!store.claim(job.id, runOwner, before)) return 0;
    const jobLabels = printer.language === 'ZPL' ? labelsInZpl(job.content) : undefined;
    const verdict = jobLabels === undefined ? 'unknown' : await afterBreak(before, jobLabels);
    settleBreak(store, runOwner, job, verdict, LEFTOVER_REASON);
    ctx.changed(job.id);
    return 0;
  }

  /** Sends one job; answers how long the queue then sleeps (0: it looks again at once). */
  async function sendJob(job: JobWithContent): Promise<number> {
    if (job.counterBefore !== undefined) return settleLeftover(job, job.counterBefore);
    const jobLabels = printer.language === 'ZPL' ? labelsInZpl(job.content) : undefined;
    // A printer that does not tell its status does not tell its counter either: not asked (each ask would time out).
    const before = jobLabels === undefined || tells === false ? undefined : await readCounter();
    // The claim is the only way into "sending": another station on the same data folder that took the job first wins,
    // and this one skips it. Written before the bytes leave, so a crash leaves a claim, never a silent reprint.
    if (!store.claim(job.id, runOwner, before)) return 0;
    ctx.changed(job.id);
    const outcome = await transport.send(job.content, timings.sendTimeoutMs);
    if (outcome.kind === 'sent') {
      store.release(job.id, runOwner, { state: 'printed' });
      ctx.changed(job.id);
      return 0;
    }
    if (outcome.kind === 'not_sent') {
      store.release(job.id, runOwner, { state: 'held', reason: `Stampante non raggiungibile: ${outcome.error}` });
      ctx.changed(job.id);
      const status = ctx.status(printer.id);
      if (status)
        ctx.setStatus(printer.id, {
          ...status,
          state: 'unreachable',
          message: 'Stampante non raggiungibile',
          reason: 'unreachable',
        });
      return timings.retryEveryMs;
    }
    const verdict = before === undefined || jobLabels === undefined ? 'unknown' : await afterBreak(before, jobLabels);
    settleBreak(store, runOwner, job, verdict, outcome.error);
    ctx.changed(job.id);
    return 0;
  }

  /** One look at the queue; answers how long to sleep before the next. */
  async function pass(): Promise<number> {
    const job = store.next(printer.id);
    const now = ctx.clock.now();
    if (!job) {
      if (!asksIdle) return QUIET_SLEEP_MS;
      if (now - lastAsked < timings.idleStatusEveryMs) return lastAsked + timings.idleStatusEveryMs - now;
      // A job queued while the printer answers is seen at once: the loop looks at the queue again before sleeping.
      await ask();
      return 0;
    }
    if (tells === false) return sendJob(job);
    const status = await ask();
    if (status.state === 'unreachable' || status.state === 'problem') {
      ctx.hold(job.id, status.message);
      return timings.retryEveryMs;
    }
    return sendJob(job);
  }

  const loop = startLoop({
    clock: ctx.clock,
    pass,
    // A locked or full database, or a bug, must not end the loop (nor the process with it): say why, wait longer each
    // time, and look again. The store's state changes are single statements, so nothing is half-written.
    onError(error, failures) {
      const waitMs = Math.min(
        MAX_LOOP_BACKOFF_MS,
        Math.max(timings.retryEveryMs, 250) * 2 ** Math.min(failures - 1, 6),
      );
      ctx.log.warn(`spooler ${printer.id}: ${errorMessage(error)}; nuovo tentativo tra ${waitMs} ms`);
      return waitMs;
    },
  });
  return loop;
}

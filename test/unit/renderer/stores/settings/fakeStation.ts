// The station as the settings drafts see it, faked at the transport boundary: each command answers what the test
// says and every call is recorded, so a test reads what a draft sent. Also: running settings to start drafts from, and
// a field issue as the Italian screen shows it.
import type { FieldIssue } from '../../../../../src/shared/api/fieldIssues';
import type { CommandName } from '../../../../../src/shared/ipc/commands';
import type { Result } from '../../../../../src/shared/ipc/result';
import type { Settings } from '../../../../../src/shared/ipc/views';
import { fieldErrorText } from '../../../../../src/renderer/components/fieldErrorText';
import type { StationCalls } from '../../../../../src/renderer/stores/settings/draft';
import { italianText } from '../../../../helpers/translate';

export interface Call {
  name: CommandName;
  input: unknown;
}

type Answer = (input: never) => Result<unknown> | Promise<Result<unknown>>;

export function fakeStation(answers: Partial<Record<CommandName, Answer>> = {}) {
  const calls: Call[] = [];
  const api = {
    async call(name: CommandName, input: unknown) {
      calls.push({ name, input });
      const answer = answers[name];
      if (!answer) throw new Error(`no answer for ${name}`);
      return answer(input as never);
    },
  } as StationCalls;
  return { api, calls, answers };
}

/** The issue in the words the Italian screen shows beside the field. */
export const shownText = (issue: FieldIssue | undefined): string | undefined =>
  issue && fieldErrorText(italianText, issue);

export function runningSettings(patch: Partial<Settings> = {}): Settings {
  return {
    mode: 'standalone',
    remoteUrl: '',
    apiKeyHint: '',
    clientIds: [1001],
    invoicedClients: [],
    keyStorage: { available: true, encrypted: true, message: '' },
    connectionProblem: '',
    printers: [],
    labelPrinterId: '',
    labelFormat: 'ZPL',
    autoPrint: false,
    goodsDefault: '',
    invoiceCopies: 3,
    recipientMail: false,
    itemCheckClients: [],
    weighBatchParcels: false,
    sharedQueueBench: null,
    invoicePrefix: 'FT-',
    invoiceNext: 1,
    invoiceSeries: '',
    invoiceUpcoming: `FT-${new Date().getFullYear()}-0001`,
    invoiceSeriesRequired: false,
    language: 'it',
    attentionDays: 3,
    localApi: false,
    mail: { configured: false, host: '', port: 0, security: 'starttls', user: '', from: '', passwordSet: false },
    setupDone: true,
    localApiUrl: '',
    localApiKey: '',
    ...patch,
  };
}

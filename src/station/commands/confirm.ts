// Confirmation commands: by selection, by client id, by scanned numeric references; the manifest is optional.
import { fail, ok, type Result } from '../../shared/ipc/result';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { ConfirmOutcome, ConfirmResultOutcome } from '../../engine/index';
import type { Handlers } from './context';

function view(outcome: ConfirmResultOutcome | ConfirmOutcome): Result<CommandOutput<'confirm.byIds'>> {
  if (outcome.kind === 'invalid') return fail('invalid', outcome.error);
  return ok({
    status: outcome.status,
    confirmed: outcome.confirmedIds.length,
    errors: outcome.errors.map((e) => ({
      ...(e.id !== undefined ? { id: e.id } : {}),
      ...(e.ddt_num !== undefined ? { ddtNum: e.ddt_num } : {}),
      error: e.error,
    })),
    manifestId: outcome.manifest && outcome.manifest.id > 0 ? outcome.manifest.id : null,
  });
}

export const confirmHandlers: Handlers<'confirm.byIds' | 'confirm.byClient' | 'confirm.byDdtNums'> = {
  async 'confirm.byIds'({ station }, { ids, createManifest }) {
    return view(await station.engine.confirmByIds(station.caller, ids, createManifest));
  },
  async 'confirm.byClient'({ station }, { clientId, createManifest }) {
    return view(await station.engine.confirmByClient(station.caller, clientId, createManifest));
  },
  async 'confirm.byDdtNums'({ station }, { ddtNums, clientId, createManifest }) {
    return view(await station.engine.confirmByDdtNums(station.caller, ddtNums, clientId, createManifest));
  },
};

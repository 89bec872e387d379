// The scan loop's save: once a scanned order's lines are completed from the product list (and no product is still
// being asked of the operator), saved at once with "stampa al volo" or on Enter; a save refused says why in an alert
// that names the field or goods-line cell to fix, where the focus then goes.
import type { ExclusionReason } from '../../../shared/api/exclusionReasons';
import type { FieldIssue } from '../../../shared/api/fieldIssues';
import type { CommandError } from '../../../shared/ipc/result';
import { needsCustoms } from '../../../shared/domain/shipmentForm';
import type { MessageKey, Params } from '../../i18n/translate';
import type { AppStore } from '../appStore';
import type { FormStore, RefusalIssue } from './formState';
import { firstInvalidField } from './saveFlow';

/** What an alert of a save refused names, said by the screen in the operator's words. */
export interface SaveRefusal {
  /** The field (or goods-line cell) a save was refused for, with its issue: named in the operator's words. */
  field?: { name: string; issue: FieldIssue };
  /** A save refused with no field to name: the station's error, or the quote's refusal of the courier chosen. */
  refusal?: {
    error?: CommandError;
    courier?: RefusalIssue;
    /** A refusal stored earlier, by its code (`reason`: the station's words, for a code said as written). */
    stored?: ExclusionReason & { reason: string };
  };
}

/** What the scan loop says with a save's outcome. */
export interface ScanVoice {
  note(key: MessageKey | undefined, params?: Params): void;
  /** Held until acknowledged; the focus then goes to `then`; `more`: the field named, or the refusal, to say. */
  alert(key: MessageKey, params: Params, then: string, more?: SaveRefusal): void;
}

export interface ScanSave {
  /** Every parcel has its weight: saved at once with auto-print, otherwise the bench says Enter saves. */
  save(): Promise<void>;
  /** Saves now; a refusal is an alert naming its field. */
  submit(): Promise<void>;
}

export function createScanSave(form: FormStore, app: AppStore, { note, alert }: ScanVoice): ScanSave {
  /** False (and said) while a product of the order is still asked of the operator: its lines are not complete yet. */
  async function linesReady(): Promise<boolean> {
    await form.getState().linesFilled();
    const { values, productsMissing } = form.getState();
    const asked = productsMissing[0];
    if (!needsCustoms(values) || asked === undefined) return true;
    note('scan.productAsked', { sku: asked });
    return false;
  }

  async function submit() {
    if (!(await linesReady())) return;
    if (await form.getState().submit()) {
      note(undefined);
      return;
    }
    // Not saved: the form keeps everything and says why beside the field; the bench hears it too.
    const state = form.getState();
    // Another save is under way (Ctrl+Enter meanwhile): that one says how it went.
    if (state.saving) return;
    // A field or goods-line cell to fix is named first; else what refused it, said by the screen in its language.
    const errors = { ...state.clientErrors, ...state.serverErrors };
    const name = firstInvalidField(errors) ?? Object.keys(errors)[0];
    const issue = name === undefined ? undefined : errors[name];
    if (name !== undefined && issue) {
      alert('scan.notSavedField', {}, name, { field: { name, issue } });
      return;
    }
    const courier = state.visibleError('corriere');
    if (state.formError) alert('scan.notSaved', {}, state.focus.field, { refusal: { error: state.formError } });
    else if (courier) alert('scan.notSaved', {}, state.focus.field, { refusal: { courier } });
    else note('scan.fixForm');
  }

  return {
    async save() {
      note(undefined);
      if (!(await linesReady())) return;
      if (!app.getState().settings?.autoPrint) {
        note('scan.readyToSave');
        return;
      }
      await submit();
    },
    submit,
  };
}

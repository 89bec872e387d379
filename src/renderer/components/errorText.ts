// A command error as the operator reads it: the station's Italian text as it comes, or, for errors the renderer
// made itself (unreachable station, unreadable answer), the translated text of its '@' key.
import type { CommandError } from '../../shared/ipc/result';
import { hasMessage, type Translate } from '../i18n';

export function errorText(t: Translate, error: CommandError | string): string {
  const message = typeof error === 'string' ? error : error.message;
  if (message.startsWith('@')) {
    const key = message.slice(1);
    if (hasMessage(key)) return t(key);
  }
  return message;
}

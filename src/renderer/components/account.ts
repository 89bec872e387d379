// Which service and instance a connected bench is on, said the same way in the status bar and in Settings.
import type { Translate } from '../i18n/translate';

/** From the connection's address (`https://host/<instance>`); undefined when it is not an address. */
export function accountOf(remoteUrl: string): { url: string; host: string; instance: string } | undefined {
  try {
    const url = new URL(remoteUrl);
    const instance = url.pathname.split('/').filter(Boolean).pop() ?? '';
    return { url: remoteUrl, host: url.host, instance: decodeURIComponent(instance) };
  } catch {
    return undefined;
  }
}

/** "Servizio: istanza acme su host" (or just the host when the address names no instance). */
export function accountText(t: Translate, account: { host: string; instance: string }): string {
  return account.instance
    ? t('status.account', { instance: account.instance, host: account.host })
    : t('status.accountHost', { host: account.host });
}

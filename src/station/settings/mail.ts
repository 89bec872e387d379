// The bench's mail server, as the settings screen keeps it: everything but the password in `mail.json` in the data
// folder, the password in the key store (the system's encrypted store where there is one), like the API key. A bench
// setting, not an account's: it stays when the connection changes.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SmtpConfigSchema, type SmtpConfig } from '../../shared/domain/smtp';
import { writePrivateFile } from '../../engine/index';
import type { KeyStore } from './keyStore';

export const MAIL_FILE = 'mail.json';
const PASSWORD_KEY = 'smtp.password';

/** The saved mail server with its password; undefined when none is saved (or the file is damaged). */
export function loadMailSettings(dataDir: string, keyStore: KeyStore): SmtpConfig | undefined {
  const file = join(dataDir, MAIL_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const stored = keyStore.load(PASSWORD_KEY);
    const parsed = SmtpConfigSchema.safeParse({
      ...(JSON.parse(readFileSync(file, 'utf8')) as object),
      password: stored.ok ? (stored.value ?? '') : '',
    });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Saves (or, with undefined, forgets) the mail server; says why the password could not be kept, if so. */
export function saveMailSettings(dataDir: string, keyStore: KeyStore, config: SmtpConfig | undefined): string {
  const file = join(dataDir, MAIL_FILE);
  if (!config) {
    rmSync(file, { force: true });
    keyStore.remove(PASSWORD_KEY);
    return '';
  }
  const { password, ...rest } = config;
  const saved = password ? keyStore.save(PASSWORD_KEY, password) : keyStore.remove(PASSWORD_KEY);
  writePrivateFile(file, `${JSON.stringify(rest, null, 2)}\n`);
  return saved.ok ? '' : saved.message;
}

// The settings screen's mail server form: off, or a server checked field by field with the shared SMTP rules and then
// with the server itself. Nothing here changes the running station (runtime.ts restarts it on the result).
import { verifySmtp } from '../../mail/transport';
import { otherIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { SmtpConfigSchema, type SmtpConfig } from '../../shared/domain/smtp';
import type { CommandArgs } from '../../shared/ipc/commands';
import { fail, failFields, ok, type Result } from '../../shared/ipc/result';
import type { MailView } from '../../shared/ipc/views';
import { isLoopbackName } from '../../shared/net/loopbackHost';

/** The settings screen's mail server form: off, or a server (an empty password keeps the one saved for it). */
export type MailChange = CommandArgs<'settings.mail'>;

export type { MailView };

/** What the settings screen shows of the mail server (shared/ipc/views.ts): never the password. */
export function mailViewOf(mail: SmtpConfig | undefined): MailView {
  return {
    configured: mail !== undefined,
    host: mail?.host ?? '',
    port: mail?.port ?? 587,
    security: mail?.security ?? 'starttls',
    user: mail?.user ?? '',
    from: mail?.from ?? '',
    passwordSet: (mail?.password ?? '') !== '',
  };
}

/** The server to use from now on (undefined: none) and what to tell the operator, or the fields' problems. */
export async function checkMailChange(
  input: MailChange,
  current: SmtpConfig | undefined,
  checkTimeoutMs: number | undefined,
): Promise<Result<{ next: SmtpConfig | undefined; message: string }>> {
  if (!input.enabled)
    return ok({ next: undefined, message: 'Invio e-mail spento: le spedizioni con dropshipping vengono rifiutate.' });
  const host = input.host.trim();
  const sameServer = current && current.host === host && current.user === input.user.trim();
  const parsed = SmtpConfigSchema.safeParse({
    host,
    ...(input.port.trim() ? { port: Number(input.port.trim()) } : {}),
    security: input.security,
    user: input.user.trim(),
    password: input.password || (sameServer ? current?.password : '') || '',
    from: input.from,
  });
  if (!parsed.success) {
    const fields: FieldIssues = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'host');
      fields[key] ??= otherIssue(issue.message.replace(/^smtp\.\w+: /, ''));
    }
    return failFields(fields);
  }
  if (parsed.data.security === 'none' && !isLoopbackName(parsed.data.host))
    return failFields({ security: otherIssue('Senza cifratura solo per un server su questo computer') });
  const checked = await verifySmtp(parsed.data, checkTimeoutMs ?? 5_000);
  if (!checked.ok) return fail('invalid', checked.message, { [checked.field]: otherIssue(checked.message) });
  return ok({
    next: parsed.data,
    message: 'Server di posta verificato: le lettere di vettura con dropshipping partono da questa postazione.',
  });
}

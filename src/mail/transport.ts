// An SMTP transport from a mail server's settings, with nodemailer (well kept, and it does the SMTP dialogue,
// STARTTLS, authentication and MIME better than code we would write); and what a server's refusal means for us.
import nodemailer from 'nodemailer';
import type { MailMessage } from '../engine/index';
import type { SmtpConfig } from '../shared/domain/smtp';

export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** nodemailer's transport for these settings: the security asked for is required, never silently dropped. */
function transportOf(config: SmtpConfig, timeoutMs: number) {
  return nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    ...(config.user ? { auth: { user: config.user, pass: config.password } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

export function smtpSender(config: SmtpConfig, options: { timeoutMs?: number } = {}): MailSender {
  const transport = transportOf(config, options.timeoutMs ?? 30_000);
  return {
    async send(message) {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
        attachments: message.attachments,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Asks the server, as the settings screen saves it: it answers, takes the security asked for and the login. The
 * answer names the field to fix; `unreachable` is not a refusal (the bench may be offline now).
 */
export async function verifySmtp(
  config: SmtpConfig,
  timeoutMs = 5_000,
): Promise<{ ok: true } | { ok: false; field: 'host' | 'user' | 'password' | 'security'; message: string }> {
  const transport = transportOf(config, timeoutMs);
  try {
    await transport.verify();
    return { ok: true };
  } catch (error) {
    const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
    const words = (e.response ?? e.message ?? String(error)).trim();
    if (e.code === 'EAUTH' || e.responseCode === 535)
      return { ok: false, field: 'password', message: `Accesso rifiutato dal server di posta: ${words}` };
    if (/STARTTLS|TLS/i.test(words) || e.code === 'ETLS')
      return { ok: false, field: 'security', message: `Sicurezza della connessione non accettata: ${words}` };
    return { ok: false, field: 'host', message: `Server di posta non raggiungibile: ${words}` };
  } finally {
    transport.close();
  }
}

/**
 * A failed send: a 5xx answer is the server's final word (shown to the bench with its text); a 4xx, a dropped or
 * refused connection, a timeout are tried again later.
 */
export function smtpFailure(error: unknown): { final: boolean; words: string } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    responseCode?: number;
    response?: string;
    message?: string;
    command?: string;
  };
  const said = (e.response ?? e.message ?? String(error)).trim();
  // A server that will not upgrade the connection says only "command not recognized": the bench is told what it means.
  const words =
    e.command === 'STARTTLS' ? `il server non accetta STARTTLS (connessione protetta richiesta): ${said}` : said;
  return { final: typeof e.responseCode === 'number' && e.responseCode >= 500, words };
}

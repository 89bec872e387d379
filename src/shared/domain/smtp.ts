// A mail server as the service config (`smtp`) and the station's Settings describe it: where, how the connection is
// secured, who logs in and who the e-mails come from. The password is a secret: never logged, never shown back.
import { z } from 'zod';

export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;

export const SmtpConfigSchema = z
  .object({
    host: z.string().trim().min(1, 'smtp.host: required').max(255),
    /** 587 (STARTTLS) unless given; 465 is the usual port for TLS from the first byte. */
    port: z.number().int().min(1).max(65535).optional(),
    /** starttls: the upgrade is required (refused without it); tls: TLS from the start; none: loopback servers only. */
    security: z.enum(SMTP_SECURITY).default('starttls'),
    user: z.string().max(255).default(''),
    password: z.string().max(1000).default(''),
    /** After a 4xx or a connection problem: the first wait, doubling per attempt up to the longest. */
    retry_first_seconds: z.number().positive().max(86_400).default(30),
    retry_max_seconds: z.number().positive().max(86_400).default(3_600),
    /** The From of every e-mail, e.g. "Spedizioni Rossi <spedizioni@rossi.example>". */
    from: z
      .string()
      .trim()
      .regex(
        /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.?[^\s@<>]*>?$/,
        'smtp.from: an e-mail address, optionally "Name <addr>"',
      ),
  })
  .transform((c) => ({ ...c, port: c.port ?? (c.security === 'tls' ? 465 : 587) }));
export type SmtpConfig = z.infer<typeof SmtpConfigSchema>;
export type SmtpConfigInput = z.input<typeof SmtpConfigSchema>;

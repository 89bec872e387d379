import { describe, expect, it } from 'vitest';
import { smtpFailure } from '../../../src/mail/transport';
import { parseServiceConfig } from '../../../src/service/config';
import { SmtpConfigSchema } from '../../../src/shared/domain/smtp';

describe('a mail server’s answers and settings', () => {
  it('takes a 5xx as final (with the server’s words) and anything else as "try again later"', () => {
    const answer = (responseCode: number, response: string) =>
      Object.assign(new Error(response), { responseCode, response });
    expect(smtpFailure(answer(550, '550 5.7.1 Mittente non autorizzato'))).toEqual({
      final: true,
      words: '550 5.7.1 Mittente non autorizzato',
    });
    expect(smtpFailure(answer(535, '535 5.7.8 Authentication credentials invalid')).final).toBe(true);
    expect(smtpFailure(answer(451, '451 4.3.0 Coda piena'))).toEqual({ final: false, words: '451 4.3.0 Coda piena' });
    expect(smtpFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ESOCKET' }))).toEqual({
      final: false,
      words: 'connect ECONNREFUSED 127.0.0.1:9',
    });
  });

  it('defaults to STARTTLS on 587 (465 for TLS), and checks the From address', () => {
    expect(SmtpConfigSchema.parse({ host: 'smtp.example.it', from: 'a@b.it' })).toMatchObject({
      port: 587,
      security: 'starttls',
      retry_first_seconds: 30,
    });
    expect(SmtpConfigSchema.parse({ host: 'smtp.example.it', security: 'tls', from: 'Rossi <a@b.it>' }).port).toBe(465);
    expect(SmtpConfigSchema.safeParse({ host: 'smtp.example.it', from: 'nessuno' }).success).toBe(false);
  });

  it('refuses an unencrypted mail server that is not on this computer, in the service config', () => {
    const base = { instance: 'x', users: [{ api_key: 'k'.repeat(24), client_ids: [1] }] };
    expect(() =>
      parseServiceConfig({ ...base, smtp: { host: 'smtp.example.it', security: 'none', from: 'a@b.it' } }),
    ).toThrow(/smtp\.security "none" only for a server on this computer/);
    expect(
      parseServiceConfig({ ...base, smtp: { host: '127.0.0.1', security: 'none', from: 'a@b.it' } }).smtp,
    ).toMatchObject({
      host: '127.0.0.1',
      port: 587,
    });
  });
});

// The settings screen's mail server form as the station checks it before asking the mail server: off without asking,
// each problem on its field, a kept password shown as kept and never shown back. (The answers of a real mail server
// are in test/integration/station/settings/mailSettings.test.ts.)
import { describe, expect, it } from 'vitest';
import { checkMailChange, mailViewOf } from '../../../../src/station/settings/mailChange';
import { SmtpConfigSchema } from '../../../../src/shared/domain/smtp';

describe('the mail server form', () => {
  const mail = { host: '', port: '', security: 'starttls' as const, user: '', password: '', from: '' };

  it('switches mail off without asking any server', async () => {
    expect(await checkMailChange({ ...mail, enabled: false }, undefined, 100)).toMatchObject({
      ok: true,
      value: { next: undefined },
    });
  });

  it('refuses a server without encryption away from this computer, on the security field', async () => {
    const checked = await checkMailChange(
      { ...mail, enabled: true, host: 'smtp.example.it', security: 'none', from: 'banco@example.it' },
      undefined,
      100,
    );
    expect(checked).toMatchObject({
      ok: false,
      error: { fields: { security: { message: 'Senza cifratura solo per un server su questo computer' } } },
    });
  });

  it('puts the shared SMTP rules’ problems on their fields', async () => {
    const checked = await checkMailChange({ ...mail, enabled: true, host: '', from: 'non una mail' }, undefined, 100);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.fields?.host).toBeDefined();
    expect(checked.error.fields?.from).toBeDefined();
  });

  it('shows whether a password is kept, never the password', () => {
    const config = SmtpConfigSchema.parse({
      host: '127.0.0.1',
      port: 2525,
      security: 'none',
      user: 'banco',
      password: 'segreta',
      from: 'banco@example.it',
    });
    const view = mailViewOf(config);
    expect(view).toMatchObject({ configured: true, host: '127.0.0.1', port: 2525, passwordSet: true });
    expect(JSON.stringify(view)).not.toContain('segreta');
    expect(mailViewOf(undefined)).toMatchObject({ configured: false, port: 587, security: 'starttls' });
  });
});

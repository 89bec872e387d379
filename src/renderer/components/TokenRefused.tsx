// The whole page when the station refuses this tab's token: what to do, in both languages (the station that would
// say which one is the bench's is the one refusing), and nothing that looks usable.
import { translate } from '../i18n';

export function TokenRefused() {
  return (
    <main className="screen token-refused" role="alert" data-testid="token-refused">
      {(['it', 'en'] as const).map((language) => (
        <section key={language} lang={language}>
          <h1>{translate(language, 'tokenRefused.title')}</h1>
          <p>{translate(language, 'tokenRefused.what')}</p>
        </section>
      ))}
      <button type="button" autoFocus onClick={() => window.location.reload()}>
        {translate('it', 'tokenRefused.reload')} / {translate('en', 'tokenRefused.reload')}
      </button>
    </main>
  );
}

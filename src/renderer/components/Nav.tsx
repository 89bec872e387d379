// The top navigation of the bench: NavBar over the app store (the open screen, F-key moves, the language switch).
import { useStore } from 'zustand';
import { useI18n } from '../i18n';
import { useStores } from '../stores';
import { NavBar } from './NavBar';

export { SCREEN_LABELS } from './NavBar';

export function Nav() {
  const { t, language } = useI18n();
  const { app } = useStores();
  const screen = useStore(app, (s) => s.screen);
  const go = useStore(app, (s) => s.go);
  const toggleLanguage = useStore(app, (s) => s.toggleLanguage);
  return <NavBar t={t} language={language} screen={screen} go={go} toggleLanguage={() => void toggleLanguage()} />;
}

// The page's entry: its styles, and the app (main.tsx) read once the page has painted what came with it. The browser
// host sends the bench's navigation bar drawn (src/station/hosts/pageShell.ts); read at once, the app's scripts would
// be compiled and run before that paint. A page that came empty (Electron, a reloaded tab), or is not shown, reads
// the app at once: there is nothing to paint first, and a hidden page draws no frames to wait for.
import './styles/app.css';

const drawn = (document.getElementById('root')?.childElementCount ?? 0) > 0;
const readApp = () => void import('./main');
if (drawn && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(readApp));
else readApp();

// The station page as the browser host sends it: the built index.html with, inside its root element, the navigation
// bar the build drew in the bench's language (src/renderer/shell/navShell.tsx), so that the bar is painted before the
// page's scripts have run; the app then draws the same bar in its place. Without a language, or without the drawn
// bar (an older build), index.html as built.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../../shared/ipc/views';
import { PAGE_ROOT, pageShellFile } from '../../shared/pageShell';

export async function stationPage(rendererDir: string, language: Language | undefined): Promise<string> {
  const page = await readFile(join(rendererDir, 'index.html'), 'utf8');
  if (!language || !page.includes(PAGE_ROOT)) return page;
  let bar: string;
  try {
    bar = await readFile(join(rendererDir, pageShellFile(language)), 'utf8');
  } catch {
    return page;
  }
  // The page's language is the bar's (the app sets it again, with the title, once it runs).
  return page
    .replace(/<html lang="[a-z]+">/, `<html lang="${language}">`)
    .replace(PAGE_ROOT, PAGE_ROOT.replace('></', `>${bar}</`));
}

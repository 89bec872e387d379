// The station page as the browser host sends it: the built index.html with, inside its root element, the navigation
// bar the build drew in the bench's language (src/renderer/shell/navShell.tsx), so that the bar is painted before the
// page's scripts have run; the app then draws the same bar in its place. Its stylesheet comes inside it too, allowed
// by its hash. Without a language, or without the drawn bar (an older build), index.html as built. Each page is made
// once per build and language (stationPages).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../../shared/ipc/views';
import { PAGE_ROOT, pageShellFile } from '../../shared/pageShell';

/** The built page's one stylesheet, as the bundler links it. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\.\/(assets\/[\w-]+\.css)">/;

/** A content security policy that also allows the one inline style whose hash is given, and no other. */
export function allowingStyle(policy: string, hash: string): string {
  return policy.replace("style-src 'self'", `style-src 'self' 'sha256-${hash}'`);
}

export interface StationPage {
  html: string;
  /** The inline stylesheet's hash, when the page carries one: the policy sent with it must allow it. */
  styleHash?: string;
}

async function stationPage(rendererDir: string, language: Language | undefined): Promise<StationPage> {
  const page = await readFile(join(rendererDir, 'index.html'), 'utf8');
  if (!language || !page.includes(PAGE_ROOT)) return { html: page };
  let bar: string;
  try {
    bar = await readFile(join(rendererDir, pageShellFile(language)), 'utf8');
  } catch {
    return { html: page };
  }
  // The page's language is the bar's (the app sets it again, with the title, once it runs).
  const drawn = page
    .replace(/<html lang="[a-z]+">/, `<html lang="${language}">`)
    .replace(PAGE_ROOT, PAGE_ROOT.replace('></', `>${bar}</`));
  // Linked, the stylesheet is asked for only once the page is parsed: a round trip before the bar can be painted.
  const link = STYLESHEET.exec(drawn);
  if (!link?.[1]) return { html: drawn };
  const sheet = await readFile(join(rendererDir, link[1]), 'utf8');
  if (sheet.includes('</')) return { html: drawn };
  const styleHash = createHash('sha256').update(sheet).digest('base64');
  const html = drawn
    .replace(
      /content="([^"]*style-src 'self'[^"]*)"/,
      (_whole, policy: string) => `content="${allowingStyle(policy, styleHash)}"`,
    )
    .replace(link[0], () => `<style>${sheet}</style>`);
  return { html, styleHash };
}

export interface StationPages {
  page(language: Language | undefined): Promise<StationPage>;
}

/**
 * The pages of one renderer folder, each made once per build: a load reads only index.html's time and size, and reads
 * and puts the files together again only when a new build wrote index.html (every build writes it).
 */
export function stationPages(rendererDir: string): StationPages {
  let build = '';
  let made = new Map<Language | '', Promise<StationPage>>();
  return {
    async page(language) {
      const index = await stat(join(rendererDir, 'index.html'));
      const now = `${index.mtimeMs}:${index.size}`;
      if (now !== build) [build, made] = [now, new Map()];
      const key = language ?? '';
      let page = made.get(key);
      if (!page) {
        page = stationPage(rendererDir, language);
        made.set(key, page);
        // A page that could not be read is tried again at the next load, not kept.
        const failed = page;
        failed.catch(() => {
          if (made.get(key) === failed) made.delete(key);
        });
      }
      return page;
    },
  };
}

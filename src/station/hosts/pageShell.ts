// The station page as the browser host sends it: the built index.html with, inside its root element, the navigation
// bar the build drew in the bench's language (src/renderer/shell/navShell.tsx), so that the bar is painted before the
// page's scripts have run; the app then draws the same bar in its place. Its stylesheet comes inside it too, allowed
// by its hash. Without a language, or without the drawn bar (an older build), index.html as built.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

export async function stationPage(rendererDir: string, language: Language | undefined): Promise<StationPage> {
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

// The station page's pre-drawn navigation bar: the file the renderer's build writes for each language beside
// index.html, and the element of index.html it goes into (the browser host sends the two together).
import type { Language } from './ipc/views';

export const pageShellFile = (language: Language): string => `shell.${language}.html`;

/** index.html's root element, empty as built: the app draws into it. */
export const PAGE_ROOT = '<div id="root"></div>';

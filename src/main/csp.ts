// The renderer's Content-Security-Policy, sent as a response header by main: only the app's own files run, no inline
// or eval'd script, no plugins, no framing, no form posts; labels and previews may be data:/blob: images.
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Response headers with the station's CSP in place of any the response carried (header names are case-insensitive). */
export function withRendererCsp(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  const kept = Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy');
  return { ...Object.fromEntries(kept), 'Content-Security-Policy': [RENDERER_CSP] };
}

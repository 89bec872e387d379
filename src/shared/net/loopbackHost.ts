// Which Host headers a server on 127.0.0.1 answers: a page on another site whose name it made resolve to 127.0.0.1
// (DNS rebinding) still sends its own name as Host, so only the loopback names with our port are let through.
// The browser host and the station's local API both check with this one function.

/** The Host values a loopback server on `port` accepts; browsers send the port unless it is 80. */
function loopbackHosts(port: number): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  return [...names.map((name) => `${name}:${port}`), ...(port === 80 ? names : [])];
}

/** True when `host` (the request's Host header) names this loopback server; host names are case-insensitive. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  return host !== undefined && loopbackHosts(port).includes(host.toLowerCase());
}

/** A host name that is this computer (a mail server that may be spoken to without encryption). */
export const isLoopbackName = (host: string): boolean => ['127.0.0.1', 'localhost', '::1'].includes(host.toLowerCase());

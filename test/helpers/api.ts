// A tiny client for the spec's API in tests: JSON in, status and parsed JSON out, with the API key header. Every
// answer is checked against the endpoint table (apiContract.ts) unless the peer is not our API (a fault proxy's
// injected answers).
import { contractBreach } from './apiContract';
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface ApiClient {
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer<T>>;
  raw(
    method: string,
    path: string,
    init?: { body?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<unknown>>;
}

export function apiClient(baseUrl: string, apiKey: string, options: { checkContract?: boolean } = {}): ApiClient {
  const raw = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text so a test can show what came back.
    }
    if (options.checkContract ?? true) {
      const breach = contractBreach(method, path, response.status, body);
      if (breach) throw new Error(`the API broke its endpoint table: ${breach}`);
    }
    return { status: response.status, body };
  };
  return {
    raw,
    async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const answer = await raw(method, path, {
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      });
      return answer as ApiAnswer<T>;
    },
  };
}

// Every answer our API sends, checked against the endpoint table (src/shared/api/endpoints.ts): the body must match
// the schema the table gives for that endpoint and status, and a status the table lacks is an answer the spec
// never promised. The test client checks each answer the tests see, so the whole integration suite checks the table.
import { ENDPOINTS, resourceSpellings, UNROUTED_RESPONSES, type EndpointDef } from '../../src/shared/api/endpoints';

/** Which endpoint a request addressed: by method and the path's last segments (any instance prefix before them). */
export function endpointOf(method: string, path: string): EndpointDef | undefined {
  const segments = path.split('?')[0]?.split('/').filter(Boolean) ?? [];
  return Object.values(ENDPOINTS).find((def: EndpointDef) => {
    if (def.method !== method.toUpperCase()) return false;
    const resource = def.pathParam ? segments.at(-2) : segments.at(-1);
    return resource !== undefined && resourceSpellings(def.resource).includes(resource);
  });
}

/** Why this answer breaks the table, or undefined when it keeps it. */
export function contractBreach(method: string, path: string, status: number, body: unknown): string | undefined {
  const def = endpointOf(method, path);
  const responses: Partial<Record<number, { safeParse(v: unknown): { success: boolean; error?: unknown } }>> =
    def?.responses ?? UNROUTED_RESPONSES;
  const schema = responses[status];
  const where = `${method} ${path} answered ${status}`;
  if (!schema)
    return `${where}, a status the endpoint table does not list for ${def ? def.resource : 'an unknown path'}`;
  const parsed = schema.safeParse(body);
  if (!parsed.success) return `${where} with a body its schema refuses: ${JSON.stringify(body).slice(0, 300)}`;
  return undefined;
}

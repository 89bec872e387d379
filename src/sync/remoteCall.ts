// One call of the endpoint table as the remote client sends it: the query by the endpoint's own names, or written as
// pairs (array parameters), the path value, the body, and how a refusal's body may still be an answer.
import type { EndpointDef } from '../shared/api/endpoints';

type QueryName<D extends EndpointDef> = D extends { query: readonly (infer Q extends string)[] } ? Q : never;

export interface Call<D extends EndpointDef> {
  query?: Partial<Record<QueryName<D>, string | number>>;
  /** Query pairs written as given, in order (array parameters: `order_ref[0]=…`). */
  pairs?: readonly (readonly [string, string | number])[];
  /** A 4xx (not 403) whose JSON body this reads is an answer too (OrderToShipment's refusals carry the shipment). */
  refusal?: (status: number, body: unknown) => unknown;
  /** The value of the endpoint's path parameter (PATCH Shipment/{shipment_id}). */
  pathValue?: string | number;
  body?: unknown;
}

// What a Shopify Admin GraphQL request costs before it runs, by Shopify's published rules (shopify.dev, "GraphQL Admin
// API rate limits"): a scalar or enum 0, an object 1, a connection or list 2 plus its `first`/`last` times what one of
// its items costs, a mutation 10; one query may cost at most 1,000. The one price the client's page sizing and the
// test peer both use, read from the operation's own text (fields with a selection are objects: the schema test checks).

/** Shopify refuses, before running it, a query whose requested cost is above this, whatever the bucket holds. */
export const SINGLE_QUERY_MAX_COST = 1000;
/** Shopify's published price of any mutation, whatever its payload selects. */
const MUTATION_COST = 10;
/** A connection with no readable size is priced as the largest page Shopify serves. */
const LARGEST_PAGE = 250;

interface Field {
  name: string;
  size?: number | string;
  children?: Field[];
}

const TOKEN = /\.\.\.|[{}()[\]:$!=@]|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|[A-Za-z_]\w*/g;

function parse(text: string): { mutation: boolean; fields: Field[] } {
  const tokens = text.replace(/#[^\n]*/g, '').match(TOKEN) ?? [];
  let at = 0;
  const skipBalanced = (open: string, close: string) => {
    for (let depth = 0; at < tokens.length; at += 1) {
      if (tokens[at] === open) depth += 1;
      else if (tokens[at] === close && --depth === 0) return void (at += 1);
    }
  };
  const args = (): Field['size'] => {
    let size: Field['size'];
    at += 1; // (
    while (at < tokens.length && tokens[at] !== ')') {
      const name = tokens[at++];
      at += 1; // :
      const value = tokens[at] === '$' ? `$${tokens[++at] ?? ''}` : tokens[at];
      const open = tokens[at];
      if (open === '{' || open === '[') skipBalanced(open, open === '{' ? '}' : ']');
      else at += 1;
      if (name === 'first' || name === 'last') size = Number.isNaN(Number(value)) ? value : Number(value);
    }
    at += 1; // )
    return size;
  };
  const selection = (): Field[] => {
    const fields: Field[] = [];
    at += 1; // {
    while (at < tokens.length && tokens[at] !== '}') {
      let name = tokens[at++] ?? '';
      if (tokens[at] === ':') name = tokens[(at += 2) - 1] ?? '';
      const field: Field = { name };
      if (tokens[at] === '(') field.size = args();
      if (tokens[at] === '{') field.children = selection();
      fields.push(field);
    }
    at += 1; // }
    return fields;
  };
  const mutation = tokens[0] === 'mutation';
  while (at < tokens.length && tokens[at] !== '{') {
    if (tokens[at] === '(') skipBalanced('(', ')');
    else at += 1;
  }
  return { mutation, fields: selection() };
}

function sizeOf(field: Field, variables: Record<string, unknown>): number | undefined {
  if (field.size === undefined) return undefined;
  const value = typeof field.size === 'string' ? variables[field.size.slice(1)] : field.size;
  return typeof value === 'number' && value >= 0 ? value : LARGEST_PAGE;
}

function fieldCost(field: Field, variables: Record<string, unknown>): number {
  if (!field.children) return 0;
  const inside = (fields: Field[]) => fields.reduce((sum, child) => sum + fieldCost(child, variables), 0);
  const size = sizeOf(field, variables);
  if (size === undefined) return 1 + inside(field.children);
  // A connection's items are its `nodes` (or `edges`); its pageInfo is part of the 2.
  const items = field.children.filter((child) => child.name !== 'pageInfo');
  const connection = items.some((child) => child.name === 'nodes' || child.name === 'edges');
  return 2 + size * (connection ? inside(items) : 1 + inside(items));
}

/** The requested cost of one operation with its variables, as Shopify computes it before running it. */
export function requestedCost(text: string, variables: Record<string, unknown> = {}): number {
  const { mutation, fields } = parse(text);
  if (mutation) return MUTATION_COST * fields.length;
  return fields.reduce((sum, field) => sum + fieldCost(field, variables), 0);
}

/** The largest `first` for `variable` at which the operation stays within the single-query limit. */
export function largestPage(text: string, variable = 'first'): number {
  let page = LARGEST_PAGE;
  while (page > 1 && requestedCost(text, { [variable]: page }) > SINGLE_QUERY_MAX_COST) page -= 1;
  return page;
}

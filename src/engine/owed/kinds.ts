// The kinds of notice an engine queues (owed/index.ts decides which a change owes), one worker each; apart from the
// deciding code so the engine's context can name them without importing what reads the context.
export const OWED_KINDS = ['mail', 'partner', 'shop'] as const;
export type OwedKind = (typeof OWED_KINDS)[number];

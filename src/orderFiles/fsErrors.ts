// What a failed file-system call says, for the order folder's log: its errno code ('' when it has none) and its text.

/** The errno code of a failed call ("ENOENT"), or '' for an error that has none. */
export const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? '';
/** An error's message, or the thrown value as text. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// What a failed file-system call says, for the order folder's log: its errno code ('' when it has none); its text is
// shared/errorMessage.ts's, as every layer's.

/** The errno code of a failed call ("ENOENT"), or '' for an error that has none. */
export const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? '';

// What an error says, for a log line or a reason kept with a row: its message when it is an Error, else the thing
// thrown as text. One definition for every layer (shared is the one they all may import).
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

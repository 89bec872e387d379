// Lines of the station's own words about an import (rows rejected, orders corrected), as a list; nothing when none.
export function Lines({ lines, testId }: { lines: readonly string[] | undefined; testId: string }) {
  if (!lines?.length) return null;
  return (
    <ul data-testid={testId}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

// What a Settings page reads from the station: read again whenever `key` changes (a search typed, a change made), an
// answer to an older read dropped, a refusal told through `onError`. The read and the callback may change with each
// render (Settings' message callback does): only `key` reads again.
import { useEffect, useRef, useState } from 'react';
import type { CommandError, Result } from '../../shared/ipc/result';

export function useStationRead<T>(
  read: () => Promise<Result<T>>,
  key: string,
  onError: (error: CommandError) => void,
): T | undefined {
  const [value, setValue] = useState<T | undefined>();
  const latest = useRef({ read, onError });
  useEffect(() => {
    latest.current = { read, onError };
  });
  useEffect(() => {
    let current = true;
    void latest.current.read().then((result) => {
      if (!current) return;
      if (result.ok) setValue(result.value);
      else latest.current.onError(result.error);
    });
    return () => {
      current = false;
    };
  }, [key]);
  return value;
}

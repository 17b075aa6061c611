import { useEffect, useState } from 'react';

/** Typing pauses this long before the text is searched: one request per pause, not per key. */
const TYPING_PAUSE_MS = 120;

/** The text once typing has paused. */
export function useDebouncedText(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

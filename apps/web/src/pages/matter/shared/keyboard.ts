import { useEffect, useRef, useState } from 'react';

/**
 * The row a key moves to in a list of `count` rows (issue 5: j down, k up), or null when the key does not
 * move. From no row, j goes to the first and k to the last; moves stop at the ends.
 */
export function moveIndex(key: string, current: number | null, count: number): number | null {
  if (count === 0 || (key !== 'j' && key !== 'k')) return null;
  if (current === null || current >= count) return key === 'j' ? 0 : count - 1;
  return key === 'j' ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
}

/** Keys typed into a field, with a modifier, or inside a dialog or a menu belong to that and not to the list. */
export function isListKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target;
  if (target instanceof HTMLElement) {
    if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return false;
    if (target.closest('[role="dialog"],[role="listbox"],[role="menu"]')) return false;
  }
  return true;
}

/**
 * j / k move the active row of a list and Enter opens it (issue 5). Listens on the document while the
 * page is shown; the active row resets when the rows change.
 */
export function useListKeyboard<Row>(rows: readonly Row[], open: (row: Row) => void) {
  const [active, setActive] = useState<number | null>(null);
  const [seen, setSeen] = useState(rows);
  if (seen !== rows) {
    setSeen(rows);
    setActive(null);
  }
  const state = useRef({ rows, active, open });
  useEffect(() => {
    state.current = { rows, active, open };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isListKey(event)) return;
      const { rows: current, active: index, open: openRow } = state.current;
      if (event.key === 'Enter' && index !== null && current[index] !== undefined) {
        event.preventDefault();
        openRow(current[index]);
        return;
      }
      const next = moveIndex(event.key, index, current.length);
      if (next === null) return;
      event.preventDefault();
      setActive(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return { active, setActive };
}

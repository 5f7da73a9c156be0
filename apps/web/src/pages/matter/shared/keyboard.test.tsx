import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moveIndex, useListKeyboard } from './keyboard';

describe('list keyboard (issue 5: j / k move, Enter opens)', () => {
  it('j moves down and k up, stopping at the ends; from no row j starts at the top and k at the bottom', () => {
    expect(moveIndex('j', null, 3)).toBe(0);
    expect(moveIndex('k', null, 3)).toBe(2);
    expect(moveIndex('j', 0, 3)).toBe(1);
    expect(moveIndex('j', 2, 3)).toBe(2);
    expect(moveIndex('k', 1, 3)).toBe(0);
    expect(moveIndex('k', 0, 3)).toBe(0);
  });

  it('other keys and empty lists do not move; an index past a shrunken list restarts', () => {
    expect(moveIndex('x', 0, 3)).toBeNull();
    expect(moveIndex('j', null, 0)).toBeNull();
    expect(moveIndex('j', 5, 2)).toBe(0);
  });

  function List({ rows, open }: { rows: string[]; open: (row: string) => void }) {
    const { active } = useListKeyboard(rows, open);
    return (
      <div>
        <output data-testid="active">{active ?? 'none'}</output>
        <input aria-label="search" />
      </div>
    );
  }

  it('moves with j / k on the page and opens the active row with Enter', () => {
    const open = vi.fn();
    render(<List rows={['a', 'b', 'c']} open={open} />);
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(open).not.toHaveBeenCalled();
    act(() => void fireEvent.keyDown(document, { key: 'j' }));
    act(() => void fireEvent.keyDown(document, { key: 'j' }));
    expect(screen.getByTestId('active').textContent).toBe('1');
    act(() => void fireEvent.keyDown(document, { key: 'k' }));
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(open).toHaveBeenCalledWith('a');
  });

  it('ignores keys typed into a field or with a modifier', () => {
    const open = vi.fn();
    render(<List rows={['a', 'b']} open={open} />);
    fireEvent.keyDown(screen.getByLabelText('search'), { key: 'j' });
    fireEvent.keyDown(document, { key: 'j', ctrlKey: true });
    expect(screen.getByTestId('active').textContent).toBe('none');
  });

  it('forgets the active row when the rows change', () => {
    const open = vi.fn();
    const { rerender } = render(<List rows={['a', 'b']} open={open} />);
    act(() => void fireEvent.keyDown(document, { key: 'j' }));
    expect(screen.getByTestId('active').textContent).toBe('0');
    rerender(<List rows={['c']} open={open} />);
    expect(screen.getByTestId('active').textContent).toBe('none');
  });
});

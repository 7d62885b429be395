import { describe, expect, it } from 'vitest';
import { assignMissingIds } from './next-id';

describe('assignMissingIds (spec section 3: items without an id get the next id after the highest)', () => {
  it('keeps existing ids and numbers the others after the highest', () => {
    const result = assignMissingIds([{ id: 4, name: 'a' }, { name: 'b' }, { id: 9, name: 'c' }, { id: null, name: 'd' }]);
    expect(result.map((item) => item.id)).toEqual([4, 10, 9, 11]);
    expect(result.map((item) => item.name)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('starts at 1 when no item has an id', () => {
    expect(assignMissingIds([{}, {}, {}]).map((item) => item.id)).toEqual([1, 2, 3]);
  });
  it('leaves a fully numbered list as it is, and an empty list empty', () => {
    const items = [{ id: 2 }, { id: 1 }];
    expect(assignMissingIds(items)).toEqual(items);
    expect(assignMissingIds([])).toEqual([]);
  });
  it('does not modify the input items', () => {
    const items: Array<{ id?: number; name: string }> = [{ name: 'x' }];
    assignMissingIds(items);
    expect(items[0]).toEqual({ name: 'x' });
  });
  it('never reuses an id, even when the highest comes last', () => {
    const ids = assignMissingIds([{}, { id: 3 }, {}]).map((item) => item.id);
    expect(ids).toEqual([4, 3, 5]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

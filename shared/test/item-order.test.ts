import { describe, expect, it } from 'vitest';
import { movedTo } from '../src/item-order';

describe('movedTo', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('puts an item moved down after its target', () => expect(movedTo(ids, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']));
  it('puts an item moved up before its target', () => expect(movedTo(ids, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']));
  it('steps past a neighbour', () => expect(movedTo(ids, 'b', 'c')).toEqual(['a', 'c', 'b', 'd']));
  it('leaves the order as it is for an unknown id or the item itself', () => {
    expect(movedTo(ids, 'x', 'b')).toEqual(ids);
    expect(movedTo(ids, 'b', 'b')).toEqual(ids);
  });
});

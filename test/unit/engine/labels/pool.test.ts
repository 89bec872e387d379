import { describe, expect, it } from 'vitest';
import { labelThreadCount } from '../../../../src/engine/labels/pool';

describe('the label threads', () => {
  it('leave the thread that answers requests a core of its own, and are never none', () => {
    expect([1, 2, 4, 8].map((cores) => labelThreadCount(cores))).toEqual([1, 1, 3, 7]);
  });
});

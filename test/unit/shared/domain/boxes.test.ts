// What a scanned text names of the boxes, and a box's inner volume: `BOX:<name>` in any case names a box by its
// name, a lone letter or digit by its key, anything longer is an order's reference.
import { describe, expect, it } from 'vitest';
import { boxIssues, boxScanned, innerVolume } from '../../../../src/shared/domain/boxes';

describe('boxes as the scan reads them', () => {
  it('reads BOX:<name> as a name, one letter or digit as a key, and anything else as no box', () => {
    expect(boxScanned('BOX:Media')).toEqual({ name: 'Media' });
    expect(boxScanned(' box:scatola grande ')).toEqual({ name: 'scatola grande' });
    expect(boxScanned('2')).toEqual({ key: '2' });
    expect(boxScanned(' m')).toEqual({ key: 'M' });
    expect(boxScanned('ORD-1001')).toBeUndefined();
    expect(boxScanned('12')).toBeUndefined();
    expect(boxScanned('#')).toBeUndefined();
    expect(boxScanned('')).toBeUndefined();
  });

  it('reckons the inner volume in cm³, and takes a box with no key, no tare and no most weight', () => {
    const box = { name: 'Busta', key: '', length: 35, width: 25, height: 2, tare: 0, max_weight: 0 };
    expect(innerVolume(box)).toBe(1750);
    expect(boxIssues(box)).toEqual({});
    expect(boxIssues({ ...box, name: 'x'.repeat(41), length: Number.NaN })).toMatchObject({
      name: { code: 'maxChars', value: '40' },
      length: { code: 'number' },
    });
  });
});

import { describe, it } from 'vitest';
import { buildLabelModel, renderZpl, type ZplDpi } from '../../../../src/engine/labels';
import type { LabelData } from '../../../../src/engine/labels/types';
import { expectGolden } from '../../../helpers/golden';
import {
  accentedLabelData,
  ALL_BADGES,
  longTextLabelData,
  plainLabelData,
  sampleLabelData,
  SEVERAL_COURIER_LINES,
} from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

const everything = sampleLabelData({
  badges: ALL_BADGES,
  courierLines: SEVERAL_COURIER_LINES,
  qr: 'https://tracking.example.test/240510000123',
});

// Any change to these files is a change to what printers print: review the diff before accepting it
// (UPDATE_GOLDEN=1 rewrites them).
const cases: Array<[string, LabelData, ZplDpi]> = [
  ['plain-203.zpl', plainLabelData(), 203],
  ['cod-insurance-203.zpl', sampleLabelData(), 203],
  ['badges-lines-qr-203.zpl', everything, 203],
  ['long-texts-203.zpl', longTextLabelData(), 203],
  ['accents-203.zpl', accentedLabelData(), 203],
  ['badges-lines-qr-300.zpl', everything, 300],
];

describe('ZPL labels, byte for byte', () => {
  it.each(cases)('%s matches its reviewed golden file', (name, data, dpi) => {
    expectGolden(`labels/${name}`, renderZpl(resources, buildLabelModel(resources, data), dpi));
  });
});

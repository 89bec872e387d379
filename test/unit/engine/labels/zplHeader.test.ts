import { describe, expect, it } from 'vitest';
import { buildLabelModel, renderZpl } from '../../../../src/engine/labels';
import { namesOnZplLabel } from '../../../../src/engine/labels/zplHeader';
import { sampleLabelData } from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

const zplOf = (courierName: string, serviceName: string, dpi: 203 | 300 = 203) =>
  renderZpl(resources, buildLabelModel(resources, { ...sampleLabelData(), courierName, serviceName }), dpi);

describe('the names on a label our layout drew', () => {
  it('reads the courier and the service back from the header, at either resolution', () => {
    expect(namesOnZplLabel(zplOf('Demo Express', 'Standard'))).toEqual({
      courierName: 'Demo Express',
      serviceName: 'Standard',
    });
    expect(namesOnZplLabel(zplOf('Demo Express', 'Priority 10:30', 300))).toEqual({
      courierName: 'Demo Express',
      serviceName: 'Priority 10:30',
    });
  });

  it('reads names with characters ZPL escapes and accents, and never half a name the label had to cut', () => {
    const long = 'Corriere Espresso Nazionale Società per Azioni di Trasporti Riuniti';
    expect(namesOnZplLabel(zplOf('Sped^ito_Rapido ~ Più', long))).toEqual({
      courierName: 'Sped^ito_Rapido ~ Più',
      serviceName: '',
    });
  });

  it('gives nothing for a label another layout drew, nor for text that is not ZPL', () => {
    const foreign = '^XA\r^FO24,14^A0N,40,40^FDBRT^FS\r^FO24,67^A0N,30,30^FDEXPRESS^FS\r^XZ';
    expect(namesOnZplLabel(foreign)).toBeUndefined();
    expect(namesOnZplLabel('not a label')).toBeUndefined();
    expect(namesOnZplLabel('')).toBeUndefined();
  });
});

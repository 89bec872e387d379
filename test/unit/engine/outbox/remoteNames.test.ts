// What one remote answer says about its courier's and service's names: a name field if the remote adds one, else the
// header of a label our layout drew; nothing (never a wrong name) from a courier's own label or a record without one.
import { describe, expect, it } from 'vitest';
import { TolerantShipmentRecordSchema } from '../../../../src/shared/api/shipmentRecord';
import { buildLabelModel, renderZpl } from '../../../../src/engine/labels';
import { namesInRecord } from '../../../../src/engine/outbox/remoteNames';
import { sampleLabelData } from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

const record = (extra: Record<string, unknown>) =>
  TolerantShipmentRecordSchema.parse({
    id: '12345',
    client_id: 1001,
    ddt_num: '7',
    ddt_alpha: 'ORD-7',
    corriere: '72',
    servizio: '2',
    colli: 1,
    peso: '2.50',
    status: '0',
    ...extra,
  });

const ourLabel = renderZpl(
  resources,
  buildLabelModel(resources, { ...sampleLabelData(), courierName: 'Demo Poste', serviceName: 'Pacco Celere 1' }),
  203,
);

describe('the names in a remote answer', () => {
  it('reads them from the label our layout drew, with the ids given as numeric strings', () => {
    const read = record({ label_zpl: [ourLabel] });
    expect([read.corriere, read.servizio]).toEqual([72, 2]);
    expect(namesInRecord(read)).toEqual({ courierName: 'Demo Poste', serviceName: 'Pacco Celere 1' });
  });

  it('prefers a name field of the record, trimmed, and leaves what it does not give to the label', () => {
    expect(namesInRecord(record({ nome_corriere: '  Poste  Demo ', label_zpl: [ourLabel] }))).toEqual({
      courierName: 'Poste Demo',
      serviceName: 'Pacco Celere 1',
    });
    expect(namesInRecord(record({ courier_name: 'BRT', service_name: 'Express' }))).toEqual({
      courierName: 'BRT',
      serviceName: 'Express',
    });
  });

  it('gives no name for a courier’s own label, a name that is a number or too long, or none at all', () => {
    const foreign = '^XA\r^FO24,14^A0N,40,40^FDBRT^FS\r^XZ';
    expect(namesInRecord(record({ label_zpl: [foreign] }))).toEqual({ courierName: '', serviceName: '' });
    expect(namesInRecord(record({ nome_corriere: 72, nome_servizio: 'x'.repeat(61) }))).toEqual({
      courierName: '',
      serviceName: '',
    });
    expect(namesInRecord(record({}))).toEqual({ courierName: '', serviceName: '' });
  });
});

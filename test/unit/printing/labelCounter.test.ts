// Reading a Zebra's label counter and a job's labels: what the spooler compares after a job was cut off.
import { describe, expect, it } from 'vitest';
import { formatsAfter, labelsInZpl, parseLabelCount, verdictFromCounts } from '../../../src/printing/labelCounter';

describe('the label counter', () => {
  it('reads the count a Link-OS printer answers in double quotes', () => {
    expect(parseLabelCount('"1234"')).toBe(1234);
    expect(parseLabelCount('"0"\r\n')).toBe(0);
  });

  it('reads no count from an unknown variable, an empty answer or garbage', () => {
    for (const answer of ['"?"', '', '1234', '"12a4"', '\u0002030,0,0\u0003', '"1234" "5"'])
      expect(parseLabelCount(answer)).toBeUndefined();
  });

  it('counts each complete format once, or as many times as ^PQ asks', () => {
    expect(labelsInZpl(Buffer.from('^XA^FDuno^FS^XZ\n^XA^FDdue^FS^PQ3,0,1,Y^XZ\n'))).toBe(4);
    expect(labelsInZpl(Buffer.from('^xa^fdminuscolo^fs^xz'))).toBe(1);
  });

  it('cannot account for a job without a complete format', () => {
    expect(labelsInZpl(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(labelsInZpl(Buffer.from('^XA^FDsenza fine'))).toBeUndefined();
  });

  it("says printed only when the count moved by exactly the job's labels", () => {
    expect(verdictFromCounts(100, 101, 1)).toBe('printed');
    expect(verdictFromCounts(100, 100, 1)).toBe('not_printed');
    expect(verdictFromCounts(100, 102, 1)).toBe('unknown');
    expect(verdictFromCounts(100, 99, 1)).toBe('unknown');
  });

  it('tells how many labels of a job of several printed before a break, and what is left to send', () => {
    expect(verdictFromCounts(100, 140, 150)).toEqual({ partial: 40 });
    expect(verdictFromCounts(100, 250, 150)).toBe('printed');
    expect(verdictFromCounts(100, 251, 150)).toBe('unknown');
    const job = Buffer.from('^XA^FDuno^FS^XZ\n^XA^FDdue^FS^XZ\n^XA^FDtre^FS^XZ\n');
    expect(Buffer.from(formatsAfter(job, 1) ?? []).toString()).toBe('^XA^FDdue^FS^XZ\n^XA^FDtre^FS^XZ');
    expect(formatsAfter(job, 3)).toBeUndefined();
    // A format printed several times cannot be counted one label each: the rest is left to a person.
    expect(formatsAfter(Buffer.from('^XA^FDuno^PQ2^XZ^XA^FDdue^XZ'), 1)).toBeUndefined();
  });
});

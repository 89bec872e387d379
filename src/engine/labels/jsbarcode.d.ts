// The one part of jsbarcode the labels use: its Code 128 encoder (automatic code sets), without the drawing code.
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  export class CODE128 {
    constructor(data: string, options: Record<string, never>);
    valid(): boolean;
    /** `data`: the symbol's modules from the start character to the stop pattern, '1' dark and '0' light. */
    encode(): { text: string; data: string };
  }
}

// The characters no order field means, stripped alike whichever door an order comes in by (an order file's cell, a
// shop's order): the one rule, so a label, a match or a log never meets a NUL, an escape or a reversed line.

/**
 * C0 controls but tab and line feed (a quoted cell's line ends are kept), DEL, C1, zero-width and bidirectional
 * marks (a right-to-left override turns "Via Roma" around on screen), a byte-order mark inside the text.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export const withoutControls = (text: string): string => text.replace(CONTROLS, '');

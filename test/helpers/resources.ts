// The shipped resources, opened once for the tests that draw labels or price shipments without an engine (an
// engine opens its own from its configuration).
import { openResources } from '../../src/engine/resources';
import { textFitter } from '../../src/engine/labels/fit';
import { municipalities } from '../../src/engine/couriers/municipalities';

export const resources = openResources();
export const fitter = textFitter(resources);
export const places = municipalities(resources);

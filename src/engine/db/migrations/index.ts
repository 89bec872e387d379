// The ordered list of migrations; a new one is appended here with the next number.
import type { Migration } from '../migrate';
import { migration0001 } from './0001-initial-schema';

export const MIGRATIONS: readonly Migration[] = [migration0001];

// Once per test run, before the integration files start: the command lines they start as processes, bundled.
import { buildCliBundles } from './peers/cliBundle';

export default async function setup(): Promise<void> {
  await buildCliBundles();
}

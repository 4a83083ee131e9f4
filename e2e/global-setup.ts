/**
 * Playwright global setup (Node): bundles the bridge host once per run from the current sources
 * (a few seconds), so every test's host starts from one file (about half the start of running the
 * sources) and never from a bundle older than the code under test.
 */
import { buildBridgeHost } from '../scripts/build/bridge-host.ts';

export default async function globalSetup(): Promise<void> {
  await buildBridgeHost();
}

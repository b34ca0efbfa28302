import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { createHarness, type Harness } from './harness.ts';
import { hasRealData, realReplayData } from './replay-data.ts';

/** Debian's Chromium (.ci/run installs it; never a downloaded browser). */
export const CHROMIUM = '/usr/bin/chromium';

/** Why a browser test on the real files cannot run here, or false when it can. */
export function realSiteSkip(): string | false {
  if (!existsSync(CHROMIUM)) return 'Debian chromium is not installed (.ci/run installs it)';
  if (!hasRealData()) return 'no ../shared/data/real';
  return false;
}

/**
 * The service refreshed from the real files as of `now`, listening on a loopback port, and a headless Chromium:
 * what the site's browser tests read. `close` stops both.
 */
export async function startRealSite(now: Date): Promise<{
  h: Harness;
  browser: Browser;
  origin: string;
  close: () => Promise<void>;
}> {
  const h = await createHarness({ data: realReplayData(), now });
  await h.refresh();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  return {
    h,
    browser,
    origin,
    close: async () => {
      await browser.close();
      await h.close();
    },
  };
}

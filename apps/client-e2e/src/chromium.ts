import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's headless Chromium as every e2e spec starts it. The background-networking flags matter: this
 * machine's closed network refuses Chromium's own connections, many at a time, without them.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

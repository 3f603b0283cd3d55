import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = resolve(import.meta.dirname, '../../test-artifacts/screenshots');

/**
 * Whether the browser suites run: Debian's Chromium must be installed. Without it they are skipped with one line,
 * except under CI=true (.ci/run installs it), where its absence fails the run.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`browser tests: ${CHROMIUM} not found (CI=true: .ci/run installs the chromium package)`);
  const noted = globalThis as { rampartChromiumNoted?: boolean };
  if (!noted.rampartChromiumNoted) {
    noted.rampartChromiumNoted = true;
    console.warn(`SKIPPED: browser tests: ${CHROMIUM} not found`);
  }
  return false;
}

export interface Chromium {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/**
 * Headless Chromium (Debian's, driven by playwright-core) with a fresh profile directory. `hosts` maps host names to loopback ports (the API hosts' public names
 * stay in the URLs, so tokens bound to them and CORS see the real origins).
 */
export async function launch(o: { hosts?: Record<string, string>; width?: number; height?: number; args?: string[] } = {}): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'rampart-chromium-'));
  const rules = Object.entries(o.hosts ?? {})
    .map(([host, target]) => `MAP ${host} ${target}`)
    .join(', ');
  // A persistent context is how Playwright takes a profile directory of our own (a fresh one per run).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...(rules ? [`--host-resolver-rules=${rules}`] : []),
      ...(o.args ?? []),
    ],
    viewport: { width: o.width ?? 1360, height: o.height ?? 900 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { startHttpApp, type RunningHttpApp } from './http-app';

/**
 * The whole app on the embedded default (no DATABASE_URL): a fresh home under the temp folder, where the
 * app keeps its PGlite and writes the first admin's password; the admin is signed in (bearer `token`).
 * `close` stops the app and removes the home.
 */
export interface EmbeddedApp {
  server: RunningHttpApp;
  token: string;
  close(): Promise<void>;
}

export async function startEmbeddedApp(homePrefix: string): Promise<EmbeddedApp> {
  const home = mkdtempSync(join(tmpdir(), homePrefix));
  let server: RunningHttpApp | undefined;
  const close = async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const config = new AppConfig(
      0,
      undefined,
      undefined,
      undefined,
      'e'.repeat(48),
      home,
      undefined,
      undefined,
      'development',
    );
    server = await startHttpApp(
      { imports: [AppModule] },
      { customize: (b) => b.overrideProvider(AppConfig).useValue(config) },
    );
    const password = readFileSync(join(home, 'admin-password'), 'utf8').trim();
    const login = await fetch(`${server.url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password, provider: 'db' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    return { server, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}

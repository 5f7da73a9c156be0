import { execFileSync } from 'node:child_process';
import { createTestApp, type TestApp } from './app.js';

const SOFFICE = process.env.OFFICE_CONVERTER ?? 'soffice';

/** A test app that converts office documents with LibreOffice; fails (never skips) when LibreOffice is missing. */
export async function createOfficeTestApp(): Promise<TestApp> {
  try {
    execFileSync(SOFFICE, ['--version'], { stdio: 'ignore', timeout: 60_000 });
  } catch {
    throw new Error(
      `LibreOffice (${SOFFICE}) is missing: apt-get install libreoffice-writer-nogui, or set OFFICE_CONVERTER to its soffice`,
    );
  }
  return createTestApp({ OFFICE_CONVERTER: SOFFICE, OFFICE_TIMEOUT_SECONDS: '120' });
}

// `npm start`: builds the web app and the server when their sources are newer than the build, then runs
// the server in this process (it migrates, seeds an empty database and serves on PORT).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestChange(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  entries.forEach(visit);
  return newest;
}

function buildIfStale(name, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built > newestChange(sources)) return;
  console.log(`Building ${name} ...`);
  execSync(`npm run build -w ${name}`, { cwd: root, stdio: 'inherit' });
}

const contracts = [at('packages/contracts/src'), at('package-lock.json')];
buildIfStale('@eip/web', at('apps/web/dist/index.html'), [
  at('apps/web/src'),
  at('apps/web/public'),
  at('apps/web/index.html'),
  at('apps/web/vite.config.ts'),
  ...contracts,
]);
buildIfStale('@eip/server', at('apps/server/dist/server.mjs'), [
  at('apps/server/src'),
  at('apps/server/drizzle'),
  at('apps/server/build.mjs'),
  ...contracts,
]);
process.chdir(root);
await import(at('apps/server/dist/server.mjs'));

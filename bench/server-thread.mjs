// The server thread's entry: worker threads do not inherit the bench's TypeScript loader, so it is
// registered here (tsx's API) before the TypeScript module runs.
import { register } from 'tsx/esm/api';

register();
await import('./server-thread.ts');

/**
 * `npm start`: builds the SPA and the server only when their sources changed since the last build
 * (scripts/build.mjs), then runs the compiled server with plain node in this same process.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, buildWeb, isCurrent, SERVER_DIR, webDir } from './build.mjs';

if (!isCurrent('web', webDir())) {
  console.log('Building the web app…');
  await buildWeb();
}
if (!isCurrent('server', SERVER_DIR)) {
  console.log('Building the server…');
  await buildServer();
}
await import(pathToFileURL(path.join(SERVER_DIR, 'server.js')).href);

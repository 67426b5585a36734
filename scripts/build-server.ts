import { build } from 'vite-plugin-electron';
import { serverEntry } from './desktop-bundle';

/** `node --import tsx scripts/build-server.ts <folder>`: the server bundled there (scripts/server.mjs asks). */
const out = process.argv[2];
if (!out) throw new Error('build-server: name the output folder');
await build(serverEntry(out));

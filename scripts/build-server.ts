import { rmSync } from 'node:fs';
import { build } from 'vite-plugin-electron';
import { serverEntry } from './desktop-bundle';

/** `node --import tsx scripts/build-server.ts <folder>`: the server bundled there (scripts/server.mjs asks). */
const out = process.argv[2];
if (!out) throw new Error('build-server: name the output folder');
// An earlier build's chunks (named by their hash) and compiled code would stay beside the new ones.
rmSync(out, { recursive: true, force: true });
await build(serverEntry(out));

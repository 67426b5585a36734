import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron';
import { desktopEntries } from './scripts/desktop-bundle';

// The renderer: built to dist/, loaded from file:// by Electron and served over HTTP in browser mode.
// `vite build --mode desktop` also builds the desktop app's main process, preload and embedded server
// into dist-electron/; a plain `vite build` (the e2e tests, browser mode) builds the renderer alone.
export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  publicDir: '../build/public',
  plugins: [react(), ...(mode === 'desktop' ? electron(desktopEntries('dist-electron')) : [])],
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
}));

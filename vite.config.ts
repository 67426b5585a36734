import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer: built to dist/, loaded from file:// by Electron and served over HTTP in browser mode.
export default defineConfig({
  root: 'renderer',
  base: './',
  publicDir: '../build/public',
  plugins: [react()],
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});

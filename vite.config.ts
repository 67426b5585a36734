import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron';
import { desktopEntries } from './scripts/desktop-bundle';
import { apiResultChannels } from './scripts/api-result-channels';

const FIRST_LOGIN_TEXT = 'virtual:first-login-text';

/**
 * The words of the first login form (index.html, boot.ts) in both languages: the `app` and `login`
 * groups of locales/<lang>/common.json alone, a few hundred bytes in the page's first script, where
 * importing the files would bring every message of both languages.
 */
function firstLoginText(): Plugin {
  const resolved = `\0${FIRST_LOGIN_TEXT}`;
  return {
    name: 'playdesk-first-login-text',
    resolveId: (id) => (id === FIRST_LOGIN_TEXT ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const groups = (lang: string) => {
        const file = `locales/${lang}/common.json`;
        this.addWatchFile(file);
        const { app, login } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        return { app, login };
      };
      return `export default ${JSON.stringify({ en: groups('en'), ar: groups('ar') })};`;
    },
  };
}

// The renderer: built to dist/, served on app:// by Electron and over HTTP in browser mode: relative
// URLs (base './') work on both.
// `vite build --mode desktop` also builds the desktop app's main process, preload and embedded server
// into dist-electron/; a plain `vite build` (the e2e tests, browser mode) builds the renderer alone.
export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  publicDir: '../build/public',
  plugins: [
    firstLoginText(),
    apiResultChannels(),
    react(),
    ...(mode === 'desktop' ? electron(desktopEntries('dist-electron')) : []),
  ],
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
}));

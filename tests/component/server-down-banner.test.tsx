import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { App } from '../../renderer/app/app';
import type { Language } from '../../shared/domain/constants';
import { FakeBridge } from './fake-bridge';
import { PLAYDESK_PRODUCT } from '../../shared/api/setup';
import { MIN_STATION_VERSION } from '../../shared/domain/version';
import { renderWithProviders } from './render';

/** The whole app, signed out: the sign-in screen, the first any station shows. */
async function app(language: Language) {
  const bridge = new FakeBridge({
    'setup/status': { needsAdministrator: false, needsSetupToken: false },
    // The sign-in screen compares this station's version with the oldest its server serves.
    health: { product: PLAYDESK_PRODUCT, version: MIN_STATION_VERSION },
  });
  await renderWithProviders(<App />, {
    bridge,
    language,
    preloadedState: { auth: { status: 'signedOut', user: null, failure: null } },
  });
  await screen.findByTestId('login-form');
  return bridge;
}

describe('the banner while the station’s server restarts', () => {
  for (const [language, words] of [
    ['en', /PlayDesk's server stopped and is restarting\.[^]*comes back on its own/],
    ['ar', /توقّف خادم PlayDesk ويُعاد تشغيله الآن\.[^]*سيعود من تلقاء نفسه/],
  ] as const) {
    it(`shows from server-down to server-up, over the screen, in its language (${language})`, async () => {
      const bridge = await app(language);
      expect(screen.queryByRole('alert')).toBeNull();
      act(() => bridge.emit({ type: 'server-down' }));
      expect(screen.getByRole('alert').textContent).toMatch(words);
      // The screen under it stays as it was.
      expect(screen.getByTestId('login-form')).toBeTruthy();
      act(() => bridge.emit({ type: 'server-up' }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(bridge.problems).toEqual([]);
    });
  }
});

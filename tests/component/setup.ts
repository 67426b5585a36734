import { afterEach, expect } from 'vitest';
import { cleanup } from '@testing-library/react';
import { currentBridge, forgetBridge, stationBridge } from './station';

// antd names each deprecated prop the screens still use, on every draw; the app's own console keeps
// saying so. Here they would bury what a failing test prints.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && /^Warning: \[antd: .*deprecated/.test(args[0])) return;
  consoleError(...args);
};

// Before renderer/bridge is imported (by the test file, after this): the page finds the station here.
Object.assign(window, { pos: stationBridge });

const { initI18n } = await import('../../renderer/i18n');
await initI18n();

afterEach(() => {
  cleanup();
  const problems = currentBridge()?.problems ?? [];
  forgetBridge();
  // A call the test did not expect, or a body the endpoint's schema refuses, fails the test.
  expect(problems).toEqual([]);
});

import { describe, expect, it, vi } from 'vitest';
import axios from 'axios';
import { AxiosTransport } from '../../../electron/platform/node/axios-transport';
import { GATEWAY_WAIT_DEFAULT_MS, GATEWAY_WAIT_MAX_MS, httpGatewaySettings } from '../../../server/sms/http-gateway';

/** How long the station waits for the server: the timeout its transport hands axios by default. */
function stationWaitMs(): number {
  const create = vi.spyOn(axios, 'create');
  try {
    new AxiosTransport();
    const timeout = create.mock.calls[0]?.[0]?.timeout;
    if (typeof timeout !== 'number') throw new Error('the transport names no timeout');
    return timeout;
  } finally {
    create.mockRestore();
  }
}

const settings = { SMS_GATEWAY: 'twilio', SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'k', SMS_FROM: 'PD' } as const;
/** Time the server needs past the gateway's wait to record the message and answer, on a busy machine. */
const ANSWER_MARGIN_MS = 4_000;

describe('the SMS gateway’s wait and the station’s', () => {
  it('the gateway gives up clearly before the station does, so a gateway time-out reaches the cashier as one', () => {
    const station = stationWaitMs();
    expect(GATEWAY_WAIT_DEFAULT_MS).toBeLessThanOrEqual(station - ANSWER_MARGIN_MS);
    expect(GATEWAY_WAIT_MAX_MS).toBeLessThanOrEqual(station - ANSWER_MARGIN_MS);
    expect(httpGatewaySettings.parse(settings).SMS_TIMEOUT_MS).toBe(GATEWAY_WAIT_DEFAULT_MS);
  });

  it('a configured SMS_TIMEOUT_MS at or past the station’s wait is held below it', () => {
    const station = stationWaitMs();
    for (const configured of [String(station), '60000']) {
      const wait = httpGatewaySettings.parse({ ...settings, SMS_TIMEOUT_MS: configured }).SMS_TIMEOUT_MS;
      expect(wait).toBeLessThanOrEqual(station - ANSWER_MARGIN_MS);
    }
    expect(httpGatewaySettings.parse({ ...settings, SMS_TIMEOUT_MS: '3000' }).SMS_TIMEOUT_MS).toBe(3000);
  });
});

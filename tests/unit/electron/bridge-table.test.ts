import { describe, expect, it, vi } from 'vitest';
import { InvalidBridgeArgument, servedFrom, type TypedHandlers } from '../../../electron/ipc/handlers';
import { BRIDGE_CHANNELS } from '../../../shared/ipc';

/** Handlers that only record what they were given. */
function recording() {
  const seen = vi.fn(async (arg: unknown) => arg);
  return {
    seen,
    handlers: servedFrom(Object.fromEntries(BRIDGE_CHANNELS.map((c) => [c, seen])) as unknown as TypedHandlers),
  };
}

describe('the bridge table checks every argument in one place', () => {
  it('hands a handler the argument as the table parses it, defaults filled in', async () => {
    const { seen, handlers } = recording();
    await handlers['pos:print-receipt']({ saleId: 7 });
    expect(seen).toHaveBeenCalledWith({ saleId: 7, drawer: false });
  });

  it('never runs a handler with a bad argument: the channel answers as its table line says', async () => {
    const { seen, handlers } = recording();
    await expect(handlers['pos:print-receipt']({ saleId: 0 })).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect(await handlers['pos:auth-login']({ login: '', password: '' })).toMatchObject({
      status: false,
      errors: expect.any(Array),
    });
    expect(await handlers['pos:api-call']({})).toEqual({ status: false, message: 'VALIDATION_FAILED' });
    expect(seen).not.toHaveBeenCalled();
  });
});

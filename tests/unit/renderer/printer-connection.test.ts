import { describe, expect, it } from 'vitest';
import { addressOf, connectionOf, noConnection } from '../../../renderer/features/settings/printer-connection';

describe('the receipt printer fields of the settings screen', () => {
  it('take a network printer with or without tcp://, port 9100 by default', () => {
    expect(addressOf({ ...noConnection, network: ' 192.168.1.50 ' })).toBe('tcp://192.168.1.50:9100');
    expect(addressOf({ ...noConnection, network: 'TCP://192.168.1.50:9101' })).toBe('tcp://192.168.1.50:9101');
    expect(connectionOf('tcp://192.168.1.50')).toMatchObject({ kind: 'network', network: 'tcp://192.168.1.50:9100' });
  });

  it('take a printer shared on this computer by its share name, or one on another computer by its UNC path', () => {
    expect(addressOf({ ...noConnection, kind: 'shared', share: 'POS80' })).toBe('\\\\localhost\\POS80');
    expect(addressOf({ ...noConnection, kind: 'shared', share: '\\\\FRONT-PC\\POS80' })).toBe('\\\\FRONT-PC\\POS80');
    expect(connectionOf('\\\\localhost\\POS80')).toMatchObject({ kind: 'shared', share: 'POS80' });
    expect(connectionOf('\\\\FRONT-PC\\POS80')).toMatchObject({ kind: 'shared', share: '\\\\FRONT-PC\\POS80' });
  });

  it('take a serial port and its speed', () => {
    expect(addressOf({ ...noConnection, kind: 'serial', serialPort: 'com4', baudRate: 38400 })).toBe('COM4@38400');
    expect(connectionOf('COM4@38400')).toMatchObject({ kind: 'serial', serialPort: 'COM4', baudRate: 38400 });
  });

  it('a blank field is no printer; a field that names none is invalid', () => {
    expect(addressOf({ ...noConnection, kind: 'serial', serialPort: '  ', network: 'tcp://x' })).toBeNull();
    expect(addressOf({ ...noConnection, network: 'not a printer' })).toBe('invalid');
    expect(addressOf({ ...noConnection, kind: 'shared', share: 'a/b' })).toBe('invalid');
    expect(addressOf({ ...noConnection, kind: 'serial', serialPort: 'LPT1' })).toBe('invalid');
    expect(connectionOf(null)).toEqual(noConnection);
  });
});

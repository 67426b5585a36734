import { describe, expect, it } from 'vitest';
import { printerAddress, printerTarget } from '../../../shared/domain/printer-address';

describe('a receipt printer address', () => {
  it('names a network printer, port 9100 when none is given', () => {
    expect(printerTarget('tcp://192.168.1.50:9101')).toEqual({ kind: 'network', host: '192.168.1.50', port: 9101 });
    expect(printerTarget('tcp://pos-printer.local')).toEqual({
      kind: 'network',
      host: 'pos-printer.local',
      port: 9100,
    });
  });

  it('names a printer shared by Windows, by computer and share name', () => {
    expect(printerTarget('\\\\localhost\\POS-80 Front')).toEqual({
      kind: 'shared',
      computer: 'localhost',
      share: 'POS-80 Front',
    });
  });

  it('names a serial port and its speed; COM ports in capitals', () => {
    expect(printerTarget('com3@9600')).toEqual({ kind: 'serial', path: 'COM3', baudRate: 9600 });
    expect(printerTarget('/dev/ttyUSB0@115200')).toEqual({ kind: 'serial', path: '/dev/ttyUSB0', baudRate: 115200 });
  });

  it('refuses what names no printer', () => {
    for (const bad of [
      '',
      'not a printer',
      'tcp://',
      'tcp://host:0',
      'tcp://host:70000',
      'http://192.168.1.50:9100',
      '\\\\localhost\\',
      '\\\\localhost\\a/b',
      '\\\\localhost\\ padded ',
      '\\\\localhost\\bell\u0007',
      '\\\\\\share',
      'COM3',
      'COM3@1234',
      'LPT1@9600',
      '/etc/passwd@9600x',
      'COM3@9600; rm -rf',
    ]) {
      expect(printerTarget(bad), bad).toBeNull();
    }
  });

  it('refuses a path that climbs out with `..`: the station would write the receipt to whatever file it reaches', () => {
    for (const bad of [
      '/dev/../etc/passwd@9600',
      '/dev/../../home/cashier/.bashrc@9600',
      '/dev/tty/..@9600',
      '\\\\localhost\\..',
    ]) {
      expect(printerTarget(bad), bad).toBeNull();
    }
    expect(printerTarget('/dev/tty..USB0@9600')).toEqual({ kind: 'serial', path: '/dev/tty..USB0', baudRate: 9600 });
  });

  it('reads back what it writes', () => {
    for (const address of ['tcp://10.0.0.7:9100', '\\\\FRONT-PC\\Receipts', 'COM12@38400', '/dev/ttyS0@19200']) {
      expect(printerAddress(printerTarget(address)!)).toBe(address);
    }
  });
});

import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiptOf } from '../../../shared/domain/receipt';
import { receiptSource } from '../../fixtures/receipt-source';
import { drawReceipt } from '../../../electron/services/printing/thermal-receipt';

afterEach(() => vi.restoreAllMocks());

describe('the time on a thermal receipt', () => {
  it('is the branch’s local time: a sale at 23:30 UTC in Asia/Riyadh prints 2026-11-24 02:30', () => {
    // Every line of the receipt is drawn with fillText; the test reads what was written.
    const context = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as {
      fillText: (text: string, x: number, y: number) => void;
    };
    const written = vi.spyOn(context, 'fillText');
    const source = receiptSource({ created_at: '2026-11-23T23:30:00.000Z' });
    drawReceipt(receiptOf({ ...source, branch: { ...source.branch, time_zone: 'Asia/Riyadh' } }), 80);
    const texts = written.mock.calls.map(([text]) => text);
    expect(texts).toContain('2026-11-24 02:30');
    expect(texts.join('\n')).not.toContain('2026-11-23');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartPage } from '../../renderer/features/sales/cart-page';
import { FakeBridge, refuse } from './fake-bridge';
import { juice, tillReads } from './fixtures';
import { renderWithProviders } from './render';

describe('the till in Arabic', () => {
  it('reads right to left, in Arabic words, and says a refusal in Arabic', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({ ...tillReads, 'sale/sale/create': refuse('INSUFFICIENT_STOCK') });
    await renderWithProviders(<CartPage overtimeKids={[]} />, { bridge, language: 'ar' });

    expect(document.documentElement.dir).toBe('rtl');
    const item = (await screen.findByText(juice.name_ar)).closest('li')!;
    // antd lays its parts out right to left too, not only the page's text.
    expect(item.closest('.ant-list-rtl')).not.toBeNull();
    await user.click(within(item).getByRole('button', { name: 'إضافة' }));
    expect(screen.getByTestId('cart-payable').textContent!.replace(/\s+/g, ' ')).toBe('‏11.50 ر.س.‏');

    await user.type(screen.getByRole('spinbutton', { name: 'نقداً' }), '20');
    await user.click(screen.getByRole('button', { name: /إتمام البيع/ }));
    expect(await screen.findByText('الكمية المتوفرة غير كافية.')).toBeTruthy();
  });
});

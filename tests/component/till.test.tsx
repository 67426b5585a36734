import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartPage } from '../../renderer/features/sales/cart-page';
import { FakeBridge, refuse } from './fake-bridge';
import { juice, juiceSale, tillReads } from './fixtures';
import { renderWithProviders } from './render';

/** An element's text as read: Intl writes a no-break space between the currency and the amount. */
const seen = (testId: string) => screen.getByTestId(testId).textContent!.replace(/\s+/g, ' ');

async function addJuice(user: ReturnType<typeof userEvent.setup>) {
  const item = (await screen.findByText(juice.name_en)).closest('li')!;
  await user.click(within(item).getByRole('button', { name: 'Add' }));
}

describe('the till', () => {
  it('sells two juices for cash: the total, then the sale sent as the cashier made it', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({ ...tillReads, 'sale/sale/create': juiceSale(2, 5000) });
    await renderWithProviders(<CartPage overtimeKids={[]} />, { bridge });

    expect(await screen.findByText('The cart is empty. Add products from the list.')).toBeTruthy();
    await addJuice(user);
    expect(seen('cart-payable')).toBe('SAR 11.50');

    const qty = screen.getByRole('spinbutton', { name: `Qty: ${juice.name_en}` });
    await user.clear(qty);
    await user.type(qty, '2');
    await waitFor(() => expect(seen('cart-payable')).toBe('SAR 23.00'));
    expect(screen.getByText('The payment does not cover the amount due yet.')).toBeTruthy();

    await user.type(screen.getByRole('spinbutton', { name: 'Cash' }), '50');
    expect(await screen.findByText('Change: SAR 27.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Complete sale/ }));

    expect(await screen.findByText('Sale completed: invoice #42')).toBeTruthy();
    expect(bridge.bodiesOf('sale/sale/create')).toEqual([
      {
        cart: [{ product: { id: juice.id, qty: 2 } }],
        bulk_overtime_session_id: [],
        coupon_id: null,
        salesData: { payments: { cash: 5000, pos: 0, pos_reference: null }, branch_id: null },
        parentInfo: null,
      },
    ]);
    // The next customer's cart starts empty.
    expect(screen.queryByTestId('cart-payable')).toBeNull();
  });

  it('F9 on a cart paid in full completes the sale', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({ ...tillReads, 'sale/sale/create': juiceSale(1, 1150) });
    await renderWithProviders(<CartPage overtimeKids={[]} />, { bridge });
    await addJuice(user);
    await user.type(screen.getByRole('spinbutton', { name: 'Cash' }), '11.5');
    await user.keyboard('{F9}');
    expect(await screen.findByText('Sale completed: invoice #42')).toBeTruthy();
    expect(bridge.bodiesOf('sale/sale/create')).toHaveLength(1);
  });

  it('shows the server’s refusal in words and keeps the cart', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({ ...tillReads, 'sale/sale/create': refuse('INSUFFICIENT_STOCK') });
    await renderWithProviders(<CartPage overtimeKids={[]} />, { bridge });
    await addJuice(user);
    await user.type(screen.getByRole('spinbutton', { name: 'Cash' }), '20');
    await user.click(screen.getByRole('button', { name: /Complete sale/ }));

    expect(await screen.findByText('Not enough stock.')).toBeTruthy();
    expect(seen('cart-payable')).toBe('SAR 11.50');
    expect(screen.queryByText(/Sale completed/)).toBeNull();
  });
});

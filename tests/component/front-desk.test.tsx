import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FrontDeskPage } from '../../renderer/features/front-desk/front-desk-page';
import { FakeBridge, refuse, type ApiTable } from './fake-bridge';
import { family, tillReads } from './fixtures';
import { renderWithProviders } from './render';

const deskReads: ApiTable = {
  'branch/list': tillReads['branch/list'],
  'parent/search': [family],
  'sale/kidslist': [],
  'kids/checkedinlist': { rows: [], total: 0, page: 1, perPage: 50 },
  // Whether one-time codes can be texted (the parent's verification).
  'settings/sms/status': { codes: true },
};

/** Finds the family by mobile as the desk does (Enter takes the first match). */
async function serveFamily(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByPlaceholderText('Mobile, name or ID number'), '0500{Enter}');
  return within(await screen.findByTestId('parent-panel'));
}

const kidRow = (panel: ReturnType<typeof within>, name: string) => panel.getByText(name).closest('li')!;

describe('the front desk check-in', () => {
  it('checks in the kids ticked, with the badge scanned', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({ ...deskReads, 'parent/kids/checkin': [] });
    await renderWithProviders(<FrontDeskPage />, { bridge });

    const panel = await serveFamily(user);
    // Both kids are out, so both are ticked; Omar stays home.
    await user.click(within(kidRow(panel, 'Omar')).getByRole('checkbox'));
    expect(panel.getByRole('button', { name: /Check in \(1\)/ })).toBeTruthy();
    await user.type(panel.getByPlaceholderText('Scan or type the badge, then Enter'), 'B-17{Enter}');

    expect(await screen.findByText('Check-in done.')).toBeTruthy();
    expect(bridge.bodiesOf('parent/kids/checkin')).toEqual([
      { parent_id: 11, badge: 'B-17', kidsList: [21], override_banned: false, branch_id: null },
    ]);
  });

  it('says why nothing can go in yet, then shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({ ...deskReads, 'parent/kids/checkin': refuse('BADGE_IN_USE') });
    await renderWithProviders(<FrontDeskPage />, { bridge });

    const panel = await serveFamily(user);
    expect(panel.getByText('Scan or type the badge.')).toBeTruthy();
    await user.type(panel.getByPlaceholderText('Scan or type the badge, then Enter'), 'B-9');
    await user.click(panel.getByRole('button', { name: /Check in \(2\)/ }));

    expect(await screen.findByText('This badge is on a kid who is still inside. Use another badge.')).toBeTruthy();
    expect(bridge.bodiesOf('parent/kids/checkin')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SupervisorPage } from '../../renderer/features/supervisor/supervisor-page';
import { FakeBridge } from './fake-bridge';
import { jungle, lego, linaInRoom, supervisorAt } from './fixtures';
import { renderWithProviders } from './render';

describe('the supervisor at the room door', () => {
  it('lists their rooms, logs into one, and lets a kid in by her wristband', async () => {
    const user = userEvent.setup();
    // What the server holds: the room logged into, and who is in it.
    let state = supervisorAt(null);
    const bridge = new FakeBridge({
      'room/supervisor': () => state,
      'room/supervisor/roomlist': [jungle, lego],
      'room/supervisor/login': ({ room_id }) => (state = supervisorAt(room_id === jungle.id ? jungle : lego)),
      'supervisor/badge': [
        {
          kid_id: 21,
          kid_name_en: 'Lina',
          kid_name_ar: 'لينا',
          parent_id: 11,
          badge: 'B-17',
          banned: false,
          birth_date: '2019-04-02',
          room_id: null,
        },
      ],
      'supervisor/checkin': () => {
        state = supervisorAt(jungle, [linaInRoom]);
        return { ...linaInRoom, room_id: jungle.id, moved_from: null };
      },
    });
    await renderWithProviders(<SupervisorPage />, { bridge });

    expect(await screen.findByText('Which room are you in?')).toBeTruthy();
    expect(await screen.findByText('Lego corner')).toBeTruthy();
    expect(screen.getByText('2 of 10')).toBeTruthy();
    await user.click(screen.getByText('Jungle gym'));

    expect(await screen.findByRole('heading', { name: 'Jungle gym' })).toBeTruthy();
    expect(screen.getByText('No kids in the room. Scan a wristband to let a kid in.')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Scan a wristband' }), 'B-17{Enter}');

    expect(await screen.findByText('Check-in done.')).toBeTruthy();
    const kids = within(await screen.findByTestId('room-kids'));
    expect(kids.getByText('Lina')).toBeTruthy();
    expect(screen.getByText('1 of 10')).toBeTruthy();
    expect(bridge.bodiesOf('supervisor/checkin')).toEqual([{ kid_id: 21, room_id: jungle.id, badge: 'B-17' }]);
  });
});

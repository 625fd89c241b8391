import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, callsTo } from '../../../test/api';
import { api, field, mockObjectUrls, newUserProfile, renderProfile } from '../../../test/profile-page';

mockObjectUrls();

describe('address suggestions', () => {
  const lekki = { description: 'Lekki, Lagos, Nigeria', place_id: 'sandbox-lekki-lagos' };
  const lekkiPhase1 = {
    description: 'Lekki Phase 1, Lagos, Nigeria',
    place_id: 'sandbox-lekki-phase-1-lagos',
  };

  it('suggests addresses as the user types and clears them when the input is emptied', async () => {
    api(newUserProfile, {
      'GET /api/places/autocomplete': answer.ok({ predictions: [lekki, lekkiPhase1] }),
    });
    const { user } = await renderProfile();
    // Typed without a pause between the keys (no delay lets a timer run between them), so that a busy machine
    // cannot make the pause the debounce waits for.
    await userEvent.setup({ delay: null }).type(field('Address'), 'Lek');
    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    // Asked once the typing paused, not for every letter.
    const calls = callsTo('GET', '/api/places/autocomplete');
    expect(calls.map(({ searchParams }) => searchParams.get('input'))).toEqual(['Lek']);

    await user.clear(field('Address'));
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
  });

  it('fills the address, city, state and country from the chosen suggestion', async () => {
    api(newUserProfile, { 'GET /api/places/autocomplete': answer.ok({ predictions: [lekki, lekkiPhase1] }) });
    const { user } = await renderProfile();
    await user.type(field('Address'), 'Lek');
    await screen.findByRole('listbox', { name: 'Address suggestions' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field('Address')).toHaveValue('Lekki, Lagos, Nigeria');
    expect(field('City')).toHaveValue('Lekki');
    expect(field('State')).toHaveValue('Lagos');
    expect(field('Country')).toHaveValue('Nigeria');
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
  });

  it('keeps the street and house number typed before the area the user chose', async () => {
    api(newUserProfile, { 'GET /api/places/autocomplete': answer.ok({ predictions: [lekki, lekkiPhase1] }) });
    const { user } = await renderProfile();
    await user.type(field('Address'), '12 Admiralty Way, Lek');
    await screen.findByRole('listbox', { name: 'Address suggestions' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field('Address')).toHaveValue('12 Admiralty Way, Lekki, Lagos, Nigeria');
    expect(field('Street')).toHaveValue('12 Admiralty Way');
    expect(field('City')).toHaveValue('Lekki');
    expect(field('State')).toHaveValue('Lagos');
  });

  it('logs a failed lookup and shows no suggestions', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api(newUserProfile, {
      'GET /api/places/autocomplete': answer.fail(
        500,
        'INTERNAL_ERROR',
        'Something went wrong. Please try again later.',
      ),
    });
    const { user } = await renderProfile();
    await user.type(field('Address'), 'Lek');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again later.')).not.toBeInTheDocument();
  });
});

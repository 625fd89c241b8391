import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox';

const CITIES = ['Abuja', 'Aba', 'Abeokuta', 'Lagos'];

type CityFieldProps = { isMultiline?: boolean; onChoose?: (city: string) => void; onSubmit?: () => void };

// A form with one suggesting field, wired the way the profile's fields are.
function CityForm({ isMultiline = false, onChoose = () => {}, onSubmit = () => {} }: CityFieldProps) {
  const { register, setValue, control } = useForm({ defaultValues: { city: '' } });
  const city = useWatch({ control, name: 'city' });
  const [isOpen, setIsOpen] = useState(false);
  const matches =
    city === '' ? [] : CITIES.filter((name) => name.toLowerCase().startsWith(city.toLowerCase()));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Combobox<string>
        label="City"
        listLabel="Cities"
        items={matches}
        itemKey={(name) => name}
        itemText={(name) => name}
        inputValue={city}
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        onChoose={(name) => {
          setValue('city', name);
          setIsOpen(false);
          onChoose(name);
        }}
        isMultiline={isMultiline}
        fieldProps={{ ...register('city', { onChange: () => setIsOpen(true) }) }}
      />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(props: CityFieldProps = {}) {
  const user = userEvent.setup();
  render(<CityForm {...props} />);
  // ARIA in HTML: a textarea may not be a combobox; it stays a textbox.
  return { user, field: screen.getByRole(props.isMultiline ? 'textbox' : 'combobox', { name: 'City' }) };
}

const optionNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('Combobox', () => {
  it('is a combobox that opens a named list of options as the user types', async () => {
    const { user, field } = renderForm();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(field).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(field, 'ab');
    const list = screen.getByRole('listbox', { name: 'Cities' });
    expect(optionNames(list)).toEqual(['Abuja', 'Aba', 'Abeokuta']);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
    // Nothing is highlighted until the arrows move.
    expect(field).not.toHaveAttribute('aria-activedescendant', expect.stringMatching(/.+/));
  });

  it('moves through the options with the arrows, wrapping round, and names the highlighted one', async () => {
    const { user, field } = renderForm();
    await user.type(field, 'ab');
    const list = screen.getByRole('listbox', { name: 'Cities' });
    const option = (name: string) => within(list).getByRole('option', { name });

    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', option('Abuja').id);
    expect(option('Abuja')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', option('Abuja').id);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveAttribute('aria-activedescendant', option('Abeokuta').id);
    expect(option('Abuja')).toHaveAttribute('aria-selected', 'false');
    // Focus stays in the field throughout.
    expect(field).toHaveFocus();
  });

  it('chooses the highlighted option with Enter, closes the list and does not submit the form', async () => {
    const onChoose = vi.fn();
    const onSubmit = vi.fn();
    const { user, field } = renderForm({ onChoose, onSubmit });
    await user.type(field, 'ab');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith('Aba');
    expect(field).toHaveValue('Aba');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('leaves Enter to the form when nothing is highlighted', async () => {
    const onChoose = vi.fn();
    const onSubmit = vi.fn();
    const { user, field } = renderForm({ onChoose, onSubmit });
    await user.type(field, 'ab{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(field).toHaveValue('ab');
  });

  it('closes the list with Escape and keeps what was typed, even on a second Escape', async () => {
    const { user, field } = renderForm();
    await user.type(field, 'ab');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant', expect.stringMatching(/.+/));
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('ab');
  });

  it('opens again with the arrows: down on the first option, up on the last', async () => {
    const { user, field } = renderForm();
    await user.type(field, 'ab{Escape}');
    await user.keyboard('{ArrowDown}');
    let list = screen.getByRole('listbox', { name: 'Cities' });
    expect(field).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Abuja' }).id,
    );
    await user.keyboard('{Escape}{ArrowUp}');
    list = screen.getByRole('listbox', { name: 'Cities' });
    expect(field).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Abeokuta' }).id,
    );
  });

  it('chooses an option with a click, and a click in the field does not open the list', async () => {
    const onChoose = vi.fn();
    const { user, field } = renderForm({ onChoose });
    await user.type(field, 'ab');
    await user.click(screen.getByRole('option', { name: 'Abeokuta' }));
    expect(onChoose).toHaveBeenCalledWith('Abeokuta');
    expect(field).toHaveValue('Abeokuta');
    expect(field).toHaveFocus();
    await user.click(field);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the list when the field is left, without choosing the highlighted option', async () => {
    const onChoose = vi.fn();
    const { user, field } = renderForm({ onChoose });
    await user.type(field, 'ab{ArrowDown}');
    await user.tab();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    expect(field).toHaveValue('ab');
  });

  it('chooses the same option again after the text was changed', async () => {
    const onChoose = vi.fn();
    const { user, field } = renderForm({ onChoose });
    await user.type(field, 'ab{ArrowDown}{Enter}');
    await user.type(field, '{Backspace}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledTimes(2);
    expect(field).toHaveValue('Abuja');
  });

  it('as a textarea, is a textbox that suggests: no combobox role, the list and highlight named', async () => {
    const { user, field } = renderForm({ isMultiline: true });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(field).toHaveAttribute('aria-haspopup', 'listbox');
    expect(field).not.toHaveAttribute('aria-expanded');
    expect(field).not.toHaveAttribute('aria-controls');

    await user.type(field, 'ab');
    const list = screen.getByRole('listbox', { name: 'Cities' });
    expect(field).toHaveAttribute('aria-controls', list.id);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Abuja' }).id,
    );
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Abuja');
    expect(field).not.toHaveAttribute('aria-controls');
  });

  it('is a textarea for text that may run over lines, where Enter without a highlight is a new line', async () => {
    const onChoose = vi.fn();
    const { user, field } = renderForm({ isMultiline: true, onChoose });
    expect(field.tagName).toBe('TEXTAREA');
    await user.type(field, 'ab{Enter}');
    expect(field).toHaveValue('ab\n');
    expect(onChoose).not.toHaveBeenCalled();
  });
});

import { useState, type KeyboardEvent } from 'react';

type SuggestionKeysOptions = {
  count: number;
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onChoose: (index: number) => void;
};

// Keyboard use of a suggestion list (WAI-ARIA combobox pattern): arrows move through the suggestions,
// Enter chooses the highlighted one, Escape closes the list. Focus stays in the field throughout.
export function useSuggestionKeys({ count, isOpen, onOpen, onClose, onChoose }: SuggestionKeysOptions) {
  const [activeIndex, setActiveIndex] = useState(-1);
  const active = isOpen && activeIndex < count ? activeIndex : -1;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (!isOpen) {
        onOpen();
        setActiveIndex(event.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      if (event.key === 'ArrowDown') setActiveIndex(active < count - 1 ? active + 1 : 0);
      else setActiveIndex(active > 0 ? active - 1 : count - 1);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      onChoose(active);
      setActiveIndex(-1);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      onClose();
      setActiveIndex(-1);
    }
  }

  return { activeIndex: active, setActiveIndex, onKeyDown };
}

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LANGUAGES, type Language } from '@marketplace/shared/constants';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';
import { toast } from '../../lib/toast';

type LanguageMenuProps = { onChoose?: () => void };

function languageButtons(list: HTMLUListElement | null): HTMLButtonElement[] {
  return Array.from(list?.querySelectorAll('button') ?? []);
}

// spec §2: the language menu (EN, FR, ES). A disclosure button and a list of buttons with Bootstrap's
// dropdown look: arrow keys, Home and End move between the languages, Escape closes and returns to the
// button, and a click or focus outside closes it.
export function LanguageMenu({ onChoose }: LanguageMenuProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const menuId = useId();
  const [isOpen, setOpen] = useState(false);
  const containerRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Which language gets the focus once the list is shown (opened from the keyboard).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  useLayoutEffect(() => {
    if (!isOpen || focusOnOpen.current === null) return;
    const all = languageButtons(listRef.current);
    (focusOnOpen.current === 'first' ? all[0] : all[all.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  function closeAndReturnFocus() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function onChooseLanguage(chosen: Language) {
    closeAndReturnFocus();
    onChoose?.();
    changeLanguage(chosen).catch(() => toast.error(() => t('network.unreachable')));
  }

  function onToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const target = event.key === 'ArrowDown' ? 'first' : 'last';
    if (isOpen) {
      const all = languageButtons(listRef.current);
      (target === 'first' ? all[0] : all[all.length - 1])?.focus();
    } else {
      focusOnOpen.current = target;
      setOpen(true);
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeAndReturnFocus();
      return;
    }
    const all = languageButtons(listRef.current);
    const index = all.findIndex((item) => item === document.activeElement);
    if (index === -1) return;
    const next = {
      ArrowDown: (index + 1) % all.length,
      ArrowUp: (index - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  }

  return (
    <li
      ref={containerRef}
      className="nav-item dropdown"
      onBlur={(event) => {
        // Tabbing out of the menu closes it. (A click outside is handled above; some browsers do not
        // focus a clicked button, so a blur towards nothing must not close the list under the pointer.)
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={`nav-link dropdown-toggle${isOpen ? ' show' : ''}`}
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpen(!isOpen)}
        onKeyDown={onToggleKeyDown}
      >
        <span aria-hidden="true">{language.toUpperCase()}</span>
        <span className="visually-hidden">
          {t('language.menuLabel', { language: t(`language.${language}`) })}
        </span>
      </button>
      {/* data-bs-popper="static": Bootstrap's own placement for a dropdown inside a navbar. */}
      <ul
        ref={listRef}
        id={menuId}
        className={`dropdown-menu dropdown-menu-end${isOpen ? ' show' : ''}`}
        data-bs-popper="static"
        hidden={!isOpen}
        onKeyDown={onListKeyDown}
      >
        {LANGUAGES.map((option) => (
          <li key={option}>
            <button
              type="button"
              lang={option}
              className={`dropdown-item${option === language ? ' active' : ''}`}
              aria-current={option === language ? 'true' : undefined}
              onClick={() => onChooseLanguage(option)}
            >
              {option.toUpperCase()} · {t(`language.${option}`)}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}

type SuggestionListProps<T> = {
  id: string;
  label: string;
  items: readonly T[];
  activeIndex: number;
  getKey: (item: T) => string;
  getText: (item: T) => string;
  onChoose: (index: number) => void;
  onHighlight: (index: number) => void;
};

export function optionId(listId: string, index: number): string | undefined {
  return index >= 0 ? `${listId}-option-${index}` : undefined;
}

// The list under a field with suggestions. Clicking keeps the focus in the field (mousedown is held
// back), so the field's blur does not close the list before the click lands.
export function SuggestionList<T>({
  id,
  label,
  items,
  activeIndex,
  getKey,
  getText,
  onChoose,
  onHighlight,
}: SuggestionListProps<T>) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="list-group suggestion-list shadow-sm">
      {items.map((item, index) => (
        <li
          key={getKey(item)}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={`list-group-item list-group-item-action${index === activeIndex ? ' active' : ''}`}
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHighlight(index)}
          onClick={() => onChoose(index)}
        >
          {getText(item)}
        </li>
      ))}
    </ul>
  );
}

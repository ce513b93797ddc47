import { useRef, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA tabs pattern, once for every tab list: selection follows focus, the arrow keys, Home and End
 * move between tabs. The caller keeps which tab is selected; this gives each tab and panel its attributes.
 */
export function useTabs<Id extends string>(options: {
  ids: readonly Id[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Makes the element ids unique on the page: `${idPrefix}-tab-${id}`, `${idPrefix}-panel-${id}`. */
  idPrefix: string;
}) {
  const { ids, selected, onSelect, idPrefix } = options;
  const tabElements = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${idPrefix}-tab-${id}`;
  const panelId = (id: Id) => `${idPrefix}-panel-${id}`;

  const moveTo = (index: number) => {
    const id = ids[(index + ids.length) % ids.length];
    if (id === undefined) return;
    onSelect(id);
    tabElements.current.get(id)?.focus();
  };

  return {
    tabProps: (id: Id, index: number) => ({
      ref: (element: HTMLButtonElement | null) => {
        if (element) tabElements.current.set(id, element);
        else tabElements.current.delete(id);
      },
      type: 'button' as const,
      role: 'tab',
      id: tabId(id),
      'aria-selected': id === selected,
      'aria-controls': panelId(id),
      tabIndex: id === selected ? 0 : -1,
      onClick: () => onSelect(id),
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        const moves: Record<string, number> = {
          ArrowRight: index + 1,
          ArrowLeft: index - 1,
          Home: 0,
          End: ids.length - 1,
        };
        const target = moves[event.key];
        if (target === undefined) return;
        event.preventDefault();
        moveTo(target);
      },
    }),
    panelProps: (id: Id) => ({
      role: 'tabpanel',
      id: panelId(id),
      'aria-labelledby': tabId(id),
      hidden: id !== selected,
    }),
  };
}

import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Tab = styled.button<{ $active: boolean }>`
  background: none;
  border: none;
  border-bottom: 2px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.colors.text : theme.colors.textMuted)};
  font-weight: 600;
  padding: 8px 12px;
  cursor: pointer;
  white-space: nowrap;
  ${focusRing}
`;

export interface TabsProps {
  items: TabItem[];
  value: string;
  onValueChange: (id: string) => void;
  /** Names the tab list for screen readers. */
  label: string;
}

/** WAI-ARIA tabs: arrow keys move between tabs, only the active tab is in the tab order. */
export function Tabs({ items, value, onValueChange, label }: TabsProps) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.id === value),
  );

  function onKeyDown(event: KeyboardEvent) {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (activeIndex + delta + items.length) % items.length;
    onValueChange(items[next].id);
    refs.current[next]?.focus();
  }

  const active = items[activeIndex];
  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <Tab
            key={item.id}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.id}`}
            aria-selected={index === activeIndex}
            aria-controls={`${baseId}-panel-${item.id}`}
            tabIndex={index === activeIndex ? 0 : -1}
            $active={index === activeIndex}
            onClick={() => onValueChange(item.id)}
          >
            {item.label}
          </Tab>
        ))}
      </List>
      {active ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
        >
          {active.content}
        </div>
      ) : null}
    </div>
  );
}

import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { KeyboardEventHandler } from 'react';

/**
 * A board card moves under the pointer from anywhere on it, but from the keyboard only through its
 * handle, so its name stays a plain button: the pointer listeners go on the card, the drag
 * attributes and the key listener on the handle.
 */
export function dragHandleProps(
  attributes: DraggableAttributes,
  listeners: DraggableSyntheticListeners,
  setActivatorNodeRef: (element: HTMLElement | null) => void,
) {
  const { onKeyDown, ...card } = listeners ?? {};
  return {
    card,
    handle: {
      ref: setActivatorNodeRef,
      type: 'button' as const,
      ...attributes,
      onKeyDown: onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined,
    },
  };
}

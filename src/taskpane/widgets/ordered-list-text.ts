/**
 * What a screen reader hears after a move or a removal in an ordered list: the focus stays on
 * a button whose name does not say where the entry now stands.
 */
export function movedAnnouncement(label: string, position: number, count: number): string {
  return `${label} is now ${position} of ${count}.`;
}

export function removedAnnouncement(label: string, left: number): string {
  if (left === 0) return `${label} removed; the list is empty.`;
  return `${label} removed; ${left} left.`;
}

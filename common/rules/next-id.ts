/** Items without an id get the next id after the highest existing one (spec section 3). */
export function assignMissingIds<T extends { id?: number | null }>(items: T[]): Array<T & { id: number }> {
  let highest = items.reduce((max, item) => (typeof item.id === 'number' && item.id > max ? item.id : max), 0);
  return items.map((item) => (typeof item.id === 'number' ? (item as T & { id: number }) : { ...item, id: ++highest }));
}

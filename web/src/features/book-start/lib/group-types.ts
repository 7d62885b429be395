type TypeRow = { id: number; name: string; description: string; group_id: number; is_group_title: boolean };

/** Group title rows followed by their types → groups (types before any title form an untitled group). */
export function groupTypes<T extends TypeRow>(rows: T[]): Array<{ title: T | null; types: T[] }> {
  const groups: Array<{ title: T | null; types: T[] }> = [];
  for (const row of rows) {
    if (row.is_group_title) groups.push({ title: row, types: [] });
    else {
      const group = groups.find((g) => g.title?.group_id === row.group_id) ?? groups[groups.length - 1];
      if (group) group.types.push(row);
      else groups.push({ title: null, types: [row] });
    }
  }
  return groups.filter((g) => g.types.length > 0);
}

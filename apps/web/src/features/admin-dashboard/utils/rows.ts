/** Rows of every loaded page, each once (a row can move between pages while the list polls). */
export function uniqueRows<Row>(pages: readonly (readonly Row[])[], idOf: (row: Row) => string): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const page of pages) {
    for (const row of page) {
      const id = idOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
  }
  return rows;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

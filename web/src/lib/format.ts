/** Russian formats: long dates, one-decimal ratings (rubles: formatRubles of the contract). */
const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const oneDecimal = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Average rating with one decimal, or a dash when there is none yet. */
export function formatRating(value: number): string {
  return value > 0 ? oneDecimal.format(value) : '—';
}

/** The Russian noun form for a count: pluralRu(1, 'источник', 'источника', 'источников'). */
export function pluralRu(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

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

/**
 * Which of the agenda's days show (today first, so a phone need not scroll past days gone): in the period that holds today it starts today
 * (in the person's time zone: `today` is the server's day there), the days before behind a button;
 * a past or future period shows whole. `busy`: the period's days that hold something, in order.
 */
export function agendaDays(busy: readonly string[], period: readonly string[], today: string, showEarlier: boolean): { shown: string[]; earlier: number } {
  if (showEarlier || !period.includes(today)) return { shown: [...busy], earlier: 0 };
  const shown = busy.filter((d) => d >= today);
  return { shown, earlier: busy.length - shown.length };
}

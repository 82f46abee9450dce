/** The calendar date (YYYY-MM-DD) this many days from today: the demo's dates move with the day it is seeded. */
export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

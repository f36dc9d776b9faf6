/** How the analytics tabs write dates and words. */
export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
export const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

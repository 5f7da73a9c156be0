const two = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm` in the server's time zone: how times read in watermarks and messages. */
export const formatMinute = (date: Date) =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;

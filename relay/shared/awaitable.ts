/** A value now or later: SQLite answers synchronously, Redis does not; callers always `await`. */
export type Awaitable<T> = T | Promise<T>;
